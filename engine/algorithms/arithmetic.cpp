// Each exact algorithm's arithmetic before a decision (arithmetic.h), computed as its
// decideOne() does, without changing anything.

#include "engine/algorithms/fixedwindow.h"
#include "engine/algorithms/gcra.h"
#include "engine/algorithms/leakybucket.h"
#include "engine/algorithms/slidingwindowcounter.h"
#include "engine/algorithms/slidingwindowlog.h"
#include "engine/algorithms/tokenbucket.h"

#include <algorithm>

namespace ratelab {

void shiftArithmetic(DecisionArithmetic& a, SimTime origin)
{
    a.nowUs -= origin;
    a.heldAtUs -= origin;
    a.windowStartUs -= origin;
    a.windowEndUs -= origin;
    for (SimTime& t : a.entries)
        t -= origin;
    for (SimTime& t : a.leftEntries)
        t -= origin;
}

DecisionArithmetic TokenBucket::arithmeticOf(const TokenBucketState& state, SimTime now) const
{
    const double den = static_cast<double>(m_params.refill.den);
    DecisionArithmetic a;
    a.kind = DecisionArithmetic::Kind::TokenBucket;
    a.nowUs = now;
    a.capacity = static_cast<double>(m_params.capacity);
    a.ratePerSecond = static_cast<double>(m_params.refill.num) * 1e6 / den;
    a.intervalUs = m_params.mode == RefillMode::Interval ? m_params.intervalUs : 0;
    a.newKey = state.last == kNever;
    if (a.newKey) {
        a.held = a.level = a.capacity;
        return a;
    }
    const SimTime at = std::max(now, state.last);  // decideIn's: time going back refills nothing
    a.held = static_cast<double>(state.level) / den;
    a.heldAtUs = state.last;
    a.elapsedUs = at - state.last;
    if (a.intervalUs > 0)
        a.fills = floorDiv(at, a.intervalUs) - floorDiv(state.last, a.intervalUs);
    const std::int64_t level = levelAt(state, at);
    a.level = static_cast<double>(level) / den;
    a.change = static_cast<double>(level - state.level) / den;
    return a;
}

DecisionArithmetic LeakyBucket::arithmeticOf(const LeakyBucketState& state, SimTime now) const
{
    const double den = static_cast<double>(m_params.rate.den);
    DecisionArithmetic a;
    a.kind = DecisionArithmetic::Kind::LeakyBucket;
    a.nowUs = now;
    a.capacity = static_cast<double>(m_params.burst);
    a.ratePerSecond = static_cast<double>(m_params.rate.num) * 1e6 / den;
    a.newKey = state.last == kNever;
    if (a.newKey)
        return a;  // E' = cost - 1: as an excess of -1 before the request
    a.held = static_cast<double>(state.excess) / den;
    a.heldAtUs = state.last;
    a.elapsedUs = std::max<Duration>(0, now - state.last);
    const Int128 drain = Int128{a.elapsedUs} * m_params.rate.num;
    a.change = -static_cast<double>(std::min<Int128>(drain, Int128{state.excess} + m_params.rate.den)) / den;
    a.level = static_cast<double>(drainedPlusOne(state, now)) / den - 1;
    return a;
}

DecisionArithmetic FixedWindowEpoch::arithmeticOf(const EpochWindowState& state, SimTime now) const
{
    DecisionArithmetic a;
    a.kind = DecisionArithmetic::Kind::FixedWindow;
    a.nowUs = now;
    a.limit = m_params.limit;
    a.windowUs = m_params.windowUs;
    a.countsRejected = m_params.countRejected;
    const std::int64_t index = m_window.floor(now);
    const std::int64_t window = std::max(index, state.window);  // decideOne's: a clock gone back counts in the key's
    a.windowOpened = state.window != kNever && index > state.window;
    a.windowStartUs = window * m_params.windowUs;
    a.windowEndUs = a.windowStartUs + m_params.windowUs;
    a.count = window == state.window ? state.count : 0;
    return a;
}

DecisionArithmetic SlidingWindowLog::arithmetic(KeyId key, SimTime now) const
{
    DecisionArithmetic a;
    a.kind = DecisionArithmetic::Kind::SlidingLog;
    a.nowUs = now;
    a.limit = m_params.limit;
    a.windowUs = m_params.windowUs;
    a.inclusive = m_params.boundary == Boundary::Inclusive;
    if (key < m_logs.size()) {
        const TimestampLog& log = m_logs[key];
        for (std::uint32_t i = 0; i < log.size(); ++i)
            (leavesAt(log.at(i)) > now ? a.entries : a.leftEntries).push_back(log.at(i));
    }
    a.count = static_cast<std::int64_t>(a.entries.size());
    return a;
}

DecisionArithmetic SlidingWindowCounter::arithmeticOf(const SlidingCounterState& state, SimTime now) const
{
    // As decideOne.
    const Duration w = m_params.windowUs;
    const std::int64_t index = m_window.floor(now);
    std::int64_t window = index;
    std::int64_t curr = 0;
    std::int64_t prev = 0;
    if (state.window >= index) {
        window = state.window;
        curr = state.curr;
        prev = state.prev;
    } else if (state.window == index - 1) {
        prev = state.curr;
    }
    DecisionArithmetic a;
    a.kind = DecisionArithmetic::Kind::SlidingCounter;
    a.nowUs = now;
    a.limit = m_params.limit;
    a.windowUs = w;
    a.windowOpened = state.window != kNever && window > state.window;
    a.windowStartUs = window * w;
    a.windowEndUs = a.windowStartUs + w;
    a.intoWindowUs = std::clamp<Duration>(now - a.windowStartUs, 0, w - 1);
    a.previous = prev;
    a.count = curr;
    a.weighted = weighted(prev, a.intoWindowUs);
    a.estimate = a.weighted + curr;
    return a;
}

DecisionArithmetic Gcra::arithmeticOf(const GcraState& state, SimTime now) const
{
    const double num = static_cast<double>(m_params.rate.num);
    DecisionArithmetic a;
    a.kind = DecisionArithmetic::Kind::Gcra;
    a.nowUs = now;
    a.emissionUs = static_cast<double>(m_params.rate.den) / num;
    a.tauUs = static_cast<double>(m_tauScaled) / num;
    // decideOne fixes the origin at the first request; before it, every key is new.
    a.newKey = !m_hasOrigin || state.tat == std::numeric_limits<std::int64_t>::min();
    if (a.newKey)
        return a;
    const Int128 ahead = Int128{state.tat} - Int128{now - m_origin} * m_params.rate.num;
    a.tatFromNowUs = static_cast<double>(ahead) / num;
    a.tatAheadUs = std::max(0.0, a.tatFromNowUs);
    return a;
}

}  // namespace ratelab
