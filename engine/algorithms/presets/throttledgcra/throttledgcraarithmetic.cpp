// ThrottledGcra's arithmetic before a decision (arithmetic.h), in the terms of the family its rule
// follows, with the values its reference computes (its roundings included), computed as its
// decideOne() does, without changing anything.

#include "engine/algorithms/presets/throttledgcra/throttledgcra.h"

#include <algorithm>
#include <cmath>

namespace ratelab {

GcraArithmetic ThrottledGcra::arithmeticOf(const ThrottledGcraState& state, SimTime now) const
{
    GcraArithmetic a;
    a.nowUs = now;
    a.emissionUs = static_cast<double>(m_emissionNs) / 1000.0;
    a.tauUs = static_cast<double>(m_toleranceNs) / 1000.0;  // the delay variation tolerance
    a.newKey = state.tatNs == kNever;
    if (a.newKey)
        return a;
    a.tatFromNowUs = static_cast<double>(state.tatNs - now * 1000) / 1000.0;
    a.tatAheadUs = std::max(0.0, a.tatFromNowUs);
    return a;
}

}  // namespace ratelab
