#include "engine/algorithms/limiter/arithmetic.h"

#include <algorithm>

namespace ratelab::arithmeticwords {

std::string outcome(const Decision& d, const NumberWords& words)
{
    if (d.allowed)
        return d.delayUs > 0 ? "allowed, held " + words.seconds(static_cast<double>(d.delayUs)) : "allowed";
    if (d.retryAfterUs == kNeverPasses)
        return "rejected; it can never pass, it costs more than the limit allows";
    return "rejected; it fits in " + words.seconds(static_cast<double>(d.retryAfterUs));
}

std::string_view compared(double value, double limit)
{
    return value <= limit ? " ≤ " : " > ";
}

std::string amount(double value, double against, const NumberWords& words)
{
    if (value != 0 && (value < 0 ? -value : value) < 0.05)
        return words.significant(value, 2);
    return words.decisive(value, against, 1);
}

int decimalsOf(std::string_view text)
{
    const std::size_t dot = text.find('.');
    return dot == std::string_view::npos ? 1 : std::max(1, static_cast<int>(text.size() - dot - 1));
}

std::string stamps(const std::vector<SimTime>& times, std::size_t most, const NumberWords& words)
{
    std::string out;
    std::size_t i = 0;
    std::size_t shown = 0;
    while (i < times.size()) {
        std::size_t j = i;
        while (j < times.size() && times[j] == times[i])
            ++j;
        if (!out.empty())
            out += ", ";
        if (shown++ == most) {
            out += "… " + std::to_string(times.size() - i) + " more";
            break;
        }
        out += words.seconds(static_cast<double>(times[i]));
        if (j - i > 1)
            out += " ×" + std::to_string(j - i);
        i = j;
    }
    return out;
}

}  // namespace ratelab::arithmeticwords
