#pragma once
// One key's decision history: its requests through one algorithm lane, step by step, for the
// Learn view: each request with its decision and the limiter's state right after it
// (StateValue: name, value, unit, e.g. "tokens" 3.2 tokens, "excess" 4 requests,
// "tat_minus_now" 460000 us). Front ends include engine/engine.h, which brings this.

#include "engine/algorithms/limiter/arithmetic.h"
#include "engine/algorithms/limiter/inspection.h"
#include "engine/cluster/clusterspec.h"
#include "engine/core/runcontrol.h"
#include "engine/scenario/scenario.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ratelab {

// In a cluster scenario, what the cluster itself decided for a request (its first try: the
// cluster does not retry): on which instance, when (from the scenario start; after the store's
// round trips) and by what.
struct ClusterDecision {
    bool allowed = false;
    std::uint32_t instance = 0;
    SimTime decidedUs = 0;
    ClusterDecider by = ClusterDecider::Store;
};

struct KeyStep {
    SimTime atUs = 0;  // from the scenario start
    Cost cost = 1;
    std::int64_t clientId = 0;
    bool retry = false;
    Decision decision;
    std::vector<StateValue> state;  // after the decision
    // The same state at every instant from this decision to the key's next request (or the
    // scenario's end), times from the scenario start (statecurve.h). A limit change in
    // between shows from the next request on; a span with more than kMaxStateBreaks breaks
    // is followed to the last of them only (StateCurve::cut).
    std::vector<StateCurve> curve;
    // Before the decision, times from the scenario start; null for a limiter that gives none.
    std::shared_ptr<const DecisionArithmetic> arithmetic;
    // The cluster's decision when the scenario has a cluster; `decision` and `state` are then
    // one exact limiter's, deciding alone, which the cluster may or may not agree with.
    std::optional<ClusterDecision> cluster;
    // The decision in words: the app writes it from the values above (arithmetic's sentence(),
    // with the app's number words: app/models decisiontext.h); the engine leaves it empty.
    std::string sentence;
};

struct KeyHistory {
    std::string algorithmId;
    std::string key;
    std::vector<KeyStep> steps;
    std::vector<StateValue> limits;  // capacity, burst, limit, window, tau: the dashed lines
    QuotaPolicy policy;              // for the HTTP headers (httpheaders.h)
};

// The index in scenario.algorithms of the algorithm `id`; throws ScenarioError when there is none.
std::size_t laneIndex(const Scenario& scenario, const std::string& id);

// The busiest keys of the scenario's first lane, most requests first (for the key picker).
// Both read the whole traffic, so both refuse a scenario over the work cap as runScenario does.
std::vector<std::string> busiestKeys(const Scenario& scenario, std::size_t count, RunControl& control);

// At most `maxSteps` requests of `key` through the lane `algorithmId`, from its first request
// at or after `fromUs` (from the scenario start; every earlier request is still decided, so
// the state is the run's). Reads the traffic up to the request after the last step. In a
// cluster scenario the same traffic also runs through the cluster, for each step's `cluster`.
KeyHistory keyHistory(const Scenario& scenario, const std::string& algorithmId, const std::string& key, SimTime fromUs,
                      std::size_t maxSteps, RunControl& control);

// The first rejected request of `key` in the lane `algorithmId` at or after `fromUs`: its
// time from the scenario start, or none. Reads the traffic only as far as that request.
std::optional<SimTime> nextRejection(const Scenario& scenario, const std::string& algorithmId, const std::string& key,
                                     SimTime fromUs, RunControl& control);

// A burst of one key: more requests than the lane's quota within its window (QuotaPolicy:
// the limit and its window; a token bucket's capacity and the time it takes to refill from
// empty; a leaky bucket's burst + 1 and the time they take to drain; GCRA's burst and tau).
// Counted from `fromUs`, every attempt (fresh and retries) at its time: the burst is found
// at the first request with more than `quota` requests in the window ending at it, and
// holds every request from the earliest of those up to the window's length after it.
struct KeyBurst {
    SimTime firstUs = 0;  // from the scenario start
    SimTime lastUs = 0;
    std::int64_t requests = 0;
    std::int64_t quota = 0;
    Duration windowUs = 0;
};
std::optional<KeyBurst> nextBurst(const Scenario& scenario, const std::string& algorithmId, const std::string& key,
                                  SimTime fromUs, RunControl& control);

// The key the lane `otherId` gives the first request that the lane `algorithmId` gives `key`
// (under a per-IP lane, the address a user's first request came from): where to look for the
// same traffic in a lane that keys it differently. None when `key` has no request. Reads the
// traffic only as far as that request.
std::optional<std::string> sameRequestKey(const Scenario& scenario, const std::string& algorithmId, const std::string& key,
                                          const std::string& otherId, RunControl& control);

}  // namespace ratelab
