#pragma once
// The decision in words, with the live numbers, for the Learn view (gui-guide.md 4.2): the same
// rules the algorithm headers state, filled in for one request.

#include "engine/algorithms/decision.h"
#include "engine/algorithms/inspection.h"
#include "engine/core/simtime.h"

#include <string>
#include <vector>

namespace ratelab {

struct ExplainInput {
    std::string family;  // the algorithm family
    std::string algorithm;
    SimTime atUs = 0;    // from the scenario start
    SimTime windowOriginUs = 0;  // the scenario start, to show window bounds relative to it
    Cost cost = 1;
    Decision decision;
    std::vector<StateValue> before;  // state at `at`, just before the decision
    std::vector<StateValue> after;
    std::vector<StateValue> limits;
    std::string params;  // "capacity 10, refill 5/s"
};

std::string explainDecision(const ExplainInput& in);

std::string formatSeconds(Duration us);  // "1.240 s"

} // namespace ratelab
