#include "app/models/text/formatting.h"

#include "engine/core/plural.h"

#include <QLocale>
#include <QRegularExpression>

#include <cmath>
#include <utility>

namespace ratelab::fmt {
namespace {

// `value` with `sig` significant digits, trailing zeros (and a trailing point) removed.
QString significant(double value, int sig)
{
    if (value == 0)
        return QStringLiteral("0");
    const int magnitude = int(std::floor(std::log10(std::abs(value))));
    const int decimals = std::max(0, sig - 1 - magnitude);
    QString text = QString::number(value, 'f', decimals);
    if (text.contains(QLatin1Char('.'))) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(QLatin1Char('.')))
            text.chop(1);
    }
    return text;
}

}  // namespace

QString compact(double value)
{
    if (!std::isfinite(value))
        return QStringLiteral("–");
    const double a = std::abs(value);
    struct Step {
        double scale;
        const char* suffix;
    };
    static constexpr Step steps[] = {{1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}};
    for (const Step& s : steps) {
        // Round first so 999,950 reads "1M", not "1000k".
        if (a >= s.scale * 0.9995)
            return significant(value / s.scale, 3) + QLatin1String(s.suffix);
    }
    if (a >= 100)
        return QString::number(std::llround(value));
    return significant(value, a >= 1 ? 3 : 2);
}

QString exact(qint64 value)
{
    return QLocale().toString(value);
}

namespace {
QString noun(qint64 value, const char* singular, const char* plural)
{
    return QString::fromStdString(pluralNoun(value, singular, plural ? plural : ""));
}
}  // namespace

QString count(qint64 value, const char* singular, const char* plural)
{
    return exact(value) + QLatin1Char(' ') + noun(value, singular, plural);
}

QString compactCount(qint64 value, const char* singular, const char* plural)
{
    return compact(double(value)) + QLatin1Char(' ') + noun(value, singular, plural);
}

QString ratePerSecond(double perSecond)
{
    return compact(perSecond) + QStringLiteral(" req/s");
}

double secondsPerRateUnit(RateUnit unit)
{
    return unit == RateUnit::PerMinute ? 60.0 : 1.0;
}

double rateIn(double perSecond, RateUnit unit)
{
    return perSecond * secondsPerRateUnit(unit);
}

QString rateUnitName(RateUnit unit)
{
    return unit == RateUnit::PerMinute ? QStringLiteral("req/min") : QStringLiteral("req/s");
}

QString rateNumber(double value)
{
    return std::isfinite(value) && std::abs(value) >= 999.5 ? exact(std::llround(value)) : compact(value);
}

QString rate(double perSecond, RateUnit unit)
{
    return rateNumber(rateIn(perSecond, unit)) + QLatin1Char(' ') + rateUnitName(unit);
}

QString duration(qint64 us)
{
    const QString sign = us < 0 ? QString(QChar(0x2212)) : QString();
    const double a = std::abs(double(us));
    if (a < 1000)
        return sign + QString::number(std::llabs(us)) + QStringLiteral(" µs");
    if (a < 1e6)
        return sign + significant(a / 1e3, 3) + QStringLiteral(" ms");
    if (a < 60e6)
        return sign + significant(a / 1e6, 3) + QStringLiteral(" s");
    const qint64 totalSeconds = qint64(std::llround(a / 1e6));
    if (totalSeconds < 3600)
        return sign + QStringLiteral("%1 min %2 s").arg(totalSeconds / 60).arg(totalSeconds % 60, 2, 10, QLatin1Char('0'));
    const qint64 totalMinutes = (totalSeconds + 30) / 60;
    return sign + QStringLiteral("%1 h %2 min").arg(totalMinutes / 60).arg(totalMinutes % 60, 2, 10, QLatin1Char('0'));
}

