#include "engine/sim/clusteraccounting.h"

#include <algorithm>

namespace ratelab {
namespace {

constexpr const char* kStoreModeNames[] = {"local", "redis_atomic", "redis_get_set", "local_sync",
                                           "cas",   "sql_row_lock", "memcached"};
constexpr const char* kPolicyNames[] = {"fail_open", "fail_closed", "local_fallback"};

}  // namespace

ClusterAccounting::ClusterAccounting(const AlgorithmSpec& spec, const Scenario& scenario, const BuiltLimiter& built,
                                     KeyStrategy keys, const NominalLimit& nominal, const ClusterSpec& cluster,
                                     std::vector<std::vector<SimTime>> windowStarts)
    : m_scenario(scenario), m_end(scenario.start + scenario.duration), m_nominal(nominal), m_mode(cluster.store.mode),
      m_policy(cluster.policy.onFailure), m_reference(built.limiter->clone()), m_exactLimiter(built.limiter->clone()),
      m_metrics(spec, scenario, built, keys, nominal)
{
    const std::size_t n = static_cast<std::size_t>(cluster.instances);
    const std::size_t buckets = report().allowedSeries.size();
    ClusterStats stats;
    stats.instances = cluster.instances;
    stats.store = kStoreModeNames[static_cast<int>(m_mode)];
    stats.policy = kPolicyNames[static_cast<int>(m_policy)];
    stats.instanceRequests.assign(n, 0);
    stats.instanceAllowed.assign(n, 0);
    stats.allowedByArrival.assign(buckets, 0);
    stats.rejectedByArrival.assign(buckets, 0);
    stats.instanceAllowedSeries.assign(n, std::vector<std::int64_t>(buckets, 0));
    stats.overshootSeries.assign(buckets, 0);
    stats.wronglyRejectedSeries.assign(buckets, 0);
    stats.outageAllowedSeries.assign(buckets, 0);
    stats.outageRejectedSeries.assign(buckets, 0);
    stats.instanceWindowStarts = std::move(windowStarts);
    report().cluster = std::move(stats);
}

bool ClusterAccounting::exactAllows(KeyId key, SimTime t, std::uint32_t cost)
{
    return m_exactLimiter->allow(key, t, cost);  // only the flag is read: the allow-only path
}

void ClusterAccounting::record(SimTime decidedAt, const Call& call, const Decision& d, bool byPolicy)
{
    ClusterStats& stats = this->stats();
    const SimTime at = std::min(decidedAt, m_end - 1);
    const auto bucket = static_cast<std::size_t>((at - m_scenario.start) / m_scenario.metrics.bucket);
    // The cluster's own series count by arrival, as the offered load does (report.h).
    const std::size_t arrived =
        std::min(static_cast<std::size_t>((call.arrivedAt - m_scenario.start) / m_scenario.metrics.bucket),
                 stats.allowedByArrival.size() - 1);
    m_decisionLatency.add(decidedAt - call.arrivedAt);
    if (m_observer)
        m_observer(ClusterDecided{call.key, decidedAt, call.cost, d.allowed, call.arrivedAt, call.instance, deciderOf(byPolicy)});
    if (byPolicy) {
        (d.allowed ? stats.allowedDuringOutage : stats.rejectedDuringOutage) += 1;
        (d.allowed ? stats.outageAllowedSeries : stats.outageRejectedSeries)[arrived] += call.cost;
    }
    const bool exact = call.exactAllows ? *call.exactAllows : exactAllows(call.key, decidedAt, call.cost);
    if (!d.allowed) {
        stats.rejectedByArrival[arrived] += call.cost;
        if (exact) {
            stats.wronglyRejected += call.cost;
            stats.wronglyRejectedSeries[arrived] += call.cost;
        }
        m_metrics.rejected(call.cost, bucket, d.retryAfterUs);
        return;
    }
    stats.allowedByArrival[arrived] += call.cost;
    // Beyond the global limit: an exact limiter fed with what the cluster admitted, in true
    // time, would have refused it (only that is read: the allow-only path).
    if (!m_reference->allow(call.key, decidedAt, call.cost)) {
        stats.globalLimitOvershoot += call.cost;
        stats.overshootSeries[arrived] += call.cost;
    }
    ++stats.instanceAllowed[call.instance];
    stats.instanceAllowedSeries[call.instance][arrived] += call.cost;
    // The peak burst: the most the whole cluster admitted for one key, in true time.
    m_metrics.allowed(call.key, decidedAt, call.cost, bucket, m_metrics.admittedBefore(call.key, decidedAt), m_nominal);
}

// What decided a request, for the Learn view's cluster decisions.
ClusterDecider ClusterAccounting::deciderOf(bool byPolicy) const
{
    if (byPolicy) {
        switch (m_policy) {
        case FailurePolicy::FailOpen: return ClusterDecider::FailOpen;
        case FailurePolicy::FailClosed: return ClusterDecider::FailClosed;
        case FailurePolicy::LocalFallback: return ClusterDecider::LocalFallback;
        }
    }
    const bool alone = m_mode == StoreMode::Local || m_mode == StoreMode::LocalSync;
    return alone ? ClusterDecider::Instance : ClusterDecider::Store;
}

void ClusterAccounting::finish(const LaneKeys& keys, std::int64_t breakerOpenings)
{
    m_metrics.finish(keys);
    AlgorithmReport& out = report();
    ClusterStats& stats = *out.cluster;
    stats.roundTripsPerDecision =
        out.requests ? static_cast<double>(stats.storeRoundTrips) / static_cast<double>(out.requests) : 0;
    stats.breakerOpened += breakerOpenings;
    stats.decisionLatencyP50 = m_decisionLatency.percentile(0.5);
    stats.decisionLatencyP99 = m_decisionLatency.percentile(0.99);
    stats.decisionLatencyMax = m_decisionLatency.max();
}

}  // namespace ratelab
