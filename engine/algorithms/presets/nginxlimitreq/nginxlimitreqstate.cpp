// What nginx_limit_req shows of a key's state and how the state changes with time alone (the
// Learn view's lanes: inspect(), limits(), stateBreaks(); statecurve.h), in the arithmetic
// and units of the system it reproduces.

#include "engine/algorithms/limiter/firstinstant.h"
#include "engine/algorithms/limiter/retrysearch.h"
#include "engine/algorithms/limiter/statebreaks.h"
#include "engine/algorithms/presets/nginxlimitreq/nginxlimitreq.h"

#include <algorithm>

namespace ratelab {

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

}  // namespace ratelab