QString windowLength(qint64 us)
{
    static constexpr std::pair<qint64, const char*> units[] = {{3'600'000'000, " h"}, {60'000'000, " min"}, {1'000'000, " s"}};
    for (const auto& [unitUs, suffix] : units)
        if (us >= unitUs && us % unitUs == 0)
            return QString::number(us / unitUs) + QLatin1String(suffix);
    return duration(us);
}

QString simTime(qint64 us)
{
    if (std::llabs(us) < 3'600'000'000)
        return QString::number(double(us) / 1e6, 'f', 3) + QStringLiteral(" s");
    // Hours in, seconds stop being readable: h:mm:ss.mmm, to the millisecond as below.
    const QString sign = us < 0 ? QString(QChar(0x2212)) : QString();
    const qint64 ms = (std::llabs(us) + 500) / 1000;
    return sign
        + QStringLiteral("%1:%2:%3.%4")
              .arg(ms / 3'600'000)
              .arg(ms / 60'000 % 60, 2, 10, QLatin1Char('0'))
              .arg(ms / 1000 % 60, 2, 10, QLatin1Char('0'))
              .arg(ms % 1000, 3, 10, QLatin1Char('0'));
}

QString seconds(double us)
{
    const double a = std::abs(us);
    const int decimals = std::fmod(a, 1000) == 0 ? 3 : std::fmod(a, 1) == 0 ? 6 : 9;
    return (us < 0 ? QString(QChar(0x2212)) : QString()) + QString::number(a / 1e6, 'f', decimals) + QStringLiteral(" s");
}

QString decisive(double value, double against, int decimals)
{
    const auto side = [&](double v) { return v < against ? -1 : v > against ? 1 : 0; };
    int d = decimals;
    for (; d < 9; ++d) {
        const double scale = std::pow(10.0, d);
        if (side(std::round(value * scale) / scale) == side(value))
            break;
    }
    QString text = QString::number(std::abs(value), 'f', d);
    return (value < 0 && text.contains(QRegularExpression(QStringLiteral("[1-9]"))) ? QString(QChar(0x2212)) : QString()) + text;
}

QString share(double fraction, int decimals)
{
    if (!std::isfinite(fraction))
        return QStringLiteral("–");
    if (fraction <= 0)
        return QStringLiteral("0%");
    if (fraction >= 1)
        return QStringLiteral("100%");
    const double percent = fraction * 100;
    const double unit = std::pow(10.0, -decimals);  // the last digit shown
    if (percent < unit / 2)
        return QStringLiteral("< ") + QString::number(unit, 'f', decimals) + QLatin1Char('%');
    if (percent >= 100 - unit / 2)
        return QStringLiteral("> ") + QString::number(100 - unit, 'f', decimals) + QLatin1Char('%');
    return QString::number(percent, 'f', decimals) + QLatin1Char('%');
}

QString ratio(double value)
{
    if (!std::isfinite(value))
        return QStringLiteral("–");
    return QString::number(value, 'f', 2) + QChar(0x00D7);
}

QString bytes(qint64 value)
{
    if (std::llabs(value) < 1024)
        return QString::number(value) + QStringLiteral(" B");
    return QLocale().formattedDataSize(value, 1, QLocale::DataSizeIecFormat);
}

QString offset(qint64 us)
{
    const QString sign = us < 0 ? QString(QChar(0x2212)) : QStringLiteral("+");
    const double a = std::abs(double(us));
    if (a < 1000)
        return sign + QString::number(std::llabs(us)) + QStringLiteral(" µs");
    if (a < 1e6)
        return sign + QString::number(a / 1e3, 'f', 1) + QStringLiteral(" ms");
    return sign + QString::number(a / 1e6, 'f', 3) + QStringLiteral(" s");
}

DurationUnit durationUnitFor(qint64 maxUs)
{
    const qint64 a = std::llabs(maxUs);
    if (a < 1000)
        return {QStringLiteral("µs"), 1};
    if (a < 1'000'000)
        return {QStringLiteral("ms"), 1e3};
    if (a < 600'000'000)
        return {QStringLiteral("s"), 1e6};
    return {QStringLiteral("min"), 60e6};
}

QString durationIn(qint64 us, const DurationUnit& unit)
{
    const double v = double(us) / unit.usPerUnit;
    if (std::abs(v) >= 100)
        return QLocale().toString(v, 'f', 0);
    return significant(v, 3);
}

double niceStep(double span, int targetCount)
{
    if (!(span > 0) || !std::isfinite(span))
        return 1;
    const double raw = span / std::max(1, targetCount);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double f = raw / magnitude;
    const double nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
    return nice * magnitude;
}

double niceFloor(double v)
{
    const double decade = std::pow(10.0, std::floor(std::log10(v)));
    const double m = v / decade * (1 + 1e-12);  // 0.3 / 0.1 must not fall below 3
    return decade * (m >= 5 ? 5 : m >= 2 ? 2 : 1);
}

double niceCeil(double v)
{
    const double decade = std::pow(10.0, std::floor(std::log10(v)));
    const double m = v / decade * (1 - 1e-12);
    return decade * (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10);
}

std::vector<double> niceTicks(double min, double max, int targetCount)
{
    std::vector<double> ticks;
    if (!std::isfinite(min) || !std::isfinite(max) || max <= min)
        return ticks;
    const double step = niceStep(max - min, targetCount);
    const double first = std::ceil(min / step - 1e-9) * step;
    for (double t = first; t <= max + step * 1e-9; t += step) {
        ticks.push_back(std::abs(t) < step * 1e-9 ? 0.0 : t);
        if (ticks.size() > 1000)
            break;
    }
    return ticks;
}

TimeScale timeScaleFor(double spanSeconds)
{
    if (spanSeconds <= 600)
        return {QStringLiteral("time (s)"), 1};
    if (spanSeconds <= 36'000)
        return {QStringLiteral("time (min)"), 60};
    return {QStringLiteral("time (h)"), 3600};
}

}  // namespace ratelab::fmt
