#pragma once
// The instances of a cluster lane behind their load balancer: each one's clock, circuit
// breaker and store calls in flight, and the limiters it decides with alone: its own state in
// local mode, and the local fallback at limit / N.

#include "engine/algorithms/limiter/ratelimiter.h"
#include "engine/cluster/circuitbreaker.h"
#include "engine/cluster/clusterspec.h"
#include "engine/cluster/instanceclock.h"
#include "engine/core/random.h"

#include <memory>
#include <vector>

namespace ratelab {

class ClusterInstances {
public:
    // `cluster.instances` instances from `start`, each deciding alone with a clone of `local`
    // (local mode) and of `fallback` (the local fallback).
    ClusterInstances(const ClusterSpec& cluster, SimTime start, const RateLimiter& local, const RateLimiter& fallback);

    std::size_t size() const { return m_clocks.size(); }

    // The instance the balancer sends a request of `key` to. The random balancer draws from
    // `rng`, the lane's one stream (which its round trips draw from too).
    std::uint32_t pick(KeyId key, RandomStream& rng);

    const InstanceClock& clock(std::uint32_t instance) const { return m_clocks[instance]; }
    CircuitBreaker& breaker(std::uint32_t instance) { return m_breakers[instance]; }
    RateLimiter& local(std::uint32_t instance) { return *m_local[instance]; }
    RateLimiter& fallback(std::uint32_t instance) { return *m_fallback[instance]; }

    // A store call of `instance` starts or ends (the least-loaded balancer reads them).
    void callStarted(std::uint32_t instance) { ++m_inFlight[instance]; }
    void callEnded(std::uint32_t instance) { --m_inFlight[instance]; }

    // How many times the breakers opened, all instances together.
    std::int64_t breakerOpenings() const;

    // Per instance, the true times from `start` to `end` at which its clock (or, `storeClock`,
    // the true clock every instance then reads) enters another window of `windowUs`, relative
    // to `start` (ClusterStats::instanceWindowStarts).
    std::vector<std::vector<SimTime>> windowStarts(Duration windowUs, SimTime start, SimTime end, bool storeClock) const;

private:
    Balancer m_balancer;
    std::vector<InstanceClock> m_clocks;
    std::vector<CircuitBreaker> m_breakers;
    std::vector<std::unique_ptr<RateLimiter>> m_local;
    std::vector<std::unique_ptr<RateLimiter>> m_fallback;
    std::vector<std::int64_t> m_inFlight;
    std::uint64_t m_roundRobin = 0;
};

}  // namespace ratelab
