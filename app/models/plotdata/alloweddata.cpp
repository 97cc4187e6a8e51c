#include "app/models/plotdata/alloweddata.h"

#include "app/models/text/formatting.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace ratelab {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("AllowedChart", text);
}

CountsMeasure measureOf(AllowedData::Mode mode)
{
    switch (mode) {
    case AllowedData::Mode::Allowed: return CountsMeasure::Allowed;
    case AllowedData::Mode::Rejected: return CountsMeasure::Rejected;
    case AllowedData::Mode::MinusLog: return CountsMeasure::AllowedMinusLog;
    case AllowedData::Mode::Share: return CountsMeasure::Share;
    }
    return CountsMeasure::Allowed;
}

}  // namespace

AllowedData::Mode AllowedData::modeFor(const Report* report, Mode mode)
{
    return mode == Mode::MinusLog && !(report && exactLogLane(*report)) ? Mode::Allowed : mode;
}

void AllowedData::set(const ChartInput& input, Mode mode)
{
    m_input = input;
    m_mode = modeFor(input.report.get(), mode);
    m_values.clear();
    m_limit.reset();
    if (!m_input.report || !m_input.counts)
        return;
    const BucketCounts& c = *m_input.counts;
    m_timeUnit = fmt::timeScaleFor(double(m_input.report->scenario.durationUs) / 1e6).secondsPerUnit;
    m_bucketUnits = double(std::max<Duration>(1, c.bucketUs)) / 1e6 / m_timeUnit;
    const std::optional<std::size_t> log = exactLogLane(*m_input.report);
    for (std::size_t i = 0; i < c.lanes.size(); ++i)
        m_values.push_back(measurePerBucket(c, i, measureOf(m_mode), log));
}

void AllowedData::setShown(const std::vector<std::size_t>& shown)
{
    m_limit.reset();
    if (m_input.counts && m_mode == Mode::Allowed)
        m_limit = sharedLimit(*m_input.counts, shown);
}

std::pair<double, double> AllowedData::fullXRange() const
{
    if (!m_input.report)
        return {0, 1};
    const double end = double(m_input.report->scenario.durationUs) / 1e6 / m_timeUnit;
    return {0, end > 0 ? end : 1};
}

std::optional<std::size_t> AllowedData::bucketAt(double x) const
{
    if (m_values.empty() || !std::isfinite(x) || x < 0)
        return std::nullopt;
    const auto b = std::size_t(x / m_bucketUnits);
    return b < m_values.front().size() ? std::optional(b) : std::nullopt;
}

QList<QPointF> AllowedData::steps(const std::vector<double>& values) const
{
    const double end = fullXRange().second;
    QList<QPointF> pts;
    pts.reserve(qsizetype(2 * values.size()));
    for (std::size_t b = 0; b < values.size(); ++b) {
        pts.append(QPointF(double(b) * m_bucketUnits, values[b]));  // NaN (an empty bucket's share) is dropped when sampled
        pts.append(QPointF(std::min(end, double(b + 1) * m_bucketUnits), values[b]));
    }
    return pts;
}

std::vector<double> AllowedData::pinnedValues(const BucketCounts& pinned, std::size_t lane) const
{
    return measurePerBucket(pinned, lane, measureOf(m_mode), exactLogLane(*m_input.pinnedReport));
}

double AllowedData::offeredAt(std::size_t bucket) const
{
    const BucketCounts& c = *m_input.counts;
    return double(c.lanes[offeredLane(c)].offered[bucket]) / (double(c.bucketUs) / 1e6);
}

QList<QPointF> AllowedData::offeredSteps() const
{
    if (!m_input.counts || m_input.counts->lanes.empty() || (m_mode != Mode::Allowed && m_mode != Mode::Rejected))
        return {};
    const BucketCounts& c = *m_input.counts;
    const double bucketSeconds = double(std::max<Duration>(1, c.bucketUs)) / 1e6;
    std::vector<double> offered;
    for (const std::int64_t v : c.lanes[offeredLane(c)].offered)
        offered.push_back(double(v) / bucketSeconds);
    return steps(offered);
}

QList<QPointF> AllowedData::limitSteps(double lo, double hi, double offset) const
{
    QList<QPointF> out;
    if (!m_limit)
        return out;
    const std::vector<LimitStep>& steps = *m_limit;
    for (std::size_t k = 0; k < steps.size(); ++k) {
        const double from = k == 0 ? lo : std::max(lo, double(steps[k].fromUs) / 1e6 / m_timeUnit);
        const double to = k + 1 < steps.size() ? std::min(hi, double(steps[k + 1].fromUs) / 1e6 / m_timeUnit) : hi;
        if (to <= from)
            continue;
        out.append(QPointF(from, steps[k].costPerSecond + offset));
        out.append(QPointF(to, steps[k].costPerSecond + offset));
    }
    return out;
}

