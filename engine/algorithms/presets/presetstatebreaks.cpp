// Where each preset's state, left alone, stops being linear in time (ratelimiter.h
// stateBreaks(), statecurve.h): the Learn view's state curves. A preset that computes in
// doubles has its instants found with its own arithmetic (firstinstant.h), not a closed form
// that a rounding would put a microsecond off. python limits' sliding window counter is in
// limitscounterbreaks.cpp.

#include "engine/algorithms/presets/firstinstant.h"
#include "engine/algorithms/presets/limitsmovingwindow.h"
#include "engine/algorithms/presets/nginxlimitreq.h"
#include "engine/algorithms/presets/redisrategcra.h"
#include "engine/algorithms/presets/throttledgcra.h"
#include "engine/algorithms/presets/xtimerate.h"
#include "engine/algorithms/retrysearch.h"

#include <algorithm>

namespace ratelab {
namespace {

// A value that reaches a bound at `reachedAt` and stays there: its line holds up to the
// microsecond before.
void addKink(std::vector<SimTime>& out, SimTime reachedAt)
{
    out.push_back(reachedAt - 1);
    out.push_back(reachedAt);
}

}  // namespace

// Flat before `last` (advance() refills nothing before it), then rising at `limit` until
// min() holds it at the burst.
std::vector<SimTime> XTimeRate::breaksOfState(const XTimeRateState& state, SimTime from, SimTime to) const
{
    std::vector<SimTime> out;
    const double burst = static_cast<double>(m_params.burst);
    if (state.lastNs == kNever || state.tokens >= burst)
        return out;
    const SimTime last = state.lastNs / 1000;  // a decision's t_us x 1000
    out.push_back(last);
    const SimTime guess = last + saturatedMicros(std::ceil((burst - state.tokens) / m_limit * 1e6));
    const SimTime full =
        firstInstant(std::max(last, from), to + 1, guess, [&](SimTime t) { return advance(state, t * 1000) >= burst; });
    if (full > from && full <= to + 1)
        addKink(out, full);
    return out;
}

// A staircase: the excess falls at each millisecond whose drain floor(rate x ms / 1000) grows
// (every one from 1r/s up, every 62 or 63 at 1r/m), until it is 0. Before `last` - 60 s a
// step back counts as 1 ms, so the excess is one millisecond's drain lower there.
std::vector<SimTime> NginxLimitReq::breaksOfState(const NginxLimitReqState& state, SimTime from, SimTime to) const
{
    std::vector<SimTime> out;
    if (state.lastMs == kNever || state.excess <= 0)
        return out;
    const SimTime stepBack = (state.lastMs - 60000) * kMicrosPerMilli;
    if (stepBack > from && stepBack <= to)
        out.push_back(stepBack);
    std::int64_t ms = std::max<std::int64_t>(0, floorDiv(from, kMicrosPerMilli) - state.lastMs);
    Int128 drained = drainedIn(ms);
    while (drained < state.excess && out.size() < kMaxStateBreaks) {
        // The first millisecond with floor(rate x ms / 1000) >= drained + 1.
        ms = static_cast<std::int64_t>(ceilDiv128((drained + 1) * 1000, m_params.rateMilli));
        const Int128 at = (Int128{state.lastMs} + ms) * kMicrosPerMilli;
        if (at > to)
            break;
        out.push_back(static_cast<SimTime>(at));
        drained = drainedIn(ms);
    }
    return out;
}

// Each logged instant stops counting at the first microsecond the float test fails, about
// entry + W + 1 us (an entry exactly W old still counts): the count steps down, the oldest
// moves on.
std::vector<SimTime> LimitsMovingWindow::stateBreaks(KeyId key, SimTime from, SimTime to) const
{
    std::vector<SimTime> out;
    if (key >= m_logs.size())
        return out;
    const TimestampLog& live = m_logs[key].live;
    for (std::uint32_t i = 0; i < live.size(); ++i) {
        const SimTime entry = live.at(i);
        if (i > 0 && live.at(i - 1) == entry)
            continue;  // one entry per unit of cost: the same instant
        const SimTime left = firstInstant(from, to, entry + m_params.windowUs + 1, [&](SimTime t) { return !counts(entry, t); });
        if (left > from && left <= to)
            out.push_back(left);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    if (out.size() > kMaxStateBreaks)
        out.resize(kMaxStateBreaks);
    return out;
}

// TAT - now falls 1 us per us until now reaches the stored TAT.
std::vector<SimTime> RedisRateGcra::breaksOfState(const RedisRateGcraState& state, SimTime from, SimTime to) const
{
    std::vector<SimTime> out;
    if (std::isnan(state.tat))
        return out;
    const SimTime guess = saturatedMicros((state.tat - scriptNow(0)) * 1e6);
    const SimTime reached = firstInstant(from, to + 1, guess, [&](SimTime t) { return tatMinusUs(state.tat, t) <= 0; });
    if (reached > from && reached <= to + 1)
        addKink(out, reached);
    return out;
}

// TAT - now falls 1 us per us until now x 1000 reaches the TAT in nanoseconds.
std::vector<SimTime> ThrottledGcra::breaksOfState(const ThrottledGcraState& state, SimTime from, SimTime to) const
{
    (void)from;
    (void)to;
    std::vector<SimTime> out;
    if (state.tatNs == kNever)
        return out;
    addKink(out, static_cast<SimTime>(ceilDiv128(state.tatNs, 1000)));
    return out;
}

}  // namespace ratelab
