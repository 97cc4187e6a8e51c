// SlidingWindowCounter's arithmetic before a decision, computed as its decideOne() does without changing
// anything, and the sentence that works it through for the Learn view (arithmetic.h).

#include "engine/algorithms/slidingwindowcounter/slidingwindowcounter.h"

#include <algorithm>

namespace ratelab {

SlidingCounterArithmetic SlidingWindowCounter::arithmeticOf(const SlidingCounterState& state, SimTime now) const
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
    SlidingCounterArithmetic a;
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

std::string SlidingCounterArithmetic::sentence(Cost cost, const Decision& decision, const NumberWords& words) const
{
    std::string text = "Window " + words.seconds(static_cast<double>(windowStartUs)) + "–"
        + words.seconds(static_cast<double>(windowEndUs)) + ", " + words.seconds(static_cast<double>(intoWindowUs)) + " in";
    if (windowOpened)
        text += " (new: the last one ended)";
    const std::string prev = std::to_string(previous);
    text += ": the previous window's " + prev + " weigh floor(" + prev + " × "
        + words.seconds(static_cast<double>(windowUs - intoWindowUs)) + " / " + words.seconds(static_cast<double>(windowUs))
        + ") = " + std::to_string(weighted) + "; + " + std::to_string(count) + " this window = " + std::to_string(estimate);
    const std::int64_t would = estimate + cost;
    text += "; this request costs " + std::to_string(cost) + " → " + std::to_string(would)
        + std::string(arithmeticwords::compared(static_cast<double>(would), static_cast<double>(limit))) + std::to_string(limit)
        + ", ";
    return text + arithmeticwords::outcome(decision, words) + ".";
}

}  // namespace ratelab
