#include "engine/sim/endpointbreakdown.h"

#include "engine/traffic/endpointmix.h"

namespace ratelab {

EndpointBreakdown::EndpointBreakdown(const Population& population, KeyStrategy keys) : m_population(population)
{
    if (population.endpointCount() > 1 && keys != KeyStrategy::Recorded)
        m_counts.resize(population.endpointCount());
}

void EndpointBreakdown::finish(const LaneLimits& limits, const AlgorithmSpec& spec, AlgorithmReport& report) const
{
    for (std::size_t e = 0; e < m_counts.size(); ++e) {
        const Counts& c = m_counts[e];
        EndpointStats stats;
        stats.endpoint = endpointLabel(m_population.endpoints()[e]);
        if (const std::uint32_t limit = limits.endpointLimit(static_cast<std::uint32_t>(e)); limit > 0)
            stats.limit = spec.endpointLimits[limit - 1].path;
        stats.requests = c.requests;
        stats.allowed = c.allowed;
        stats.rejected = c.rejected;
        stats.allowedCost = c.allowedCost;
        stats.rejectedCost = c.rejectedCost;
        report.endpoints.push_back(std::move(stats));
    }
}

}  // namespace ratelab
