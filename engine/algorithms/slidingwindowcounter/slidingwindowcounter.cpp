#include "engine/algorithms/slidingwindowcounter/slidingwindowcounter.h"

#include <algorithm>

namespace ratelab {

std::int64_t SlidingWindowCounter::weighted(std::int64_t prev, Duration elapsed) const
{
    // Non-negative: the floor is the truncating quotient the formula asks for.
    return static_cast<std::int64_t>(m_window.floorOfNonNegative(Int128{prev} * (m_params.windowUs - elapsed)));
}

Duration SlidingWindowCounter::elapsedForBudget(std::int64_t prev, std::int64_t budget) const
{
    if (prev <= budget)
        return 0;
    // floor(prev (W - e) / W) <= b  <=>  prev (W - e) <= (b + 1) W - 1
    const Int128 maxRemainder = (Int128{budget} + 1) * m_params.windowUs - 1;
    return m_params.windowUs - static_cast<Duration>(floorDiv128Fast(maxRemainder, prev));  // both > 0
}

// The key's counts as seen at `now` and the estimate a request is decided against.
SlidingWindowCounter::View SlidingWindowCounter::viewAt(const SlidingCounterState& state, SimTime now) const
{
    const Duration w = m_params.windowUs;
    const std::int64_t index = m_window.floor(now);
    View v{index, 0, 0, 0, 0};
    if (state.window == index || state.window > index) {  // same window, or a clock that went back
        v.window = state.window;
        v.curr = state.curr;
        v.prev = state.prev;
    } else if (state.window == index - 1) {
        v.prev = state.curr;
    }
    v.start = v.window * w;
    const Duration elapsed = std::clamp<Duration>(now - v.start, 0, w - 1);
    v.estimate = weighted(v.prev, elapsed) + v.curr;
    return v;
}

// The decision and the state change, shared by decideOne and allowOne: the request passes iff
// est + cost <= limit, and then it is counted in the current window; a rejection changes nothing.
bool SlidingWindowCounter::admit(SlidingCounterState& state, View& v, Cost cost) const
{
    if (cost > m_params.limit || v.estimate + cost > m_params.limit)
        return false;
    v.curr += cost;
    state.window = v.window;
    state.curr = static_cast<std::uint32_t>(v.curr);
    state.prev = static_cast<std::uint32_t>(v.prev);
    return true;
}

Decision SlidingWindowCounter::decideOne(SlidingCounterState& state, SimTime now, Cost cost)
{
    const Duration w = m_params.windowUs;
    View v = viewAt(state, now);
    Decision d;
    d.allowed = admit(state, v, cost);
    if (d.allowed) {
        d.remaining = m_params.limit - v.estimate - cost;
    } else if (cost > m_params.limit) {
        d.retryAfterUs = kNeverPasses;
        d.remaining = std::max<std::int64_t>(0, m_params.limit - v.estimate);
    } else {
        d.remaining = std::max<std::int64_t>(0, m_params.limit - v.estimate);
        const std::int64_t budget = m_params.limit - cost - v.curr;
        if (budget >= 0 && elapsedForBudget(v.prev, budget) < w) {
            d.retryAfterUs = v.start + elapsedForBudget(v.prev, budget) - now;
        } else {  // next window: this one's count becomes `prev`, nothing current
            d.retryAfterUs = v.start + w + elapsedForBudget(v.curr, m_params.limit - cost) - now;
        }
    }
    d.resetAfterUs = v.curr > 0 ? v.start + 2 * w - now : (v.prev > 0 ? v.start + w - now : 0);
    return d;
}

bool SlidingWindowCounter::allowOne(SlidingCounterState& state, SimTime now, Cost cost)
{
    View v = viewAt(state, now);
    return admit(state, v, cost);
}

template class FlatStateLimiter<SlidingWindowCounter, SlidingCounterState>;

}  // namespace ratelab
