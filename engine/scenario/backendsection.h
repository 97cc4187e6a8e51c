#pragma once
// The scenario's "backend" section (scenario.h's BackendSpec): the workers and the stages of
// the expensive work behind the limiter, read from JSON with every problem's path and written
// back. Internal to engine/scenario/.

#include "engine/scenario/fieldreader.h"

namespace ratelab {

BackendSpec readBackend(FieldReader& r, const Json& o);
Json backendJson(const BackendSpec& b);

}  // namespace ratelab
