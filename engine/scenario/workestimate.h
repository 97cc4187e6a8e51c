#pragma once
// How much work a scenario asks for, estimated before it runs: the fresh requests its
// synthetic sources generate over the duration (rate x duration, and each shape's own
// integral), times the algorithms that decide each one. A run above kMaxDecisions is
// refused unless the caller allows it (ratelab-cli run --allow-large), so a typo such as
// "1000000/us" is an error with the estimate, not a run that takes days.
//
// Replayed traces and logs are not counted (their length is the file's); nor are the retries
// of closed-loop clients, which add up to max_retries per rejected request.
//
// Memory is estimated the same way, as it follows the population rather than the requests:
// per-key arrays grow to hold the highest key id that sends, which with uniform popularity is
// about every key the strategy can name, however few requests there are (a 1 KB scenario of
// 1,000 requests over 50 million clients took 3 GiB). A run whose estimate is above
// kMaxStateBytes is refused the same way, naming population.clients.

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

inline constexpr double kMaxStateBytes = 2.0 * (std::int64_t{1} << 30);

struct MemoryEstimate {
    double populationBytes = 0;   // the clients' addresses, tiers and popularity
    double laneBytes = 0;         // every lane's per-key state, counters and twins, at their largest
    std::size_t largestLane = 0;  // the index of the lane that holds the most
    double largestLaneBytes = 0;
    double largestLaneKeys = 0;
    double bytes() const { return populationBytes + laneBytes; }
};

// About what the run reaches when every key sends (the arrays' growth makes it vary by up to
// 1.5x either way).
MemoryEstimate estimateMemory(const Scenario& scenario);

// The problem when the estimate is above kMaxDecisions (path "traffic") or kMaxStateBytes
// (path "population.clients"), the estimate in its message.
std::optional<ScenarioProblem> workOverCap(const Scenario& scenario);

}  // namespace ratelab
