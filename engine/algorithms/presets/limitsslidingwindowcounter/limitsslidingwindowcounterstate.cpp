// What limits_sliding_window_counter shows of a key's state and how the state changes with time alone (the
// Learn view's lanes: inspect(), limits(), stateBreaks(); statecurve.h), in the arithmetic
// and units of the system it reproduces.

#include "engine/algorithms/presets/limitsslidingwindowcounter/limitsslidingwindowcounter.h"

#include <algorithm>

namespace ratelab {

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

}  // namespace ratelab
