#include "engine/sim/lanelimits.h"

#include "engine/algorithms/limiter/statetransfer.h"
#include "engine/sim/clientfairness.h"
#include "engine/sim/nominallimit.h"
#include "engine/traffic/endpointmix.h"

namespace ratelab {
namespace {

// The algorithm's parameters with a tier's overrides on top.
ParamValues paramsForTier(const AlgorithmSpec& spec, const std::string& tier)
{
    ParamValues params = spec.params;
    for (const auto& [name, overrides] : spec.tierParams) {
        if (name == tier) {
            for (const auto& [k, v] : overrides)
                params[k] = v;
        }
    }
    return params;
}

// The algorithm's parameters for the limiter at `index` of a lane with per-endpoint limits:
// its own params (index 0), or a per_endpoint entry's on top of them.
ParamValues paramsForEndpointLimit(const AlgorithmSpec& spec, std::size_t index)
{
    ParamValues params = spec.params;
    if (index > 0) {
        for (const auto& [k, v] : spec.endpointLimits[index - 1].params)
            params[k] = v;
    }
    return params;
}

}  // namespace

LaneLimits::LaneLimits(const AlgorithmSpec& spec, const Scenario& scenario, const Population& population, KeyStrategy keys)
    : m_population(population), m_tiered(keys == KeyStrategy::Tiered), m_algorithm(spec.algorithm), m_start(scenario.start),
      m_burstWindow(scenario.metrics.burstWindow.value_or(kMicrosPerSecond)), m_changes(spec.changes)
{
    const std::size_t count = m_tiered ? population.tierCount() : 1 + spec.endpointLimits.size();
    for (std::size_t t = 0; t < count; ++t) {
        TierLimiter tier;
        tier.built =
            makeLimiter(spec.algorithm, m_tiered ? paramsForTier(spec, population.tierName(t)) : paramsForEndpointLimit(spec, t));
        tier.nominal = nominalLimit(*tier.built.info, tier.built.params, m_burstWindow);
        if (keyGathersClients(keys))
            tier.own = tier.built.limiter->clone();
        m_tiers.push_back(std::move(tier));
    }
    if (!spec.endpointLimits.empty()) {
        std::vector<std::string> patterns;
        for (const EndpointLimit& limit : spec.endpointLimits)
            patterns.push_back(limit.path);
        m_limitOfEndpoint = limitOfEndpoints(population.endpoints(), patterns);
    }
}

void LaneLimits::applyChanges(SimTime t)
{
    while (m_nextChange < m_changes.size() && m_start + m_changes[m_nextChange].at <= t) {
        const LimitChange& change = m_changes[m_nextChange++];
        const SimTime at = m_start + change.at;
        for (TierLimiter& tier : m_tiers) {
            ParamValues params = tier.built.params;
            for (const auto& [k, v] : change.params)
                params[k] = v;
            BuiltLimiter next = makeLimiter(m_algorithm, params);
            if (change.state != StatePolicy::Reset)
                transferState(*tier.built.limiter, *next.limiter, change.state, at);
            tier.nominal = nominalLimit(*next.info, next.params, m_burstWindow);
            if (tier.own) {
                auto own = next.limiter->clone();
                if (change.state != StatePolicy::Reset)
                    transferState(*tier.own, *own, change.state, at);
                tier.own = std::move(own);
            }
            tier.built = std::move(next);
        }
    }
}

}  // namespace ratelab
