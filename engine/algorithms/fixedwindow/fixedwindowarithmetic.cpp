// FixedWindowEpoch's arithmetic before a decision (FixedWindowFirst's is inline in
// fixedwindow.h), computed as its decideOne() does without changing anything, and the
// sentence that works it through for the Learn view (arithmetic.h).

#include "engine/algorithms/fixedwindow/fixedwindow.h"

#include <algorithm>

namespace ratelab {

FixedWindowArithmetic FixedWindowEpoch::arithmeticOf(const EpochWindowState& state, SimTime now) const
{
    FixedWindowArithmetic a;
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

std::string FixedWindowArithmetic::sentence(Cost cost, const Decision& decision, const NumberWords& words) const
{
    std::string text =
        "Window " + words.seconds(static_cast<double>(windowStartUs)) + "–" + words.seconds(static_cast<double>(windowEndUs));
    if (windowOpened)
        text += " (new: the last one ended)";
    const std::int64_t would = count + cost;
    text += ": " + std::to_string(count) + " of " + std::to_string(limit) + " counted; this request costs " + std::to_string(cost)
        + " → " + std::to_string(would)
        + std::string(arithmeticwords::compared(static_cast<double>(would), static_cast<double>(limit))) + std::to_string(limit)
        + ", ";
    text += arithmeticwords::outcome(decision, words);
    if (!decision.allowed && countsRejected)
        text += " (its cost counts anyway)";
    return text + "; the window resets at " + words.seconds(static_cast<double>(windowEndUs)) + ".";
}

}  // namespace ratelab
