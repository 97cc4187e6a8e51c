#include "engine/core/units.h"

#include <charconv>
#include <numeric>

namespace ratelab {
namespace {

enum class Decimal { Ok, Malformed, TooLarge };

// Reads "123" or "12.34" into digits-as-integer and the number of decimals; too many digits to
// keep (over 2^50) is TooLarge once the whole text is known to be a number.
Decimal parseDecimal(std::string_view text, std::int64_t& scaled, int& decimals)
{
    scaled = 0;
    decimals = 0;
    bool seenPoint = false;
    bool seenDigit = false;
    bool tooLarge = false;
    for (char c : text) {
        if (c == '.' && !seenPoint) {
            seenPoint = true;
            continue;
        }
        if (c < '0' || c > '9')
            return Decimal::Malformed;
        seenDigit = true;
        if (seenPoint)
            ++decimals;
        if (scaled > (std::int64_t{1} << 50))
            tooLarge = true;
        else
            scaled = scaled * 10 + (c - '0');
    }
    if (!seenDigit || decimals > 6)
        return Decimal::Malformed;
    return tooLarge ? Decimal::TooLarge : Decimal::Ok;
}

std::optional<Duration> unitMicros(std::string_view unit)
{
    if (unit == "us")
        return 1;
    if (unit == "ms")
        return kMicrosPerMilli;
    if (unit == "s")
        return kMicrosPerSecond;
    if (unit == "m")
        return kMicrosPerMinute;
    if (unit == "h")
        return kMicrosPerHour;
    return std::nullopt;
}

std::int64_t pow10(int n)
{
    std::int64_t p = 1;
    while (n-- > 0)
        p *= 10;
    return p;
}

}  // namespace

double Rate::perSecondNearest() const
{
    // Both operands are exact doubles (< 2^53), so one IEEE division gives the nearest double.
    return static_cast<double>(countScaled) * static_cast<double>(kMicrosPerSecond)
        / (static_cast<double>(pow10(decimals)) * static_cast<double>(unitUs));
}

std::int64_t Rate::decimalScale() const
{
    return pow10(decimals);
}

double Rate::count() const
{
    return static_cast<double>(countScaled) / static_cast<double>(pow10(decimals));
}

std::optional<Duration> parseDuration(std::string_view text, std::string& error)
{
    std::size_t split = 0;
    while (split < text.size() && ((text[split] >= '0' && text[split] <= '9') || text[split] == '.'))
        ++split;
    const auto unit = unitMicros(text.substr(split));
    std::int64_t scaled = 0;
    int decimals = 0;
    const Decimal number = split == 0 || !unit ? Decimal::Malformed : parseDecimal(text.substr(0, split), scaled, decimals);
    if (number == Decimal::Malformed) {
        error = "expected a duration like 250ms, 1.5s or 2m (units us, ms, s, m, h)";
        return std::nullopt;
    }
    if (number == Decimal::TooLarge) {
        error = "duration is too large";
        return std::nullopt;
    }
    const Int128 us = Int128{scaled} * *unit;
    const std::int64_t div = pow10(decimals);
    if (us % div != 0) {
        error = "duration is not a whole number of microseconds";
        return std::nullopt;
    }
    if (us / div > (Int128{1} << 62)) {
        error = "duration is too large";
        return std::nullopt;
    }
    return static_cast<Duration>(us / div);
}

std::optional<Duration> parseSignedDuration(std::string_view text, std::string& error)
{
    const bool negative = !text.empty() && text.front() == '-';
    if (!text.empty() && (text.front() == '-' || text.front() == '+'))
        text.remove_prefix(1);
    const auto value = parseDuration(text, error);
    if (!value)
        return std::nullopt;
    return negative ? -*value : *value;
}

std::optional<Rate> parseRate(std::string_view text, std::string& error)
{
    const auto slash = text.find('/');
    if (slash == std::string_view::npos) {
        error = "expected a rate like 10/s, 2.5/s or 600/m";
        return std::nullopt;
    }
    std::string_view count = text.substr(0, slash);
    if (!count.empty() && count.back() == 'r')  // nginx writes "10r/s"
        count.remove_suffix(1);
    const auto unit = unitMicros(text.substr(slash + 1));
    Rate rate;
    const Decimal number = !unit ? Decimal::Malformed : parseDecimal(count, rate.countScaled, rate.decimals);
    if (number == Decimal::Malformed) {
        error = "expected a rate like 10/s, 2.5/s or 600/m (N a decimal with at most 6 decimals)";
        return std::nullopt;
    }
    if (number == Decimal::TooLarge) {
        error = "rate is too large";
        return std::nullopt;
    }
    if (rate.countScaled == 0) {
        error = "rate must be positive";
        return std::nullopt;
    }
    rate.unitUs = *unit;
    rate.text = std::string(text);
    // N / unit per unit-time = countScaled / (10^decimals x unitUs) per microsecond.
    std::int64_t num = rate.countScaled;
    std::int64_t den = pow10(rate.decimals) * rate.unitUs;
    const std::int64_t g = std::gcd(num, den);
    rate.num = num / g;
    rate.den = den / g;
    // Exact algorithms scale levels by den and multiply times by num: keep both bounded so a
    // year of microseconds times num stays far inside int64.
    if (rate.num > 1'000'000 || rate.den > (std::int64_t{1} << 52)) {
        error = "rate has too many significant digits to be kept exact";
        return std::nullopt;
    }
    return rate;
}

std::optional<std::int64_t> parseInteger(std::string_view text, std::string& error)
{
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec == std::errc::result_out_of_range && end == text.data() + text.size()) {
        error = "integer out of range (-9223372036854775808 to 9223372036854775807)";
        return std::nullopt;
    }
    if (ec != std::errc() || end != text.data() + text.size()) {
        error = "expected an integer";
        return std::nullopt;
    }
    return value;
}

std::optional<bool> parseBool(std::string_view text, std::string& error)
{
    if (text == "true" || text == "1" || text == "yes" || text == "on")
        return true;
    if (text == "false" || text == "0" || text == "no" || text == "off")
        return false;
    error = "expected true or false";
    return std::nullopt;
}

std::string formatDuration(Duration us)
{
    if (us < 0) {
        std::string negative = "-";  // appended, not "-" + ...: GCC 12 warns falsely (-Wrestrict)
        return negative += formatDuration(-us);
    }
    struct Unit {
        Duration micros;
        const char* name;
    };
    static constexpr Unit kUnits[] = {
        {kMicrosPerHour, "h"}, {kMicrosPerMinute, "m"}, {kMicrosPerSecond, "s"}, {kMicrosPerMilli, "ms"}};
    for (const Unit& u : kUnits) {
        if (us != 0 && us % u.micros == 0)
            return std::to_string(us / u.micros) + u.name;
    }
    return std::to_string(us) + "us";
}

}  // namespace ratelab
