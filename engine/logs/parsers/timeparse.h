#pragma once
// Access-log timestamps to UTC microseconds since the epoch, with std::from_chars-style
// hand parsing (no locale, no std::get_time, no regular expressions).
//
//   CLF        "17/May/2015:10:05:03 +0000"   (Apache, nginx $time_local; the zone is
//              optional and a fraction may follow the seconds, as HAProxy writes
//              "22/Jun/2021:12:03:01.501")
//   ISO 8601   "2019-10-11T15:55:09.308183Z", "2016-01-01 01:06:30", "2021-03-04T05:06:07+02:00"
//              (no zone means UTC, as IIS and ALB write it)
//   epoch      "807256800", "1646861401.5241024", "1570809311987": the magnitude tells seconds
//              (< 1e11), milliseconds (< 1e14), microseconds (< 1e17) or nanoseconds
//
// Valid times are the engine's (simtime.h): from the epoch to kMaxTimeUs, 2112-09-17
// 23:53:47.370496 UTC. A date outside them is OutOfRange (a line the import skips, counted
// as timestamp_out_of_range), a string that is not a date at all is Bad.

#include "engine/core/simtime.h"

#include <string_view>

namespace ratelab {

enum class TimeParse { Ok, Bad, OutOfRange };

inline constexpr int kMinYear = 1970;
inline constexpr int kMaxYear = 2112;  // a date in it may still lie past kMaxTimeUs

// OutOfRange for a time outside [0, kMaxTimeUs], Ok otherwise.
constexpr TimeParse inValidRange(SimTime t)
{
    return t < 0 || t > kMaxTimeUs ? TimeParse::OutOfRange : TimeParse::Ok;
}

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
constexpr std::int64_t daysFromCivil(std::int64_t y, unsigned m, unsigned d)
{
    y -= m <= 2;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

// 1..12 for "Jan".."Dec" (case as logged), 0 otherwise.
int monthFromAbbreviation(std::string_view three);

TimeParse parseClfTime(std::string_view text, SimTime& out);
TimeParse parseIso8601(std::string_view text, SimTime& out);
TimeParse parseEpoch(std::string_view text, SimTime& out);
// Whichever of the three the text looks like.
TimeParse parseAnyTime(std::string_view text, SimTime& out);

// CLF parsing for a stream of lines: consecutive lines share their date and zone, so the
// day start of the last two "dd/Mon/yyyy" + zone pairs seen is remembered (two, because a
// log merged from front ends in two zones alternates between them line by line).
class ClfTimeCache {
public:
    TimeParse parse(std::string_view text, SimTime& out);

private:
    struct Day {
        std::uint64_t dateAndZone[2] = {};  // "dd/Mon/yyyy" and "+hhmm" packed in two words
        std::int64_t dayStartUs = 0;        // UTC microseconds of local midnight of that date, zone applied
        bool valid = false;
    };

    Day m_days[2];
    int m_newest = 0;  // the entry filled last; a miss replaces the other one
};

}  // namespace ratelab
