#include "engine/algorithms/tokenbucket.h"

#include "engine/algorithms/fastdiv.h"

#include <algorithm>

namespace ratelab {

TokenBucket::TokenBucket(const Params& params)
    : m_params(params)
    , m_capacityScaled(params.capacity * params.refill.den)
    , m_perFillScaled(Int128{params.refill.num} * params.intervalUs)
{
}

std::int64_t TokenBucket::levelAt(const TokenBucketState& state, SimTime now) const
{
    if (state.last == kNever)
        return m_capacityScaled;
    if (now <= state.last)
        return state.level;
    Int128 added;
    if (m_params.mode == RefillMode::Continuous)
        added = Int128{now - state.last} * m_params.refill.num;
    else
        added = Int128{floorDiv(now, m_params.intervalUs) - floorDiv(state.last, m_params.intervalUs)}
            * m_perFillScaled;
    return static_cast<std::int64_t>(std::min<Int128>(m_capacityScaled, state.level + added));
}

Duration TokenBucket::timeToReach(std::int64_t level, std::int64_t target, SimTime now) const
{
    if (level >= target)
        return 0;
    if (m_params.mode == RefillMode::Continuous)
        return static_cast<Duration>(ceilDiv128Fast(Int128{target} - level, m_params.refill.num));
    const auto fills = static_cast<std::int64_t>(ceilDiv128(Int128{target} - level, m_perFillScaled));
    return (floorDiv(now, m_params.intervalUs) + fills) * m_params.intervalUs - now;
}

Decision TokenBucket::decideOne(TokenBucketState& state, SimTime now, Cost cost)
{
    const std::int64_t den = m_params.refill.den;
    std::int64_t level = levelAt(state, now);
    Decision d;
    if (cost > m_params.capacity) {
        d.retryAfterUs = kNeverPasses;
    } else if (level >= cost * den) {
        level -= cost * den;
        state.level = level;
        state.last = std::max(state.last, now);
        d.allowed = true;
    } else {
        d.retryAfterUs = timeToReach(level, cost * den, now);
    }
    d.remaining = level / den;
    d.resetAfterUs = timeToReach(level, m_capacityScaled, now);
    return d;
}

QuotaPolicy TokenBucket::policy() const
{
    // The quota is the bucket; the window is how long an empty bucket takes to refill.
    return {m_params.capacity, timeToReach(0, m_capacityScaled, 0)};
}

template class FlatStateLimiter<TokenBucket, TokenBucketState>;

} // namespace ratelab
