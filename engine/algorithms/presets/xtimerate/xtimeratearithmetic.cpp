// XTimeRate's arithmetic before a decision (arithmetic.h), in the terms of the family its rule
// follows, with the values its reference computes (its roundings included), computed as its
// decideOne() does, without changing anything.

#include "engine/algorithms/presets/xtimerate/xtimerate.h"

#include <algorithm>
#include <cmath>

namespace ratelab {

TokenBucketArithmetic XTimeRate::arithmeticOf(const XTimeRateState& state, SimTime now) const
{
    TokenBucketArithmetic a;
    a.nowUs = now;
    a.capacity = static_cast<double>(m_params.burst);
    a.ratePerSecond = m_limit;
    a.newKey = state.lastNs == kNever;
    if (a.newKey) {
        a.held = a.level = a.capacity;
        return a;
    }
    a.held = state.tokens;
    a.heldAtUs = state.lastNs / 1000;
    a.elapsedUs = std::max<Duration>(0, now - a.heldAtUs);  // advance(): no refill before `last`
    a.level = advance(state, now * 1000);
    a.change = a.level - a.held;
    return a;
}

}  // namespace ratelab
