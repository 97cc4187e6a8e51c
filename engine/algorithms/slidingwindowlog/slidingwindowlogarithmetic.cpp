// SlidingWindowLog's arithmetic before a decision, computed as its decideOne() does without changing
// anything, and the sentence that works it through for the Learn view (arithmetic.h).

#include "engine/algorithms/slidingwindowlog/slidingwindowlog.h"

#include <algorithm>

namespace ratelab {

SlidingLogArithmetic SlidingWindowLog::arithmeticOf(KeyId key, SimTime now) const
{
    SlidingLogArithmetic a;
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

std::string SlidingLogArithmetic::sentence(Cost cost, const Decision& decision, const NumberWords& words) const
{
    const double from = static_cast<double>(nowUs - windowUs);
    std::string text = "Window " + std::string(inclusive ? "[" : "(") + words.seconds(from) + ", "
        + words.seconds(static_cast<double>(nowUs)) + "]: " + std::to_string(count) + " of " + std::to_string(limit) + " counted";
    if (!entries.empty())
        text += " (" + arithmeticwords::stamps(entries, 5, words) + ")";
    if (!leftEntries.empty())
        text += "; " + words.count(static_cast<std::int64_t>(leftEntries.size()), "entry", "entries") + " left it ("
            + arithmeticwords::stamps(leftEntries, 3, words) + ")";
    const std::int64_t would = count + cost;
    text += "; this request costs " + std::to_string(cost) + " → " + std::to_string(would)
        + std::string(arithmeticwords::compared(static_cast<double>(would), static_cast<double>(limit))) + std::to_string(limit)
        + ", ";
    return text + arithmeticwords::outcome(decision, words) + ".";
}

}  // namespace ratelab
