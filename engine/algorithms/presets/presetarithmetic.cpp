// Each preset's arithmetic before a decision (arithmetic.h), in the kind of the family its
// rule follows, with the values its reference computes (its roundings included), computed as
// its decideOne() does, without changing anything:
//  - x_time_rate, a token bucket: advance()'s float tokens, `limit` per second, the burst;
//  - nginx_limit_req, nginx's own leaky bucket rule: excess and drain in milli-requests over
//    whole milliseconds (a step back of over 60 s counts as 1 ms);
//  - limits_moving_window, a sliding log whose entries exactly W old still count (the cost >
//    limit quirk and a clock gone back judge by list position instead: presets.md);
//  - limits_sliding_window_counter, a sliding counter weighted by limits' float previous_ttl;
//  - redis_rate_gcra and throttled_gcra, GCRA with tau = burst_offset and the delay
//    variation tolerance.

#include "engine/algorithms/presets/limitsmovingwindow.h"
#include "engine/algorithms/presets/limitsslidingwindowcounter.h"
#include "engine/algorithms/presets/nginxlimitreq.h"
#include "engine/algorithms/presets/redisrategcra.h"
#include "engine/algorithms/presets/throttledgcra.h"
#include "engine/algorithms/presets/xtimerate.h"

#include <algorithm>

namespace ratelab {

using Kind = DecisionArithmetic::Kind;

DecisionArithmetic XTimeRate::arithmeticOf(const XTimeRateState& state, SimTime now) const
{
    DecisionArithmetic a;
    a.kind = Kind::TokenBucket;
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

DecisionArithmetic NginxLimitReq::arithmeticOf(const NginxLimitReqState& state, SimTime now) const
{
    DecisionArithmetic a;
    a.kind = Kind::LeakyBucket;
    a.nowUs = now;
    a.capacity = static_cast<double>(m_params.burst);
    a.ratePerSecond = static_cast<double>(m_params.rateMilli) / 1000.0;
    a.newKey = state.lastMs == kNever;
    if (a.newKey)
        return a;  // admitted with excess 0: as an excess of -1 before the request
    const std::int64_t ms = elapsedMs(state.lastMs, now);
    const Int128 drained = drainedIn(ms);
    a.held = static_cast<double>(state.excess) / 1000.0;
    a.heldAtUs = state.lastMs * kMicrosPerMilli;
    a.elapsedUs = ms * kMicrosPerMilli;
    a.change = -static_cast<double>(std::min<Int128>(drained, Int128{state.excess} + 1000)) / 1000.0;
    a.level = static_cast<double>(std::max<Int128>(0, state.excess - drained + 1000)) / 1000.0 - 1;
    return a;
}

DecisionArithmetic LimitsMovingWindow::arithmetic(KeyId key, SimTime now) const
{
    DecisionArithmetic a;
    a.kind = Kind::SlidingLog;
    a.nowUs = now;
    a.limit = m_params.limit;
    a.windowUs = m_params.windowUs;
    a.inclusive = true;
    if (key < m_logs.size()) {
        const TimestampLog& live = m_logs[key].live;
        for (std::uint32_t i = 0; i < live.size(); ++i)
            (counts(live.at(i), now) ? a.entries : a.leftEntries).push_back(live.at(i));
    }
    a.count = static_cast<std::int64_t>(a.entries.size());
    return a;
}

// As decideOne: at the instant it decides at, the window int(now / W); the weighted part is
// what the floored estimate adds to this window's count.
DecisionArithmetic LimitsSlidingWindowCounter::arithmeticOf(const LimitsSlidingCounterState& state, SimTime now) const
{
    const SimTime at = std::max(now, heldFrom(state));
    const Window win = look(state, static_cast<double>(at) / 1e6);
    const std::int64_t newest = std::max(state.slots[0].index, state.slots[1].index);
    DecisionArithmetic a;
    a.kind = Kind::SlidingCounter;
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

DecisionArithmetic RedisRateGcra::arithmeticOf(const RedisRateGcraState& state, SimTime now) const
{
    DecisionArithmetic a;
    a.kind = Kind::Gcra;
    a.nowUs = now;
    a.emissionUs = m_emissionInterval * 1e6;
    a.tauUs = m_emissionInterval * static_cast<double>(m_params.burst) * 1e6;  // burst_offset
    a.newKey = std::isnan(state.tat);
    if (a.newKey)
        return a;
    a.tatFromNowUs = tatMinusUs(state.tat, now);
    a.tatAheadUs = std::max(0.0, a.tatFromNowUs);
    return a;
}

DecisionArithmetic ThrottledGcra::arithmeticOf(const ThrottledGcraState& state, SimTime now) const
{
    DecisionArithmetic a;
    a.kind = Kind::Gcra;
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
