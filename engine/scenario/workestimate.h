#pragma once
// How much work a scenario asks for, estimated before it runs: the fresh requests its
// synthetic sources generate over the duration (rate x duration, and each shape's own
// integral), times the algorithms that decide each one. A run above kMaxDecisions is
// refused unless the caller allows it (ratelab-cli run --allow-large), so a typo such as
// "1000000/us" is an error with the estimate, not a run that takes days.
//
// Replayed traces and logs are not counted (their length is the file's); nor are the retries
// of closed-loop clients, which add up to max_retries per rejected request.

#include "engine/scenario/scenario.h"
#include "engine/scenario/scenarioerror.h"

#include <optional>

namespace ratelab {

// About 3 minutes of single-threaded work at 6 million decisions a second (the bench's
// zipf-10m scenario, 60 million decisions, runs in 10 s).
inline constexpr double kMaxDecisions = 1e9;

struct WorkEstimate {
    double requests = 0;  // from every synthetic source
    std::size_t algorithms = 0;
    std::size_t largestSource = 0;  // the index of the source with the most requests
    double largestRequests = 0;
    double decisions() const { return requests * static_cast<double>(algorithms); }
};

WorkEstimate estimateWork(const Scenario& scenario);

// The problem (path "traffic", the estimate in its message) when the estimate is above
// kMaxDecisions.
std::optional<ScenarioProblem> workOverCap(const Scenario& scenario);

}  // namespace ratelab
