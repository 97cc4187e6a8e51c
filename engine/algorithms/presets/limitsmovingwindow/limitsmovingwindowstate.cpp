// What limits_moving_window shows of a key's state and how the state changes with time alone (the
// Learn view's lanes: inspect(), limits(), stateBreaks(); statecurve.h), in the arithmetic
// and units of the system it reproduces.

#include "engine/algorithms/limiter/firstinstant.h"
#include "engine/algorithms/limiter/retrysearch.h"
#include "engine/algorithms/limiter/statebreaks.h"
#include "engine/algorithms/presets/limitsmovingwindow/limitsmovingwindow.h"

#include <algorithm>

namespace ratelab {

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

}  // namespace ratelab