std::pair<double, double> AllowedData::niceValueRange(double yMin, double yMax) const
{
    if (m_mode == Mode::Share)
        return {0, 105};
    if (m_limit)
        for (const LimitStep& s : *m_limit)
            yMax = std::max(yMax, s.costPerSecond);
    const double span = yMax - yMin;
    const double step = fmt::niceStep(span > 0 ? span * 1.08 : 1, 5);
    const double top = std::max(step, std::ceil(yMax * 1.08 / step) * step);
    const double bottom = yMin < 0 ? std::floor(yMin * 1.08 / step) * step : 0;
    return {bottom, top};
}

QString AllowedData::valueText(double y) const
{
    if (!std::isfinite(y))
        return QStringLiteral("–");
    if (m_mode == Mode::Share)
        return fmt::share(y / 100);
    if (m_mode == Mode::MinusLog && y != 0)
        return (y > 0 ? QStringLiteral("+") : QStringLiteral("−")) + fmt::ratePerSecond(std::abs(y));
    return fmt::ratePerSecond(y);
}

QString AllowedData::yTitle() const
{
    const QString scope =
        m_input.counts && m_input.counts->key ? tr("key %1").arg(QString::fromStdString(*m_input.counts->key)) : tr("all keys");
    switch (m_mode) {
    case Mode::Allowed: return tr("allowed, %1 (req/s)").arg(scope);
    case Mode::Rejected: return tr("rejected, %1 (req/s)").arg(scope);
    case Mode::MinusLog: {
        const auto log = m_input.report ? exactLogLane(*m_input.report) : std::nullopt;
        return tr("allowed − %1 (req/s)").arg(log ? QString::fromStdString(m_input.report->algorithms[*log].id) : QString());
    }
    case Mode::Share: return tr("acceptance per bucket (%)");
    }
    return {};
}

QString AllowedData::title(bool strips) const
{
    QString what;
    switch (m_mode) {
    case Mode::Allowed: what = tr("A  Allowed over time"); break;
    case Mode::Rejected: what = tr("A  Rejected over time"); break;
    case Mode::MinusLog: what = tr("A  Allowed minus the exact sliding log"); break;
    case Mode::Share: what = tr("A  Acceptance over time"); break;
    }
    QStringList parts{what};
    if (m_input.counts) {
        const BucketCounts& c = *m_input.counts;
        parts << (c.key ? tr("key %1").arg(QString::fromStdString(*c.key)) : tr("all keys"));
        parts << tr("%1 buckets").arg(fmt::duration(c.bucketUs));
        const bool anyRequest = std::any_of(c.lanes.begin(), c.lanes.end(), [](const LaneCounts& lane) {
            return std::any_of(lane.offered.begin(), lane.offered.end(), [](std::int64_t v) { return v > 0; });
        });
        if (c.key && !anyRequest)
            parts << tr("no requests");
        else if (m_mode == Mode::Allowed && !c.key)
            parts << tr("limit is per key: pick a key");
        else if (m_mode == Mode::Allowed && !m_limit)
            parts << tr("limits differ: see B");
    }
    if (strips)
        parts << tr("one strip each");
    return parts.join(QStringLiteral(" · "));
}

QString AllowedData::csv(const std::optional<std::pair<double, double>>& range) const
{
    QString out = QStringLiteral("t_s,id,allowed_per_s,rejected_per_s\n");
    if (!m_input.counts || m_input.counts->lanes.empty())
        return out;
    const BucketCounts& c = *m_input.counts;
    const double bucketSeconds = double(c.bucketUs) / 1e6;
    const std::vector<std::int64_t>& offered = c.lanes[offeredLane(c)].offered;
    // A row's x is its bucket's start on the time axis.
    const auto shown = [&](std::size_t b) {
        const double x = double(b) * bucketSeconds / m_timeUnit;
        return !range || (x >= range->first && x <= range->second);
    };
    for (std::size_t b = 0; b < offered.size(); ++b)
        if (shown(b))
            out += QStringLiteral("%1,offered,%2,\n").arg(double(b) * bucketSeconds).arg(double(offered[b]) / bucketSeconds);
    for (const LaneCounts& lane : c.lanes)
        for (std::size_t b = 0; b < lane.allowed.size(); ++b)
            if (shown(b))
                out += QStringLiteral("%1,%2,%3,%4\n")
                           .arg(double(b) * bucketSeconds)
                           .arg(QString::fromStdString(lane.algorithmId))
                           .arg(double(lane.allowed[b]) / bucketSeconds)
                           .arg(b < lane.rejected.size() ? double(lane.rejected[b]) / bucketSeconds : 0.0);
    return out;
}

}  // namespace ratelab
