#include "engine/algorithms/statetransfer.h"

#include "engine/algorithms/fixedwindow.h"
#include "engine/algorithms/gcra.h"
#include "engine/algorithms/leakybucket.h"
#include "engine/algorithms/slidingwindowcounter.h"
#include "engine/algorithms/slidingwindowlog.h"
#include "engine/algorithms/tokenbucket.h"

#include <algorithm>

namespace ratelab {
namespace {

// amount x num / den, floored, for non-negative values.
std::int64_t rescale(Int128 amount, Int128 num, Int128 den)
{
    return static_cast<std::int64_t>(amount * num / den);
}

template <class Limiter>
bool transferAs(const RateLimiter& from, RateLimiter& to, StatePolicy policy, SimTime now)
{
    const auto* old = dynamic_cast<const Limiter*>(&from);
    auto* fresh = dynamic_cast<Limiter*>(&to);
    if (!old || !fresh)
        return false;
    fresh->adoptStateFrom(*old, policy, now);
    return true;
}

}  // namespace

bool supportsStateTransfer(std::string_view algorithm)
{
    return algorithm == "token_bucket" || algorithm == "leaky_bucket" || algorithm == "fixed_window"
        || algorithm == "sliding_window_log" || algorithm == "sliding_window_counter" || algorithm == "gcra";
}

void transferState(const RateLimiter& from, RateLimiter& to, StatePolicy policy, SimTime now)
{
    if (policy == StatePolicy::Reset)
        return;
    transferAs<TokenBucket>(from, to, policy, now) || transferAs<LeakyBucket>(from, to, policy, now)
        || transferAs<FixedWindowEpoch>(from, to, policy, now) || transferAs<FixedWindowFirst<ExactExpiry>>(from, to, policy, now)
        || transferAs<SlidingWindowLog>(from, to, policy, now) || transferAs<SlidingWindowCounter>(from, to, policy, now)
        || transferAs<Gcra>(from, to, policy, now);
}

void TokenBucket::adoptStateFrom(const TokenBucket& old, StatePolicy policy, SimTime now)
{
    states() = old.states();
    const Int128 oldDen = old.m_params.refill.den;
    const Int128 newDen = m_params.refill.den;
    for (TokenBucketState& s : states()) {
        if (s.last == kNever)
            continue;
        // Tokens now, in the new scale: keep clamps them, scale multiplies them.
        Int128 level = old.levelAt(s, now);
        level = policy == StatePolicy::Scale ? rescale(level, newDen * m_params.capacity, oldDen * old.m_params.capacity)
                                             : rescale(level, newDen, oldDen);
        s.level = static_cast<std::int64_t>(std::min<Int128>(level, m_capacityScaled));
        s.last = std::max(s.last, now);
    }
}

void LeakyBucket::adoptStateFrom(const LeakyBucket& old, StatePolicy policy, SimTime now)
{
    states() = old.states();
    const Int128 oldDen = old.m_params.rate.den;
    const Int128 newDen = m_params.rate.den;
    for (LeakyBucketState& s : states()) {
        if (s.last == kNever)
            continue;
        const Duration elapsed = std::max<Duration>(0, now - s.last);
        Int128 excess = std::max<Int128>(0, Int128{s.excess} - Int128{elapsed} * old.m_params.rate.num);
        excess = policy == StatePolicy::Scale ? rescale(excess, newDen * (m_params.burst + 1), oldDen * (old.m_params.burst + 1))
                                              : rescale(excess, newDen, oldDen);
        s.excess = static_cast<std::int64_t>(std::min<Int128>(excess, m_burstScaled));
        s.last = std::max(s.last, now);
    }
}

void FixedWindowEpoch::adoptStateFrom(const FixedWindowEpoch& old, StatePolicy policy, SimTime)
{
    if (old.m_params.windowUs != m_params.windowUs)
        return;  // other windows: counts start afresh
    states() = old.states();
    for (EpochWindowState& s : states()) {
        const std::int64_t count = policy == StatePolicy::Scale ? rescale(s.count, m_params.limit, old.m_params.limit) : s.count;
        s.count = std::min<std::int64_t>(count, m_params.limit + 1);
    }
}

template <class Expiry>
void FixedWindowFirst<Expiry>::adoptStateFrom(const FixedWindowFirst& old, StatePolicy policy, SimTime)
{
    if (old.m_params.windowUs != m_params.windowUs)
        return;
    this->states() = old.states();
    for (FirstWindowState& s : this->states()) {
        const std::int64_t count = policy == StatePolicy::Scale ? rescale(s.count, m_params.limit, old.m_params.limit) : s.count;
        s.count = std::min<std::int64_t>(count, m_params.limit + 1);
    }
}

void SlidingWindowLog::adoptStateFrom(const SlidingWindowLog& old, StatePolicy, SimTime)
{
    // The log is a record of what was admitted; both policies keep it as it is.
    m_logs = old.m_logs;
}

void SlidingWindowCounter::adoptStateFrom(const SlidingWindowCounter& old, StatePolicy policy, SimTime)
{
    if (old.m_params.windowUs != m_params.windowUs)
        return;
    states() = old.states();
    for (SlidingCounterState& s : states()) {
        if (policy == StatePolicy::Scale) {
            s.curr = static_cast<std::uint32_t>(rescale(s.curr, m_params.limit, old.m_params.limit));
            s.prev = static_cast<std::uint32_t>(rescale(s.prev, m_params.limit, old.m_params.limit));
        }
    }
}

void Gcra::adoptStateFrom(const Gcra& old, StatePolicy policy, SimTime now)
{
    m_origin = now;
    m_hasOrigin = true;
    states() = old.states();
    for (GcraState& s : states()) {
        if (s.tat == std::numeric_limits<std::int64_t>::min())
            continue;
        // The debt TAT - now, in old units of 1/num_old us; rebased onto the new origin.
        const Int128 debt = std::max<Int128>(0, Int128{s.tat} - Int128{now - old.m_origin} * old.m_params.rate.num);
        // In new units of 1/num_new us: keep converts units; scale multiplies by tau_new / tau_old.
        Int128 newDebt = policy == StatePolicy::Scale ? debt * m_tauScaled / old.m_tauScaled
                                                      : debt * m_params.rate.num / old.m_params.rate.num;
        newDebt = std::min(newDebt, m_tauScaled);
        s.tat = static_cast<std::int64_t>(newDebt);  // relative to the new origin, now
    }
}

template void FixedWindowFirst<ExactExpiry>::adoptStateFrom(const FixedWindowFirst&, StatePolicy, SimTime);

}  // namespace ratelab
