#pragma once
// A scenario's traffic sources (traffic/trafficspec.h), read from JSON with every problem's
// path, and written back. Each kind reads only its own fields: a field its kind does not use
// is a problem, not ignored. Internal to engine/scenario/.

#include "engine/scenario/fieldreader.h"

namespace ratelab {

// The source at `path`; `s` gives the population a fixed client must fall in, `baseDir`
// what a relative file is relative to.
SourceSpec readSource(FieldReader& r, const Json& t, const std::string& path, const Scenario& s, const std::string& baseDir);

Json sourceJson(const SourceSpec& src);

}  // namespace ratelab
