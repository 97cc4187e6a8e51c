// What each exact algorithm shows of a key's state in the Learn view (ratelimiter.h inspect()).

#include "engine/algorithms/fixedwindow.h"
#include "engine/algorithms/gcra.h"
#include "engine/algorithms/leakybucket.h"
#include "engine/algorithms/slidingwindowcounter.h"
#include "engine/algorithms/slidingwindowlog.h"
#include "engine/algorithms/tokenbucket.h"

#include <algorithm>

namespace ratelab {

std::vector<StateValue> TokenBucket::inspectState(const TokenBucketState& state, SimTime now) const
{
    return {{"tokens", static_cast<double>(levelAt(state, now)) / static_cast<double>(m_params.refill.den), "tokens"}};
}

std::vector<StateValue> TokenBucket::limits() const
{
    return {{"capacity", static_cast<double>(m_params.capacity), "tokens"}};
}

std::vector<StateValue> LeakyBucket::inspectState(const LeakyBucketState& state, SimTime now) const
{
    // The excess left after draining to `now` (before any new request adds to it).
    double excess = 0;
    if (state.last != kNever) {
        const Int128 drained = Int128{state.excess} - Int128{std::max<Duration>(0, now - state.last)} * m_params.rate.num;
        excess = static_cast<double>(std::max<Int128>(0, drained)) / static_cast<double>(m_params.rate.den);
    }
    return {{"excess", excess, "requests"}};
}

std::vector<StateValue> LeakyBucket::limits() const
{
    return {{"burst", static_cast<double>(m_params.burst), "requests"}};
}

std::vector<StateValue> FixedWindowEpoch::inspectState(const EpochWindowState& state, SimTime now) const
{
    const std::int64_t index = floorDiv(now, m_params.windowUs);
    const bool current = state.window == index;
    return {{"count", current ? static_cast<double>(state.count) : 0.0, "requests"},
            {"window_start_us", static_cast<double>(index * m_params.windowUs), "us"}};
}

std::vector<StateValue> FixedWindowEpoch::limits() const
{
    return {{"limit", static_cast<double>(m_params.limit), "requests"}};
}

std::vector<StateValue> SlidingWindowLog::inspect(KeyId key, SimTime now) const
{
    double counted = 0;
    double oldest = static_cast<double>(now);
    if (key < m_logs.size()) {
        const TimestampLog& log = m_logs[key];
        for (std::uint32_t i = 0; i < log.size(); ++i) {
            if (leavesAt(log.at(i)) > now) {
                if (counted == 0)
                    oldest = static_cast<double>(log.at(i));
                ++counted;
            }
        }
    }
    return {{"count", counted, "requests"}, {"oldest_us", oldest, "us"}};
}

std::vector<StateValue> SlidingWindowCounter::inspectState(const SlidingCounterState& state, SimTime now) const
{
    const Duration w = m_params.windowUs;
    const std::int64_t index = floorDiv(now, w);
    std::int64_t curr = 0;
    std::int64_t prev = 0;
    if (state.window == index) {
        curr = state.curr;
        prev = state.prev;
    } else if (state.window == index - 1) {
        prev = state.curr;
    }
    const Duration elapsed = now - index * w;
    const double weight = static_cast<double>(w - elapsed) / static_cast<double>(w);
    return {{"previous", static_cast<double>(prev), "requests"},
            {"current", static_cast<double>(curr), "requests"},
            {"previous_weight", weight, "share"},
            {"estimate", static_cast<double>(weighted(prev, elapsed) + curr), "requests"}};
}

std::vector<StateValue> SlidingWindowCounter::limits() const
{
    return {{"limit", static_cast<double>(m_params.limit), "requests"}};
}

std::vector<StateValue> Gcra::inspectState(const GcraState& state, SimTime now) const
{
    double ahead = 0;
    if (m_hasOrigin && state.tat != std::numeric_limits<std::int64_t>::min()) {
        const Int128 nowScaled = Int128{now - m_origin} * m_params.rate.num;
        ahead = static_cast<double>(std::max<Int128>(0, Int128{state.tat} - nowScaled)) / static_cast<double>(m_params.rate.num);
    }
    return {{"tat_minus_now", ahead, "us"}};
}

std::vector<StateValue> Gcra::limits() const
{
    const double tau = static_cast<double>(m_tauScaled) / static_cast<double>(m_params.rate.num);
    return {{"tau", tau, "us"},
            {"emission_interval", static_cast<double>(m_params.rate.den) / static_cast<double>(m_params.rate.num), "us"}};
}

}  // namespace ratelab
