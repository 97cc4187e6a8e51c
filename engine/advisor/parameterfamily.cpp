#include "engine/advisor/parameterfamily.h"

#include "engine/core/units.h"

#include <optional>
#include <stdexcept>

namespace ratelab {

const std::vector<ParameterFamily>& parameterFamilies()
{
    constexpr std::int64_t kInt31 = (std::int64_t{1} << 31) - 1;
    static const std::vector<ParameterFamily> families{
        {"token_bucket", "capacity", 1, kInt31},        {"leaky_bucket", "burst", 0, kInt31 - 1},
        {"fixed_window", "limit", 1, kInt31},           {"sliding_window_log", "limit", 1, std::int64_t{1} << 24},
        {"sliding_window_counter", "limit", 1, kInt31}, {"gcra", "burst", 1, kInt31},
    };
    return families;
}

const ParameterFamily* findFamily(const std::string& algorithm)
{
    for (const ParameterFamily& f : parameterFamilies())
        if (f.algorithm == algorithm)
            return &f;
    return nullptr;
}

namespace {

// count per window in `unit` with exactly `decimals` digits after the point, if exact.
std::optional<std::string> rateIn(std::int64_t count, Duration windowUs, Duration unitUs, const char* unit, int decimals)
{
    Int128 scale = 1;
    for (int i = 0; i < decimals; ++i)
        scale *= 10;
    const Int128 numerator = Int128{count} * unitUs * scale;
    if (numerator % windowUs != 0)
        return std::nullopt;
    const auto scaled = static_cast<std::int64_t>(numerator / windowUs);
    const auto p = static_cast<std::int64_t>(scale);
    std::string text = std::to_string(scaled / p);
    if (decimals > 0) {
        const std::string frac = std::to_string(scaled % p);
        text += '.';
        text.append(static_cast<std::size_t>(decimals) - frac.size(), '0');
        text += frac;
    }
    return text + "/" + unit;
}

}  // namespace

std::string exactRateText(std::int64_t count, Duration windowUs)
{
    struct Unit {
        Duration micros;
        const char* name;
    };
    static constexpr Unit kUnits[] = {
        {kMicrosPerHour, "h"}, {kMicrosPerMinute, "m"}, {kMicrosPerSecond, "s"}, {kMicrosPerMilli, "ms"}, {1, "us"}};
    // Prefer the unit equal to the window, then the one with the fewest decimals.
    for (const Unit& u : kUnits)
        if (u.micros == windowUs)
            return std::to_string(count) + "/" + u.name;
    // Then the largest unit not above the window, with up to 6 decimals ("0.5/s" for 5 per
    // 10s); then any unit with the fewest decimals ("8400/h" for 7 per 3s).
    for (const Unit& u : kUnits) {
        if (u.micros > windowUs)
            continue;
        for (int decimals = 0; decimals <= 6; ++decimals) {
            if (auto text = rateIn(count, windowUs, u.micros, u.name, decimals))
                return *text;
        }
        break;
    }
    for (int decimals = 0; decimals <= 6; ++decimals) {
        for (const Unit& u : kUnits)
            if (auto text = rateIn(count, windowUs, u.micros, u.name, decimals))
                return *text;
    }
    throw std::invalid_argument("no exact rate for " + std::to_string(count) + " per " + std::to_string(windowUs) + "us");
}

double sustainedPerSecond(const ParameterFamily& family, std::int64_t v, Duration windowUs)
{
    const std::int64_t perWindow = family.algorithm == "leaky_bucket" ? v + 1 : v;
    return static_cast<double>(perWindow) * static_cast<double>(kMicrosPerSecond) / static_cast<double>(windowUs);
}

ParamValues familyParams(const ParameterFamily& family, std::int64_t v, Duration windowUs)
{
    const std::string value = std::to_string(v);
    const std::string& a = family.algorithm;
    if (a == "token_bucket")
        return {{"capacity", value}, {"refill", exactRateText(v, windowUs)}};
    if (a == "leaky_bucket")
        return {{"burst", value}, {"rate", exactRateText(v + 1, windowUs)}, {"mode", "police"}};
    if (a == "gcra")
        return {{"burst", value}, {"rate", exactRateText(v, windowUs)}};
    return {{"limit", value}, {"window", formatDuration(windowUs)}};
}

}  // namespace ratelab
