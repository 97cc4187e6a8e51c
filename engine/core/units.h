#pragma once
// Parsing of the CLI's parameter syntax: durations ("250ms", "1.5s", "2m") and rates
// ("10/s", "2.5/s", "600/m", and nginx's "10r/s"). Rates are kept as exact rationals.

#include "engine/core/simtime.h"

#include <optional>
#include <string>
#include <string_view>

namespace ratelab {

// A rate as an exact rational number of units (tokens, requests) per microsecond:
// perMicro = num / den, reduced, both positive. `count` / `unitUs` keep the user's form
// ("N per unit") for presets that reproduce float or integer libraries.
struct Rate {
    std::int64_t num = 0;
    std::int64_t den = 1;
    std::int64_t countScaled = 0;  // N x 10^decimals
    int decimals = 0;              // digits after the point in N
    Duration unitUs = kMicrosPerSecond;
    std::string text;

    double perSecondNearest() const;    // the double nearest N / unit-seconds
    double count() const;               // N as a double
    std::int64_t decimalScale() const;  // 10^decimals
};

// Each returns std::nullopt and sets `error` to a short reason on failure.
std::optional<Duration> parseDuration(std::string_view text, std::string& error);
// A duration with an optional sign: "-250ms", "+12ms".
std::optional<Duration> parseSignedDuration(std::string_view text, std::string& error);
std::optional<Rate> parseRate(std::string_view text, std::string& error);
std::optional<std::int64_t> parseInteger(std::string_view text, std::string& error);
std::optional<bool> parseBool(std::string_view text, std::string& error);

std::string formatDuration(Duration us);  // signed: "-250ms"

}  // namespace ratelab
