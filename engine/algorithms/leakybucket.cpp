#include "engine/algorithms/leakybucket.h"

#include "engine/algorithms/fastdiv.h"

#include <algorithm>

namespace ratelab {

LeakyBucket::LeakyBucket(const Params& params)
    : m_params(params)
    , m_burstScaled(params.burst * params.rate.den)
{
}

std::int64_t LeakyBucket::drainedPlusOne(const LeakyBucketState& state, SimTime now) const
{
    if (state.last == kNever)
        return 0;
    const Duration elapsed = std::max<Duration>(0, now - state.last);
    const Int128 drained = Int128{state.excess} + m_params.rate.den - Int128{elapsed} * m_params.rate.num;
    return drained > 0 ? static_cast<std::int64_t>(drained) : 0;
}

Duration LeakyBucket::untilIdle(const LeakyBucketState& state, SimTime now) const
{
    if (state.last == kNever)
        return 0;
    const Int128 idleAt = ceilDiv128Fast(Int128{state.excess} + m_params.rate.den, m_params.rate.num);
    return static_cast<Duration>(std::max<Int128>(0, state.last + idleAt - now));
}

Decision LeakyBucket::decideOne(LeakyBucketState& state, SimTime now, Cost cost)
{
    const std::int64_t den = m_params.rate.den;
    const std::int64_t first = drainedPlusOne(state, now);
    const Int128 next = Int128{first} + Int128{cost - 1} * den;
    Decision d;
    if (cost - 1 > m_params.burst) {
        d.retryAfterUs = kNeverPasses;
    } else if (next <= m_burstScaled) {
        state.excess = static_cast<std::int64_t>(next);
        state.last = std::max(state.last, now);
        d.allowed = true;
        d.remaining = (m_burstScaled - state.excess) / den;
        if (m_params.mode == Mode::Shape)
            d.delayUs = static_cast<Duration>(ceilDiv128Fast(state.excess, m_params.rate.num));
        d.resetAfterUs = untilIdle(state, now);
        return d;
    } else {
        // Need max(0, E + 1 - rate x t) <= burst - cost + 1, counted from `last`.
        const Int128 excessToDrain = Int128{state.excess} + den - Int128{m_params.burst - cost + 1} * den;
        const Int128 at = state.last + ceilDiv128Fast(excessToDrain, m_params.rate.num);
        d.retryAfterUs = static_cast<Duration>(at - now);
    }
    d.remaining = first <= m_burstScaled ? (m_burstScaled - first) / den + 1 : 0;
    d.resetAfterUs = untilIdle(state, now);
    return d;
}

QuotaPolicy LeakyBucket::policy() const
{
    // 1 + burst at once, then `rate`: report the burst as the quota over its drain time.
    const std::int64_t quota = m_params.burst + 1;
    return {quota, static_cast<Duration>(ceilDiv128(Int128{quota} * m_params.rate.den, m_params.rate.num))};
}

template class FlatStateLimiter<LeakyBucket, LeakyBucketState>;

} // namespace ratelab
