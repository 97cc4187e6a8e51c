#include "engine/algorithms/tokenbucket/tokenbucket.h"

#include "engine/core/branchless.h"

#include <algorithm>
#include <cassert>

namespace ratelab {

TokenBucket::TokenBucket(const Params& params)
    : m_params(params), m_num(params.refill.num), m_den(params.refill.den), m_capacityScaled(params.capacity * params.refill.den),
      m_perFillScaled(Int128{params.refill.num} * params.intervalUs), m_fillUs(m_num.ceilOfNonNegative(m_capacityScaled))
{
    // What levelIn's int64 refill relies on; the catalog checks the first (checkScaled) and
    // parseRate the second.
    assert(Int128{params.capacity} * params.refill.den <= Int128{1} << 62);
    assert(params.mode == RefillMode::Interval || params.refill.num <= 1'000'000);
}

// The refill mode is fixed per limiter, so the decision is compiled once per mode and the
// dispatch on it is always predicted.
template <TokenBucket::RefillMode Mode>
std::int64_t TokenBucket::levelIn(const TokenBucketState& state, SimTime now) const
{
    if (state.last == kNever)
        return m_capacityScaled;
    const Duration elapsed = now > state.last ? now - state.last : 0;  // time going back refills nothing
    if constexpr (Mode == RefillMode::Continuous) {
        // In int64: elapsed is cut at the time an empty bucket takes to fill, so the refill is
        // below capacity + num <= 2^62 + 2^20 (the constructor's bounds), and it is added only
        // up to the room left, so the sum never passes the capacity either.
        const std::int64_t added = std::min(elapsed, m_fillUs) * m_num.value();
        return state.level + std::min(added, m_capacityScaled - state.level);
    } else {
        const Int128 added =
            Int128{floorDiv(state.last + elapsed, m_params.intervalUs) - floorDiv(state.last, m_params.intervalUs)}
            * m_perFillScaled;
        return static_cast<std::int64_t>(std::min<Int128>(m_capacityScaled, state.level + added));
    }
}

template <TokenBucket::RefillMode Mode>
Duration TokenBucket::timeToReachIn(std::int64_t level, std::int64_t target, SimTime now) const
{
    if constexpr (Mode == RefillMode::Continuous) {
        return m_num.ceilOfNonNegative(std::max<std::int64_t>(0, target - level));  // <= capacity x den
    } else {
        if (level >= target)
            return 0;
        const auto fills = static_cast<std::int64_t>(ceilDiv128(Int128{target} - level, m_perFillScaled));
        return (floorDiv(now, m_params.intervalUs) + fills) * m_params.intervalUs - now;
    }
}

// The request passes iff the bucket, refilled to `level` at `at`, holds `need` (scaled); then
// it takes them. Either way the key is left at `level` less what was taken, at `at`: a new key
// starts full, so it is never rejected here and never stays "new".
inline bool TokenBucket::take(TokenBucketState& state, std::int64_t level, std::int64_t need, SimTime at)
{
    const bool allowed = level >= need;
    state.level = level - pick(allowed, need, 0);
    state.last = at;
    return allowed;
}

// Written without a branch on the outcome, which a trace near its limit makes unpredictable.
// A rejection stores the level refilled to `now` with `last` = now: the same bucket at every
// later time (refill is additive up to the cap), so it still changes nothing a request can see.
// A request stamped before `last` (time went back) is decided as at `last`, where the bucket
// was left, and its waits are counted from its own time: they include last - now.
template <TokenBucket::RefillMode Mode>
Decision TokenBucket::decideIn(TokenBucketState& state, SimTime now, Cost cost)
{
    const SimTime at = std::max(now, state.last);
    const Duration back = at - now;
    const std::int64_t level = levelIn<Mode>(state, at);
    Decision d;
    if (cost > m_params.capacity) [[unlikely]] {
        d.retryAfterUs = kNeverPasses;
        d.remaining = m_den.floorOfNonNegative(level);
        d.resetAfterUs = countedFromNow(timeToReachIn<Mode>(level, m_capacityScaled, at), back);
        return d;
    }
    const std::int64_t need = cost * m_den.value();
    d.allowed = take(state, level, need, at);
    const std::int64_t after = state.level;
    d.remaining = m_den.floorOfNonNegative(after);
    d.retryAfterUs = countedFromNow(timeToReachIn<Mode>(after, pick(d.allowed, 0, need), at), back);
    d.resetAfterUs = countedFromNow(timeToReachIn<Mode>(after, m_capacityScaled, at), back);
    return d;
}

// decideIn's decision and state change, through the same take(), without its header fields.
template <TokenBucket::RefillMode Mode>
bool TokenBucket::allowIn(TokenBucketState& state, SimTime now, Cost cost)
{
    if (cost > m_params.capacity) [[unlikely]]
        return false;  // decideIn changes nothing then
    const SimTime at = std::max(now, state.last);
    return take(state, levelIn<Mode>(state, at), cost * m_den.value(), at);
}

Decision TokenBucket::decideOne(TokenBucketState& state, SimTime now, Cost cost)
{
    return m_params.mode == RefillMode::Continuous ? decideIn<RefillMode::Continuous>(state, now, cost)
                                                   : decideIn<RefillMode::Interval>(state, now, cost);
}

bool TokenBucket::allowOne(TokenBucketState& state, SimTime now, Cost cost)
{
    return m_params.mode == RefillMode::Continuous ? allowIn<RefillMode::Continuous>(state, now, cost)
                                                   : allowIn<RefillMode::Interval>(state, now, cost);
}

std::int64_t TokenBucket::levelAt(const TokenBucketState& state, SimTime now) const
{
    return m_params.mode == RefillMode::Continuous ? levelIn<RefillMode::Continuous>(state, now)
                                                   : levelIn<RefillMode::Interval>(state, now);
}

Duration TokenBucket::timeToReach(std::int64_t level, std::int64_t target, SimTime now) const
{
    return m_params.mode == RefillMode::Continuous ? timeToReachIn<RefillMode::Continuous>(level, target, now)
                                                   : timeToReachIn<RefillMode::Interval>(level, target, now);
}

QuotaPolicy TokenBucket::policy() const
{
    // The quota is the bucket; the window is how long an empty bucket takes to refill.
    return {m_params.capacity, timeToReach(0, m_capacityScaled, 0)};
}

template class FlatStateLimiter<TokenBucket, TokenBucketState>;

}  // namespace ratelab
