#include "engine/logs/parsers/timeparse.h"

#include "engine/logs/parsers/textscan.h"

#include <cstring>

namespace ratelab {
namespace {

using textscan::fixedDigits;
using textscan::isDigit;

bool isLeapYear(int y)
{
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

int daysInMonth(int y, int m)
{
    static constexpr int kDays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && isLeapYear(y) ? 29 : kDays[m - 1];
}

// Checks a calendar date and a time of day; a leap second (:60) is accepted.
TimeParse checkDate(int y, int mo, int d, int h, int mi, int s)
{
    if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 60)
        return TimeParse::Bad;
    if (d > daysInMonth(y, mo))
        return TimeParse::Bad;
    if (y < kMinYear || y > kMaxYear)
        return TimeParse::OutOfRange;
    return TimeParse::Ok;
}

SimTime toMicros(int y, int mo, int d, int h, int mi, int s)
{
    const std::int64_t days = daysFromCivil(y, static_cast<unsigned>(mo), static_cast<unsigned>(d));
    return ((days * 24 + h) * 60 + mi) * 60 * kMicrosPerSecond + std::int64_t{s} * kMicrosPerSecond;
}

// Digits after a '.' or ',' at text[pos]: microseconds (truncated past six digits); pos moves past them.
bool parseFraction(std::string_view text, std::size_t& pos, std::int64_t& micros)
{
    micros = 0;
    if (pos >= text.size() || (text[pos] != '.' && text[pos] != ','))
        return true;
    ++pos;
    int digits = 0;
    while (pos < text.size() && isDigit(text[pos])) {
        if (digits < 6) {
            micros = micros * 10 + (text[pos] - '0');
            ++digits;
        }
        ++pos;
    }
    if (digits == 0)
        return false;
    for (; digits < 6; ++digits)
        micros *= 10;
    return true;
}

// A zone at text[pos, end): "Z", "+hhmm", "+hh:mm", "+hh", or nothing (UTC). Sets the
// offset east of UTC in microseconds.
TimeParse parseZone(std::string_view zone, std::int64_t& offsetUs)
{
    offsetUs = 0;
    if (zone.empty() || zone == "Z" || zone == "z")
        return TimeParse::Ok;
    const char sign = zone[0];
    if (sign != '+' && sign != '-')
        return TimeParse::Bad;
    zone.remove_prefix(1);
    int hours = 0;
    int minutes = 0;
    if (!fixedDigits(zone, 0, 2, hours))
        return TimeParse::Bad;
    std::size_t pos = 2;
    if (pos < zone.size() && zone[pos] == ':')
        ++pos;
    if (pos < zone.size()) {
        if (!fixedDigits(zone, pos, 2, minutes) || pos + 2 != zone.size())
            return TimeParse::Bad;
    }
    if (minutes > 59)
        return TimeParse::Bad;
    if (hours > 23)
        return TimeParse::OutOfRange;
    offsetUs = (std::int64_t{hours} * 60 + minutes) * kMicrosPerMinute;
    if (sign == '-')
        offsetUs = -offsetUs;
    return TimeParse::Ok;
}

// The instant of a parsed date, time, fraction and zone, once the zone and date are checked.
TimeParse combine(int y, int mo, int d, int h, int mi, int s, std::int64_t fraction, std::string_view zone, SimTime& out)
{
    std::int64_t offset = 0;
    if (const TimeParse z = parseZone(zone, offset); z != TimeParse::Ok)
        return z;
    if (const TimeParse c = checkDate(y, mo, d, h, mi, s); c != TimeParse::Ok)
        return c;
    out = toMicros(y, mo, d, h, mi, s) + fraction - offset;
    return inValidRange(out);
}

}  // namespace

int monthFromAbbreviation(std::string_view m)
{
    if (m.size() != 3)
        return 0;
    // Case-insensitive on the ASCII letters.
    const auto lower = [](char c) { return static_cast<char>(c | 0x20); };
    const char a = lower(m[0]);
    const char b = lower(m[1]);
    const char c = lower(m[2]);
    switch (a) {
    case 'j': return b == 'a' && c == 'n' ? 1 : (b == 'u' ? (c == 'n' ? 6 : (c == 'l' ? 7 : 0)) : 0);
    case 'f': return b == 'e' && c == 'b' ? 2 : 0;
    case 'm': return b == 'a' ? (c == 'r' ? 3 : (c == 'y' ? 5 : 0)) : 0;
    case 'a': return b == 'p' && c == 'r' ? 4 : (b == 'u' && c == 'g' ? 8 : 0);
    case 's': return b == 'e' && c == 'p' ? 9 : 0;
    case 'o': return b == 'c' && c == 't' ? 10 : 0;
    case 'n': return b == 'o' && c == 'v' ? 11 : 0;
    case 'd': return b == 'e' && c == 'c' ? 12 : 0;
    default: return 0;
    }
}

TimeParse parseClfTime(std::string_view text, SimTime& out)
{
    // dd/Mon/yyyy:HH:MM:SS[.fff][ +zzzz]
    int d = 0, y = 0, h = 0, mi = 0, s = 0;
    if (text.size() < 20 || text[2] != '/' || text[6] != '/' || text[11] != ':' || text[14] != ':' || text[17] != ':')
        return TimeParse::Bad;
    const int mo = monthFromAbbreviation(text.substr(3, 3));
    if (mo == 0 || !fixedDigits(text, 0, 2, d) || !fixedDigits(text, 7, 4, y) || !fixedDigits(text, 12, 2, h)
        || !fixedDigits(text, 15, 2, mi) || !fixedDigits(text, 18, 2, s))
        return TimeParse::Bad;
    std::size_t pos = 20;
    std::int64_t fraction = 0;
    if (!parseFraction(text, pos, fraction))
        return TimeParse::Bad;
    std::string_view zone = text.substr(pos);
    if (!zone.empty()) {
        if (zone[0] != ' ')
            return TimeParse::Bad;
        zone.remove_prefix(1);
    }
    return combine(y, mo, d, h, mi, s, fraction, zone, out);
}

TimeParse parseIso8601(std::string_view text, SimTime& out)
{
    // yyyy-mm-dd[T ]HH:MM[:SS[.ffffff]][zone]
    int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
    if (text.size() < 16 || text[4] != '-' || text[7] != '-' || (text[10] != 'T' && text[10] != ' ' && text[10] != 't')
        || text[13] != ':')
        return TimeParse::Bad;
    if (!fixedDigits(text, 0, 4, y) || !fixedDigits(text, 5, 2, mo) || !fixedDigits(text, 8, 2, d) || !fixedDigits(text, 11, 2, h)
        || !fixedDigits(text, 14, 2, mi))
        return TimeParse::Bad;
    std::size_t pos = 16;
    if (pos < text.size() && text[pos] == ':') {
        if (!fixedDigits(text, pos + 1, 2, s))
            return TimeParse::Bad;
        pos += 3;
    }
    std::int64_t fraction = 0;
    if (!parseFraction(text, pos, fraction))
        return TimeParse::Bad;
    return combine(y, mo, d, h, mi, s, fraction, text.substr(pos), out);
}

TimeParse parseEpoch(std::string_view text, SimTime& out)
{
    if (text.empty())
        return TimeParse::Bad;
    if (text[0] == '-')
        return text.size() > 1 && isDigit(text[1]) ? TimeParse::OutOfRange : TimeParse::Bad;
    const std::size_t dot = text.find('.');
    const std::string_view whole = text.substr(0, dot);
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(whole.data(), whole.data() + whole.size(), value);
    if (ec == std::errc::result_out_of_range)
        return TimeParse::OutOfRange;
    if (ec != std::errc() || end != whole.data() + whole.size())
        return TimeParse::Bad;
    // The fraction, scaled to the unit the magnitude implies, down to microseconds.
    std::int64_t unitUs = 0;  // microseconds per unit; 0 for nanoseconds
    if (value < 100'000'000'000ULL)
        unitUs = kMicrosPerSecond;
    else if (value < 100'000'000'000'000ULL)
        unitUs = kMicrosPerMilli;
    else if (value < 100'000'000'000'000'000ULL)
        unitUs = 1;
    std::int64_t fractionUs = 0;
    if (dot != std::string_view::npos) {
        std::string_view frac = text.substr(dot + 1);
        if (frac.empty())
            return TimeParse::Bad;
        std::int64_t scale = unitUs;
        for (char c : frac) {
            if (!isDigit(c))
                return TimeParse::Bad;
            scale /= 10;
            fractionUs += (c - '0') * scale;
        }
    }
    if (unitUs == 0) {  // nanoseconds: a 64-bit count is before the year 2555, then checked
        out = static_cast<SimTime>(value / 1000);
        return inValidRange(out);
    }
    out = static_cast<SimTime>(value) * unitUs + fractionUs;
    return inValidRange(out);
}

TimeParse parseAnyTime(std::string_view text, SimTime& out)
{
    text = textscan::trimmed(text);
    if (text.size() >= 5 && isDigit(text[0]) && text[4] == '-')
        return parseIso8601(text, out);
    if (text.size() >= 3 && text[2] == '/')
        return parseClfTime(text, out);
    return parseEpoch(text, out);
}

TimeParse ClfTimeCache::parse(std::string_view text, SimTime& out)
{
    const bool plain = text.size() == 26 && text[11] == ':' && text[14] == ':' && text[17] == ':' && text[20] == ' ';
    std::uint64_t key[2];
    int h = 0, mi = 0, s = 0;
    if (plain) {
        // "Mon/yyyy" in one word, "dd/" and "+hhmm" in the other, built in registers: a
        // 16-byte load of bytes just stored piecewise would wait for the stores to drain.
        const auto byte = [&](std::size_t i) { return std::uint64_t{static_cast<unsigned char>(text[i])}; };
        std::memcpy(&key[0], text.data() + 3, 8);
        key[1] = byte(0) | byte(1) << 8 | byte(2) << 16 | byte(21) << 24 | byte(22) << 32 | byte(23) << 40 | byte(24) << 48
            | byte(25) << 56;
        // Fast path: a remembered date and zone, plain "HH:MM:SS".
        if (fixedDigits(text, 12, 2, h) && fixedDigits(text, 15, 2, mi) && fixedDigits(text, 18, 2, s) && h <= 23 && mi <= 59
            && s <= 60) {
            const std::int64_t secondOfDay = (std::int64_t{h} * 60 + mi) * 60 + s;
            for (const Day& day : m_days) {
                if (day.valid && day.dateAndZone[0] == key[0] && day.dateAndZone[1] == key[1]) {
                    out = day.dayStartUs + secondOfDay * kMicrosPerSecond;
                    return inValidRange(out);  // the last valid day ends early
                }
            }
        }
    }
    const TimeParse result = parseClfTime(text, out);
    if (result == TimeParse::Ok && plain) {
        m_newest = 1 - m_newest;
        Day& day = m_days[m_newest];
        day.dateAndZone[0] = key[0];
        day.dateAndZone[1] = key[1];
        day.dayStartUs = out - ((std::int64_t{h} * 60 + mi) * 60 + s) * kMicrosPerSecond;
        day.valid = true;
    }
    return result;
}

}  // namespace ratelab
