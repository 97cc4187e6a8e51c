// LimitsSlidingWindowCounter's arithmetic before a decision (arithmetic.h), in the terms of the family its rule
// follows, with the values its reference computes (its roundings included), computed as its
// decideOne() does, without changing anything.

#include "engine/algorithms/presets/limitsslidingwindowcounter/limitsslidingwindowcounter.h"

#include <algorithm>
#include <cmath>

namespace ratelab {

// As decideOne: at the instant it decides at, the window int(now / W); the weighted part is
// what the floored estimate adds to this window's count.
SlidingCounterArithmetic LimitsSlidingWindowCounter::arithmeticOf(const LimitsSlidingCounterState& state, SimTime now) const
{
    const SimTime at = std::max(now, heldFrom(state));
    const Window win = look(state, static_cast<double>(at) / 1e6);
    const std::int64_t newest = std::max(state.windows[0].index, state.windows[1].index);
    SlidingCounterArithmetic a;
    a.nowUs = now;
    a.limit = m_params.limit;
    a.windowUs = m_params.windowUs;
    a.windowOpened = newest != kNever && win.currentIndex > newest;
    a.windowStartUs = win.currentIndex * m_params.windowUs;
    a.windowEndUs = a.windowStartUs + m_params.windowUs;
    a.intoWindowUs = at - a.windowStartUs;
    a.previous = win.previousCount;
    a.count = win.currentCount;
    a.estimate = estimateOf(win);
    a.weighted = a.estimate - a.count;
    return a;
}

}  // namespace ratelab
