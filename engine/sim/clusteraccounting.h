#pragma once
// What a cluster lane counts of each decision: the figures every lane keeps (LaneMetrics),
// the cluster's own (ClusterStats, report.h: per instance, by arrival, during outages), the
// cost admitted beyond the global limit and the cost rejected wrongly, each against an exact
// limiter in true time, and the latency from arrival to decision.

#include "engine/cluster/clusterspec.h"
#include "engine/metrics/delayhistogram.h"
#include "engine/sim/lanemetrics.h"

#include <functional>
#include <memory>
#include <optional>

namespace ratelab {

// One decision as the accounting counts it: `t` is its true time, which may fall just past the
// scenario's end (a call still in flight there); the report counts those in the last bucket.
// `arrivedAt` is when the request reached `instance`, `by` what decided it.
struct ClusterDecided {
    KeyId key;
    SimTime t;
    std::uint32_t cost;
    bool allowed;
    SimTime arrivedAt;
    std::uint32_t instance;
    ClusterDecider by;
};

class ClusterAccounting {
public:
    // The report of `spec` run as `built` on `cluster` (its store and policy as this lane has
    // them); `windowStarts` per instance, as ClusterStats has them.
    ClusterAccounting(const AlgorithmSpec& spec, const Scenario& scenario, const BuiltLimiter& built, KeyStrategy keys,
                      const NominalLimit& nominal, const ClusterSpec& cluster, std::vector<std::vector<SimTime>> windowStarts);

    AlgorithmReport& report() { return m_metrics.report(); }
    ClusterStats& stats() { return *m_metrics.report().cluster; }
    void setObserver(std::function<void(const ClusterDecided&)> observer) { m_observer = std::move(observer); }

    // Whether one exact limiter of the same algorithm, deciding every request of the lane
    // itself in true time, admits `cost` of `key` at true time `t`. Asked when the store
    // decides, not when the answer is back, so that a store that decides alone on its own
    // clock makes exactly its decisions and never rejects wrongly.
    bool exactAllows(KeyId key, SimTime t, std::uint32_t cost);

    // A request that reached `instance` at `arrivedAt`; `exactAllows` when the store decided.
    struct Call {
        KeyId key;
        std::uint32_t instance;
        std::uint32_t cost;
        SimTime arrivedAt;
        std::optional<bool> exactAllows;
    };
    // `call` decided `d` at true time `decidedAt`, by the failure policy or not.
    void record(SimTime decidedAt, const Call& call, const Decision& d, bool byPolicy);

    // The figures once every decision is counted; the breakers opened `breakerOpenings` times.
    void finish(const LaneKeys& keys, std::int64_t breakerOpenings);

private:
    ClusterDecider deciderOf(bool byPolicy) const;

    const Scenario& m_scenario;
    SimTime m_end;
    NominalLimit m_nominal;
    StoreMode m_mode;
    FailurePolicy m_policy;
    std::unique_ptr<RateLimiter> m_reference;     // the global limit, fed what the cluster admitted
    std::unique_ptr<RateLimiter> m_exactLimiter;  // the global limit deciding every request itself
    LaneMetrics m_metrics;
    DelayHistogram m_decisionLatency;
    std::function<void(const ClusterDecided&)> m_observer;
};

}  // namespace ratelab
