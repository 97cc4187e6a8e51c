#pragma once
// One key's decision history: its requests through one algorithm lane, step by step, for the
// Learn view: each request with its decision and the limiter's state right after it
// (StateValue: name, value, unit, e.g. "tokens" 3.2 tokens, "excess" 4 requests,
// "tat_minus_now" 460000 us). Front ends include engine/engine.h, which brings this.

#include "engine/algorithms/inspection.h"
#include "engine/core/runcontrol.h"
#include "engine/scenario/scenario.h"

#include <string>
#include <vector>

namespace ratelab {

struct KeyStep {
    SimTime atUs = 0;  // from the scenario start
    Cost cost = 1;
    std::int64_t clientId = 0;
    bool retry = false;
    Decision decision;
    std::vector<StateValue> state;  // after the decision
    std::string sentence;           // the decision in words
};

struct KeyHistory {
    std::string algorithmId;
    std::string key;
    std::vector<KeyStep> steps;
    std::vector<StateValue> limits;  // capacity, burst, limit, window, tau: the dashed lines
    QuotaPolicy policy;              // for the HTTP headers (httpheaders.h)
};

// The busiest keys of the scenario's first lane, most requests first (for the key picker).
// Both read the whole traffic, so both refuse a scenario over the work cap as runScenario does.
std::vector<std::string> busiestKeys(const Scenario& scenario, std::size_t count, RunControl& control);

// At most `maxSteps` requests of `key` through the lane `algorithmId`.
KeyHistory keyHistory(const Scenario& scenario, const std::string& algorithmId, const std::string& key,
                      std::size_t maxSteps, RunControl& control);

} // namespace ratelab
