#pragma once
// The scenario that replays an imported log through the advisor's recommendations
// (engine/advisor/replayscenario.h), for the Logs view's [Replay]: the log streamed as its
// traffic, keyed and parsed as the import did (with the detected format, so the replay need
// not detect again), one algorithm per recommendation. The engine reads the log from disk, so
// a log that is a Qt resource (the bundled sample) is copied once to the cache directory.

#include "app/models/results/logimport.h"
#include "engine/advisor/advisor.h"
#include "engine/scenario/scenario.h"

#include <QString>

#include <optional>

namespace ratelab {

// The replay of `import` through `result`; nothing, with the reason in `error`, when the log
// cannot be put on disk or the result has nothing to replay.
std::optional<Scenario> advisorReplay(const LogImportResult& import, const AdvisorResult& result, QString* error);

}  // namespace ratelab
