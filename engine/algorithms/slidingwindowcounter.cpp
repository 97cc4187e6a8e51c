#include "engine/algorithms/slidingwindowcounter.h"

#include "engine/core/fastdiv.h"

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

Decision SlidingWindowCounter::decideOne(SlidingCounterState& state, SimTime now, Cost cost)
{
    const Duration w = m_params.windowUs;
    const std::int64_t index = m_window.floor(now);
    std::int64_t window = index;
    std::int64_t curr = 0;
    std::int64_t prev = 0;
    if (state.window == index || state.window > index) {  // same window, or a clock that went back
        window = state.window;
        curr = state.curr;
        prev = state.prev;
    } else if (state.window == index - 1) {
        prev = state.curr;
    }
    const SimTime start = window * w;
    const Duration elapsed = std::clamp<Duration>(now - start, 0, w - 1);
    const std::int64_t estimate = weighted(prev, elapsed) + curr;

    Decision d;
    if (cost <= m_params.limit && estimate + cost <= m_params.limit) {
        curr += cost;
        state.window = window;
        state.curr = static_cast<std::uint32_t>(curr);
        state.prev = static_cast<std::uint32_t>(prev);
        d.allowed = true;
        d.remaining = m_params.limit - estimate - cost;
    } else if (cost > m_params.limit) {
        d.retryAfterUs = kNeverPasses;
        d.remaining = std::max<std::int64_t>(0, m_params.limit - estimate);
    } else {
        d.remaining = std::max<std::int64_t>(0, m_params.limit - estimate);
        const std::int64_t budget = m_params.limit - cost - curr;
        if (budget >= 0 && elapsedForBudget(prev, budget) < w) {
            d.retryAfterUs = start + elapsedForBudget(prev, budget) - now;
        } else {  // next window: this one's count becomes `prev`, nothing current
            d.retryAfterUs = start + w + elapsedForBudget(curr, m_params.limit - cost) - now;
        }
    }
    d.resetAfterUs = curr > 0 ? start + 2 * w - now : (prev > 0 ? start + w - now : 0);
    return d;
}

template class FlatStateLimiter<SlidingWindowCounter, SlidingCounterState>;

}  // namespace ratelab
