#include "engine/cluster/storeconditions.h"

#include <algorithm>
#include <cmath>

namespace ratelab {

bool StoreConditions::applies(const OutageSpec& o, std::size_t instance, SimTime t) const
{
    const Duration since = t - m_start;
    if (since < o.from || since >= o.to)
        return false;
    return o.instances.empty()
        || std::find(o.instances.begin(), o.instances.end(), static_cast<std::int64_t>(instance)) != o.instances.end();
}

Duration StoreConditions::sampleRoundTrip(RandomStream& rng, std::size_t instance, SimTime t) const
{
    double rtt = 0;
    switch (m_latency.kind) {
    case LatencyKind::Constant: rtt = static_cast<double>(m_latency.rtt); break;
    case LatencyKind::Uniform:
        rtt = static_cast<double>(m_latency.min) + rng.uniform() * static_cast<double>(m_latency.max - m_latency.min);
        break;
    case LatencyKind::LogNormal: {
        // Box-Muller from two uniforms: median x exp(sigma x z).
        double u1 = rng.uniform();
        while (u1 == 0.0)
            u1 = rng.uniform();
        const double z = std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * 3.14159265358979323846 * rng.uniform());
        rtt = static_cast<double>(m_latency.rtt) * std::exp(m_latency.sigma * z);
        break;
    }
    }
    for (const OutageSpec& o : m_outages) {
        if (o.kind == OutageKind::Slow && applies(o, instance, t))
            rtt += static_cast<double>(o.extraLatency);
    }
    return std::max<Duration>(2, std::llround(rtt));
}

bool StoreConditions::reachable(std::size_t instance, SimTime t) const
{
    for (const OutageSpec& o : m_outages) {
        if (!applies(o, instance, t))
            continue;
        if (o.kind == OutageKind::Down)
            return false;
        if (o.kind == OutageKind::Flapping && ((t - m_start - o.from) / o.flap) % 2 == 0)
            return false;
    }
    return true;
}

bool StoreConditions::inOutage(std::size_t instance, SimTime t) const
{
    for (const OutageSpec& o : m_outages) {
        if (applies(o, instance, t))
            return true;
    }
    return false;
}

}  // namespace ratelab
