#include "engine/algorithms/presets/throttledgcra/throttledgcra.h"

#include <algorithm>

namespace ratelab {

ThrottledGcra::ThrottledGcra(const Params& params) : m_params(params)
{
    // period / N in integer nanoseconds; N = countScaled / 10^decimals.
    m_emissionNs =
        static_cast<std::int64_t>(Int128{params.rate.unitUs} * 1000 * params.rate.decimalScale() / params.rate.countScaled);
    m_toleranceNs = m_emissionNs * (params.maxBurst + 1);
}

Decision ThrottledGcra::decideOne(ThrottledGcraState& state, SimTime now, Cost cost)
{
    const std::int64_t nowNs = now * 1000;
    const std::int64_t tat = state.tatNs == kNever ? nowNs : std::max(state.tatNs, nowNs);
    Decision d;
    std::int64_t ttl;
    // rate.go sets RetryAfter and ttl only when the request could ever pass; otherwise ttl
    // stays 0 and Remaining reports max_burst + 1. T x cost > DVT is limited whatever the TAT
    // (new_tat - DVT > tat >= now), and is compared in 128 bits: T x cost may not fit in int64.
    const bool everPasses = Int128{cost} * m_emissionNs <= m_toleranceNs;
    const std::int64_t newTat = tat + (everPasses ? cost * m_emissionNs : 0);
    const std::int64_t allowAt = newTat - m_toleranceNs;
    if (!everPasses) {
        d.retryAfterUs = kNeverPasses;
        ttl = 0;
    } else if (nowNs < allowAt) {
        d.retryAfterUs = (allowAt - nowNs + 999) / 1000;
        ttl = tat - nowNs;
    } else {
        state.tatNs = newTat;
        d.allowed = true;
        ttl = newTat - nowNs;
    }
    const std::int64_t next = m_toleranceNs - ttl;
    d.remaining = next > -m_emissionNs ? std::max<std::int64_t>(0, next / m_emissionNs) : 0;
    d.resetAfterUs = std::max<std::int64_t>(0, (ttl + 999) / 1000);
    return d;
}

QuotaPolicy ThrottledGcra::policy() const
{
    return {m_params.maxBurst + 1, (m_toleranceNs + 999) / 1000};
}

}  // namespace ratelab
