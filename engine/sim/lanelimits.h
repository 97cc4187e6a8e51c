#pragma once
// The limiters a single-instance lane decides with, and the limit changes that replace them.
// One per tier of a tiered lane; with per-endpoint limits the algorithm's own (index 0) and
// one per per_endpoint entry; else one. Where one key gathers several clients each also has
// its twin keyed by client, for client fairness (clientfairness.h). A limit change (the
// algorithm's "changes") rebuilds every limiter with its parameters on top of the current
// ones, carrying the keys' state over as its state policy says (statetransfer.h).
// It never decides nor counts: the lane asks its limiters.

#include "engine/algorithms/limiter/ratelimiter.h"
#include "engine/metrics/nominal.h"
#include "engine/scenario/scenario.h"
#include "engine/traffic/population.h"

#include <span>
#include <vector>

namespace ratelab {

struct TierLimiter {
    BuiltLimiter built;
    std::unique_ptr<RateLimiter> own;  // the same limit per client (NAT fairness)
    NominalLimit nominal;
};

class LaneLimits {
public:
    LaneLimits(const AlgorithmSpec& spec, const Scenario& scenario, const Population& population, KeyStrategy keys);

    TierLimiter& tier(std::uint32_t index) { return m_tiers[index]; }
    const TierLimiter& tier(std::uint32_t index) const { return m_tiers[index]; }
    std::span<const TierLimiter> all() const { return m_tiers; }

    // The index of the limiter that decides a fresh request of `client` to `endpoint`: its
    // tier, or its endpoint's limit.
    std::uint32_t limitOf(std::uint32_t client, std::uint32_t endpoint) const
    {
        return m_tiered ? m_population.tierOf(client) : endpointLimit(endpoint);
    }
    // The index of the per-endpoint limit on `endpoint`: 0, the algorithm's own, without one.
    std::uint32_t endpointLimit(std::uint32_t endpoint) const
    {
        return m_limitOfEndpoint.empty() ? 0u : m_limitOfEndpoint[endpoint];
    }

    // Applies the changes due by `t`, before a decision at `t`.
    void applyChangesUntil(SimTime t)
    {
        if (m_nextChange < m_changes.size()) [[unlikely]]
            applyChanges(t);
    }

private:
    void applyChanges(SimTime t);

    const Population& m_population;
    bool m_tiered;
    std::string m_algorithm;
    SimTime m_start;
    Duration m_burstWindow;
    std::vector<LimitChange> m_changes;
    std::size_t m_nextChange = 0;
    std::vector<TierLimiter> m_tiers;
    std::vector<std::uint32_t> m_limitOfEndpoint;  // per_endpoint: the index in m_tiers by endpoint
};

}  // namespace ratelab
