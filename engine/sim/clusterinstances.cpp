#include "engine/sim/clusterinstances.h"

#include "engine/report/report.h"

namespace ratelab {

ClusterInstances::ClusterInstances(const ClusterSpec& cluster, SimTime start, const RateLimiter& local,
                                   const RateLimiter& fallback)
    : m_balancer(cluster.balancer)
{
    const std::size_t n = static_cast<std::size_t>(cluster.instances);
    for (std::size_t i = 0; i < n; ++i) {
        m_local.push_back(local.clone());
        m_fallback.push_back(fallback.clone());
        m_fallback.back()->setTimeOrigin(start);
        m_clocks.emplace_back(i < cluster.clocks.size() ? cluster.clocks[i] : ClockSpec{}, start);
        m_breakers.emplace_back(cluster.policy.breakerFailures, cluster.policy.breakerOpenFor);
    }
    m_inFlight.assign(n, 0);
}

std::uint32_t ClusterInstances::pick(KeyId key, RandomStream& rng)
{
    const auto n = static_cast<std::uint64_t>(m_clocks.size());
    switch (m_balancer) {
    case Balancer::RoundRobin: return static_cast<std::uint32_t>(m_roundRobin++ % n);
    case Balancer::Random: return static_cast<std::uint32_t>(rng.below(n));
    case Balancer::Hash: return static_cast<std::uint32_t>(mixSeed(key, 0) % n);  // splitmix64 of the key id
    case Balancer::LeastLoaded: {
        // Fewest store calls in flight; ties go round the instances in turn.
        const std::uint64_t first = m_roundRobin++ % n;
        std::uint64_t best = first;
        for (std::uint64_t k = 1; k < n; ++k) {
            const std::uint64_t i = (first + k) % n;
            if (m_inFlight[i] < m_inFlight[best])
                best = i;
        }
        return static_cast<std::uint32_t>(best);
    }
    }
    return 0;
}

std::int64_t ClusterInstances::breakerOpenings() const
{
    std::int64_t opened = 0;
    for (const CircuitBreaker& b : m_breakers)
        opened += b.timesOpened();
    return opened;
}

std::vector<std::vector<SimTime>> ClusterInstances::windowStarts(Duration windowUs, SimTime start, SimTime end,
                                                                 bool storeClock) const
{
    std::vector<std::vector<SimTime>> out;
    const InstanceClock trueClock({}, start);
    for (const InstanceClock& clock : m_clocks) {
        std::vector<SimTime> starts =
            (storeClock ? trueClock : clock).windowStarts(windowUs, start, end, ClusterStats::kMaxWindowStarts);
        for (SimTime& t : starts)
            t -= start;
        out.push_back(std::move(starts));
    }
    return out;
}

}  // namespace ratelab
