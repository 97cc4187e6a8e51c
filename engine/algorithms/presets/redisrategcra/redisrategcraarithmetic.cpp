// RedisRateGcra's arithmetic before a decision (arithmetic.h), in the terms of the family its rule
// follows, with the values its reference computes (its roundings included), computed as its
// decideOne() does, without changing anything.

#include "engine/algorithms/presets/redisrategcra/redisrategcra.h"

#include <algorithm>
#include <cmath>

namespace ratelab {

GcraArithmetic RedisRateGcra::arithmeticOf(const RedisRateGcraState& state, SimTime now) const
{
    GcraArithmetic a;
    a.nowUs = now;
    a.emissionUs = m_emissionInterval * 1e6;
    a.tauUs = m_emissionInterval * static_cast<double>(m_params.burst) * 1e6;  // burst_offset
    a.newKey = std::isnan(state.tat);
    if (a.newKey)
        return a;
    a.tatFromNowUs = tatMinusUs(state.tat, now);
    a.tatAheadUs = std::max(0.0, a.tatFromNowUs);
    return a;
}

}  // namespace ratelab
