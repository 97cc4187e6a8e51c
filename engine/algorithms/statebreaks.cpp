// Where each exact algorithm's state, left alone, stops being linear in time
// (ratelimiter.h stateBreaks(), statecurve.h): the Learn view's state curves.

#include "engine/algorithms/fixedwindow.h"
#include "engine/algorithms/gcra.h"
#include "engine/algorithms/leakybucket.h"
#include "engine/algorithms/slidingwindowcounter.h"
#include "engine/algorithms/slidingwindowlog.h"
#include "engine/algorithms/tokenbucket.h"

#include <algorithm>

namespace ratelab {
namespace {

// A value that reaches a bound at the fractional time `last` + amount / perUs and stays
// there: its line holds up to the microsecond before the one it gets there by.
void addKink(std::vector<SimTime>& out, SimTime reachedAt)
{
    out.push_back(reachedAt - 1);
    out.push_back(reachedAt);
}

// Every multiple of `windowUs` in (from, to], the first kMaxStateBreaks at most.
void addBoundaries(std::vector<SimTime>& out, SimTime from, SimTime to, Duration windowUs)
{
    for (SimTime b = (floorDiv(from, windowUs) + 1) * windowUs; b <= to && out.size() < kMaxStateBreaks; b += windowUs)
        out.push_back(b);
}

}  // namespace

// Continuous: flat before `last` (time that went back refills nothing), then rising at
// refill until full. Interval: a step at each fill until full.
std::vector<SimTime> TokenBucket::breaksOfState(const TokenBucketState& state, SimTime from, SimTime to) const
{
    std::vector<SimTime> out;
    if (state.last == kNever || state.level >= m_capacityScaled)
        return out;
    if (m_params.mode == RefillMode::Continuous) {
        out.push_back(state.last);
        addKink(out, state.last + m_num.ceilOfNonNegative(m_capacityScaled - state.level));
        return out;
    }
    const auto fills = static_cast<std::int64_t>(ceilDiv128(Int128{m_capacityScaled} - state.level, m_perFillScaled));
    const std::int64_t firstFill = floorDiv(state.last, m_params.intervalUs) + 1;
    for (std::int64_t k = 0; k < fills && out.size() < kMaxStateBreaks; ++k) {
        const SimTime fill = (firstFill + k) * m_params.intervalUs;
        if (fill > to)
            break;
        if (fill > from)
            out.push_back(fill);
    }
    return out;
}

// Flat before `last`, then draining at the rate to 0.
std::vector<SimTime> LeakyBucket::breaksOfState(const LeakyBucketState& state, SimTime from, SimTime to) const
{
    (void)from;
    (void)to;
    std::vector<SimTime> out;
    if (state.last == kNever || state.excess <= 0)
        return out;
    out.push_back(state.last);
    addKink(out, state.last + m_num.ceilOfNonNegative(state.excess));
    return out;
}

// Every window boundary: the count drops to 0 at the first, the window's start moves at each.
std::vector<SimTime> FixedWindowEpoch::breaksOfState(const EpochWindowState& state, SimTime from, SimTime to) const
{
    (void)state;
    std::vector<SimTime> out;
    addBoundaries(out, from, to, m_params.windowUs);
    return out;
}

// Each entry leaves the window at leavesAt(entry): the count steps down, the oldest moves on.
std::vector<SimTime> SlidingWindowLog::stateBreaks(KeyId key, SimTime from, SimTime to) const
{
    std::vector<SimTime> out;
    if (key >= m_logs.size())
        return out;
    const TimestampLog& log = m_logs[key];
    for (std::uint32_t i = 0; i < log.size() && out.size() < kMaxStateBreaks; ++i) {
        const SimTime leaves = leavesAt(log.at(i));
        if (leaves > from && leaves <= to)
            out.push_back(leaves);
    }
    return out;
}

// Every boundary (the weight starts again at 1), and in the two windows where a previous
// count p weighs, each step of floor(p x (W - e) / W): it falls to j at
// e = W - ceil((j + 1) W / p) + 1.
std::vector<SimTime> SlidingWindowCounter::breaksOfState(const SlidingCounterState& state, SimTime from, SimTime to) const
{
    const Duration w = m_params.windowUs;
    std::vector<SimTime> out;
    addBoundaries(out, from, to, w);
    if (state.window == kNever)
        return out;
    const std::pair<std::int64_t, std::int64_t> weighing[] = {{state.window, state.prev}, {state.window + 1, state.curr}};
    for (const auto& [index, p] : weighing) {
        const SimTime start = index * w;
        if (p <= 0 || start + w <= from || start > to)
            continue;
        // The step to j falls later as j falls: from the last j whose step is after `from`
        // (found by bisection, as p may be large) down, in time order.
        const std::int64_t count = p;  // a lambda cannot capture a structured binding in clang 14
        const auto stepTo = [&](std::int64_t j) {
            return start + w - static_cast<Duration>(ceilDiv128(Int128{j + 1} * w, count)) + 1;
        };
        std::int64_t lo = 0, hi = p;  // stepTo(j) > from for every j < lo, <= from from hi on
        while (lo < hi) {
            const std::int64_t mid = lo + (hi - lo) / 2;
            if (stepTo(mid) > from)
                lo = mid + 1;
            else
                hi = mid;
        }
        for (std::int64_t j = lo - 1; j >= 0 && out.size() < 2 * kMaxStateBreaks; --j) {
            const SimTime step = stepTo(j);
            if (step > to)
                break;
            out.push_back(step);
        }
    }
    return out;
}

// TAT - now falls at 1 us per us until now reaches the TAT.
std::vector<SimTime> Gcra::breaksOfState(const GcraState& state, SimTime from, SimTime to) const
{
    (void)from;
    (void)to;
    std::vector<SimTime> out;
    if (!m_hasOrigin || state.tat == std::numeric_limits<std::int64_t>::min())
        return out;
    addKink(out, m_origin + static_cast<SimTime>(ceilDiv128(state.tat, m_params.rate.num)));
    return out;
}

}  // namespace ratelab
