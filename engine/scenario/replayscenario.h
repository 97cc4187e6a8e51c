#pragma once
// The scenario that replays an imported log through the advisor's recommendations: the log
// as its traffic source (streamed, keyed as the import keyed it), one algorithm per
// recommendation with its parameters, starting at the log's first request so every request
// keeps its UTC time and windows fall where the advisor's replay put them. Run, it allows
// exactly what the advisor counted: requests minus requestsRejected, per algorithm
// (gui-guide.md 4.3 [Replay], design.md section 7).

#include "engine/advisor/advisor.h"
#include "engine/logs/importoptions.h"
#include "engine/scenario/scenario.h"

#include <optional>
#include <string>

namespace ratelab {

// `path`: the log the advisor's requests were imported from, with `log` the options of that
// import (the format may be the detected one); without them, a decide-format trace. Throws
// std::invalid_argument when `result` has no requests.
Scenario replayScenario(const AdvisorResult& result, const std::string& path, const std::optional<ImportOptions>& log);

}  // namespace ratelab
