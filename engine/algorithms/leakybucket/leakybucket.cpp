#include "engine/algorithms/leakybucket/leakybucket.h"

#include "engine/core/branchless.h"

#include <algorithm>

namespace ratelab {

LeakyBucket::LeakyBucket(const Params& params)
    : m_params(params), m_num(params.rate.num), m_den(params.rate.den), m_burstScaled(params.burst * params.rate.den)
{}

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
    // In int64: excess + den <= 2^62 + 2^52 (the bounds in decideOne), so the drain time fits.
    return std::max<Duration>(0, state.last + m_num.ceilOfNonNegative(state.excess + m_den.value()) - now);
}

// Written without a branch on the outcome (branchless.h). Bounds: E <= burst x den <= 2^62
// (the catalog's limit) and den <= 2^52, so every value below fits in int64 except E', which
// may reach 2^63 + den and is compared unsigned.
Decision LeakyBucket::decideOne(LeakyBucketState& state, SimTime now, Cost cost)
{
    const std::int64_t den = m_den.value();
    const std::int64_t first = drainedPlusOne(state, now);
    Decision d;
    if (cost - 1 > m_params.burst) [[unlikely]] {
        d.retryAfterUs = kNeverPasses;
        d.remaining = first <= m_burstScaled ? m_den.floorOfNonNegative(m_burstScaled - first) + 1 : 0;
        d.resetAfterUs = untilIdle(state, now);
        return d;
    }
    const std::uint64_t next = static_cast<std::uint64_t>(first) + static_cast<std::uint64_t>((cost - 1) * den);
    d.allowed = next <= static_cast<std::uint64_t>(m_burstScaled);
    // A rejected request is never a new key's (cost - 1 <= burst passes from idle), so both
    // outcomes leave a key that has been seen.
    state.excess = pick(d.allowed, static_cast<std::int64_t>(next), state.excess);
    state.last = pick(d.allowed, std::max(state.last, now), state.last);
    // Rejected: whole cost-1 requests that would still pass, floor((burst x den - first) / den) + 1
    // when first <= burst x den, else 0; first <= burst x den + den makes both one floor.
    d.remaining =
        m_den.floorOfNonNegative(pick(d.allowed, m_burstScaled - static_cast<std::int64_t>(next), m_burstScaled + den - first));
    // Accepted under `shape`: held until the new excess has drained. Rejected: the wait until
    // max(0, E + 1 - rate x t) <= burst - cost + 1, counted from `last` (positive when rejected).
    const bool shaped = d.allowed && m_params.mode == Mode::Shape;
    const std::int64_t toDrain =
        pick(d.allowed, pick(shaped, state.excess, 0), state.excess + den - (m_params.burst - cost + 1) * den);
    const Duration wait = m_num.ceilOfNonNegative(toDrain);
    d.delayUs = pick(d.allowed, wait, 0);
    d.retryAfterUs = pick(d.allowed, 0, state.last + wait - now);
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

}  // namespace ratelab
