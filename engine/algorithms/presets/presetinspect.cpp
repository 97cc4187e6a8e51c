// What each preset shows of a key's state in the Learn view (ratelimiter.h inspect()): the
// value its reference computes at `now` before a request, in its own arithmetic and units
// (x/time/rate's float tokens, nginx's milli-requests over whole milliseconds, the float
// seconds of python limits and redis_rate, throttled's integer nanoseconds).

#include "engine/algorithms/presets/limitsmovingwindow.h"
#include "engine/algorithms/presets/limitsslidingwindowcounter.h"
#include "engine/algorithms/presets/nginxlimitreq.h"
#include "engine/algorithms/presets/redisrategcra.h"
#include "engine/algorithms/presets/throttledgcra.h"
#include "engine/algorithms/presets/xtimerate.h"

#include <algorithm>

namespace ratelab {

// advance(t): a new key is full (its elapsed time saturates), time before `last` refills nothing.
std::vector<StateValue> XTimeRate::inspectState(const XTimeRateState& state, SimTime now) const
{
    return {{"tokens", advance(state, now * 1000), "tokens"}};
}

std::vector<StateValue> XTimeRate::limits() const
{
    return {{"burst", static_cast<double>(m_params.burst), "tokens"}};
}

// The excess left after nginx's drain to `now`, max(0, excess - floor(rate x ms / 1000)) over
// whole milliseconds, before a request adds its 1000: a staircase, not a line.
std::vector<StateValue> NginxLimitReq::inspectState(const NginxLimitReqState& state, SimTime now) const
{
    double excess = 0;
    if (state.lastMs != kNever) {
        const Int128 left = Int128{state.excess} - drainedIn(elapsedMs(state.lastMs, now));
        excess = static_cast<double>(std::max<Int128>(0, left)) / 1000.0;
    }
    return {{"excess", excess, "requests"}};
}

// The burst, and the excess above which an accepted request is held (delay=N without nodelay).
std::vector<StateValue> NginxLimitReq::limits() const
{
    std::vector<StateValue> out{{"burst", static_cast<double>(m_params.burst), "requests"}};
    if (!m_params.nodelay && m_params.delay > 0)
        out.push_back({"delay", static_cast<double>(m_params.delay), "requests"});
    return out;
}

// The entries Python's float test still counts (entry >= now - W), one per unit of cost, and
// the first of them in the list's arrival order (now when none counts).
std::vector<StateValue> LimitsMovingWindow::inspect(KeyId key, SimTime now) const
{
    double counted = 0;
    double oldest = static_cast<double>(now);
    if (key < m_logs.size()) {
        const TimestampLog& live = m_logs[key].live;
        for (std::uint32_t i = 0; i < live.size(); ++i) {
            if (counts(live.at(i), now)) {
                if (counted == 0)
                    oldest = static_cast<double>(live.at(i));
                ++counted;
            }
        }
    }
    return {{"count", counted, "requests"}, {"oldest_us", oldest, "us"}};
}

std::vector<StateValue> LimitsMovingWindow::limits() const
{
    return {{"limit", static_cast<double>(m_params.limit), "requests"}};
}

// _get_sliding_window_info at the instant the preset decides at (decideOne's max(now, the
// start of the window before the newest)): the two counts, previous_ttl (0 when the previous
// count is 0, as limits sets it) and the weighted count floored, as the rule compares it.
// previous_ttl = (1 - ((now - W) / W) % 1) x W is the time to the end of window
// floor((now - W) / W) + 1: shown as that, in whole microseconds, stepping where the floats
// do; limits' float of it differs by the rounding of now / 1e6, under a microsecond. The
// current window's start, window_start_us, steps up at each boundary: Learn's window bands.
std::vector<StateValue> LimitsSlidingWindowCounter::inspectState(const LimitsSlidingCounterState& state, SimTime now) const
{
    const SimTime at = std::max(now, heldFrom(state));
    const Window win = look(state, static_cast<double>(at) / 1e6);
    const double windowEnd = (win.previousFloor + 2) * static_cast<double>(m_params.windowUs);
    return {{"previous", static_cast<double>(win.previousCount), "requests"},
            {"current", static_cast<double>(win.currentCount), "requests"},
            {"previous_ttl", win.previousCount == 0 ? 0.0 : windowEnd - static_cast<double>(at), "us"},
            {"estimate", static_cast<double>(estimateOf(win)), "requests"},
            {"window_start_us", windowEnd - static_cast<double>(m_params.windowUs), "us"}};
}

std::vector<StateValue> LimitsSlidingWindowCounter::limits() const
{
    return {{"limit", static_cast<double>(m_params.limit), "requests"}};
}

// The stored TAT (a double, seconds since 2017, its roundings included: 0.1 + 0.2 is
// 0.30000000000000004) minus now, floored at 0 as max(tat, now).
std::vector<StateValue> RedisRateGcra::inspectState(const RedisRateGcraState& state, SimTime now) const
{
    const double ahead = std::isnan(state.tat) ? 0.0 : std::max(0.0, tatMinusUs(state.tat, now));
    return {{"tat_minus_now", ahead, "us"}};
}

// tau is the script's burst_offset = emission_interval x burst: a request passes iff its new
// TAT - now is within it. Named as GCRA's, whose TAT + T - tau the Learn view shades.
std::vector<StateValue> RedisRateGcra::limits() const
{
    return {{"tau", m_emissionInterval * static_cast<double>(m_params.burst) * 1e6, "us"},
            {"emission_interval", m_emissionInterval * 1e6, "us"}};
}

// TAT - now in integer nanoseconds, shown in microseconds, floored at 0 as max(tat, now).
std::vector<StateValue> ThrottledGcra::inspectState(const ThrottledGcraState& state, SimTime now) const
{
    const std::int64_t ahead = state.tatNs == kNever ? 0 : std::max<std::int64_t>(0, state.tatNs - now * 1000);
    return {{"tat_minus_now", static_cast<double>(ahead) / 1000.0, "us"}};
}

// tau is throttled's delay variation tolerance T x (max_burst + 1): a request passes iff its
// new TAT - now is within it. Named as GCRA's, whose TAT + T - tau the Learn view shades.
std::vector<StateValue> ThrottledGcra::limits() const
{
    return {{"tau", static_cast<double>(m_toleranceNs) / 1000.0, "us"},
            {"emission_interval", static_cast<double>(m_emissionNs) / 1000.0, "us"}};
}

}  // namespace ratelab
