#pragma once
// The Learn view's playground: requests of one key that the user adds, moves and deletes,
// decided by a fresh limiter of one of the scenario's algorithms as `ratelab-cli decide`
// decides a trace (the first request sets a limiter's time origin), with the state, curves and
// arithmetic keyHistory gives. The key alone: no other traffic, no retries, no limit changes,
// one instance; a tiered key takes the algorithm's base parameters.

#include "engine/sim/keyhistory.h"

namespace ratelab {

struct PlayRequest {
    SimTime atUs = 0;  // from the scenario start
    Cost cost = 1;
};

// `requests` in time order (equal times in the order given) through the algorithm
// `algorithmId` of `scenario`; the last step's curve runs to the scenario's end or 1 s past the
// last request, whichever is later. Throws ScenarioError for an unknown id,
// std::invalid_argument for a cost the limiter cannot take.
KeyHistory playKey(const Scenario& scenario, const std::string& algorithmId, const std::string& key,
                   const std::vector<PlayRequest>& requests);

}  // namespace ratelab
