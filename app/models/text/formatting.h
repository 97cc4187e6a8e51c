#pragma once
// One module for every number the app shows (gui-guide.md 3.2): axes, annotations, tables,
// tooltips and CSV headers all format through here, so "1.2k", "250 ms", "99.0%",
// "2.00×" and "1.5 KiB" read the same everywhere.
//
// Compact forms (axes, annotations) keep at most 3 significant digits; exact forms (tables)
// use the default QLocale's digit grouping. A space separates a number from its unit (SI),
// none before % and ×.

#include <QString>
#include <QtGlobal>

#include <vector>

namespace ratelab::fmt {

// 950, 1.2k, 12k, 3.4M, 1.2G: at most 3 significant digits, trailing zeros dropped.
QString compact(double value);
// 1,204,311 (locale grouping).
QString exact(qint64 value);
// A count and its noun, for text: "1 key", "1,204 keys", "0 entries" (with `plural`; by
// default the singular + "s"). The noun is engine/core/plural.h's, as the CLI's.
QString count(qint64 value, const char* singular, const char* plural = nullptr);
// The same with the count compact: "1 key", "12k keys".
QString compactCount(qint64 value, const char* singular, const char* plural = nullptr);
// A rate in requests per second, compact: "2.5 req/s", "1.2k req/s".
QString ratePerSecond(double perSecond);

// The unit the Logs view shows request rates in (gui-guide.md 4.3), the user's choice.
enum class RateUnit { PerSecond, PerMinute };
// Seconds in one unit: 1 or 60.
double secondsPerRateUnit(RateUnit unit);
// A rate in req/s expressed in `unit`: the one conversion, one multiplication, so a rate per
// minute is exactly 60 times the same rate per second.
double rateIn(double perSecond, RateUnit unit);
// "req/s", "req/min".
QString rateUnitName(RateUnit unit);
// A rate's number as every label, table cell and tooltip of the Logs view shows it: up to 3
// significant digits below 1,000 ("0.083", "18", "72.5"), whole with grouping above ("1,250").
QString rateNumber(double value);
// The number and its unit: "18 req/min", "0.3 req/s".
QString rate(double perSecond, RateUnit unit);

// A duration in microseconds, compact: "850 µs", "250 ms", "1.24 s", "2 min 05 s", "1 h 02 min".
QString duration(qint64 us);
// A window length in its own whole unit: "1 s", "10 s", "1 min", "1 h" (else as duration()).
QString windowLength(qint64 us);
// Simulation time from the run's start with millisecond precision: "61.240 s".
QString simTime(qint64 us);

// An instant or a duration in seconds, exact: 3 decimals for whole milliseconds ("1.240 s"),
// else 6 for whole microseconds ("0.250001 s"), else 9 (a fractional 1/rate: "0.333333333 s").
QString seconds(double us);
// `value` with `decimals` decimals, or more (up to 9) where fewer would round it onto the
// other side of `against` or onto it: a rejection with 0.98 tokens of 1 reads "0.98", not
// "1.0". For numbers a decision compares.
QString decisive(double value, double against, int decimals = 1);

// A share in [0, 1]: "99.0%"; "> 99.9%" and "< 0.1%" instead of a rounded 100.0% / 0.0%;
// exactly 0 and 1 read "0%" and "100%". `decimals` 2 for small shares: "0.42%", "< 0.01%".
QString share(double fraction, int decimals = 1);
// A burst ratio: "2.00×".
QString ratio(double value);
// Bytes in IEC units: "16 B", "1.5 KiB", "3.4 MiB".
QString bytes(qint64 value);
// A clock offset with its sign: "+12.0 ms", "−3.0 ms" (U+2212).
QString offset(qint64 us);

// One unit for a column of durations, chosen from the column's largest value.
struct DurationUnit {
    QString suffix;  // "µs", "ms", "s", "min"
    double usPerUnit = 1;
};
DurationUnit durationUnitFor(qint64 maxUs);
// A duration in a fixed unit with up to 3 significant digits (table cells): "12.5".
QString durationIn(qint64 us, const DurationUnit& unit);

// Axis ticks on 1-2-5 steps covering [min, max] with about `targetCount` ticks.
double niceStep(double span, int targetCount);
std::vector<double> niceTicks(double min, double max, int targetCount);
// The 1-2-5 values next to v > 0 (0.2, 0.5, 1, 2, 5, 10, ...): the largest at or below it and
// the smallest at or above it; the ends of a log axis.
double niceFloor(double v);
double niceCeil(double v);

// The time axis of a run: seconds up to 600 s, then minutes, then hours.
struct TimeScale {
    QString title;  // "time (s)", "time (min)", "time (h)"
    double secondsPerUnit = 1;
};
TimeScale timeScaleFor(double spanSeconds);

}  // namespace ratelab::fmt
