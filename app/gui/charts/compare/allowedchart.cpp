#include "app/gui/charts/compare/allowedchart.h"

#include "app/gui/charts/base/niceaxis.h"
#include "app/models/text/formatting.h"

#include <QAreaSeries>
#include <QGraphicsPathItem>
#include <QGraphicsSimpleTextItem>

#include <algorithm>
#include <cmath>

namespace ratelab {

namespace {

// Under the series (QtCharts draws them at 4), over the grid (2).
constexpr qreal kLimitLineZ = 3.5;

// A bucket's value from its start to its end: two points a bucket.
QList<QPointF> stepPoints(const std::vector<double>& values, double bucketUnits, double endUnits)
{
    QList<QPointF> pts;
    pts.reserve(qsizetype(2 * values.size()));
    for (std::size_t b = 0; b < values.size(); ++b) {
        pts.append(QPointF(double(b) * bucketUnits, values[b]));  // NaN (an empty bucket's share) is dropped when sampled
        pts.append(QPointF(std::min(endUnits, double(b + 1) * bucketUnits), values[b]));
    }
    return pts;
}

}  // namespace

AllowedChart::AllowedChart(QWidget* parent) : ChartView(parent)
{
    zoom().setZoomable(true);
    crosshair().setEnabled(true);
    m_x = new NiceAxis(&NiceAxis::plain, NiceAxis::Scale::Linear, this);
    m_y = new NiceAxis(&NiceAxis::compact, NiceAxis::Scale::Linear, this);
    m_y->setTargetTicks(5);
    chart()->addAxis(m_x, Qt::AlignBottom);
    chart()->addAxis(m_y, Qt::AlignLeft);

    m_plot = std::make_unique<OfferedLines>(this, m_x, m_y);

    m_limitLine = new QGraphicsPathItem(chart());
    m_limitLine->setZValue(kLimitLineZ);
    m_limitLabel = new QGraphicsSimpleTextItem(chart());
    m_limitLabel->setZValue(6);
    m_stripRules = new QGraphicsPathItem(chart());
    m_stripRules->setZValue(kLimitLineZ);
    updateTitle();
    restyle();
}

void AllowedChart::setInput(const ChartInput& input)
{
    const bool sameData = input.report == m_input.report && input.counts == m_input.counts
        && input.styles.size() == m_input.styles.size() && input.pinnedReport == m_input.pinnedReport
        && input.pinnedCounts == m_input.pinnedCounts;
    m_input = input;
    if (m_mode == Mode::MinusLog && !(m_input.report && exactLogLane(*m_input.report)))
        m_mode = Mode::Allowed;
    if (!sameData)
        rebuildData();
    std::vector<std::size_t> shown;
    for (auto it = m_pinnedLines.cbegin(); it != m_pinnedLines.cend(); ++it)
        it.key()->setVisible(!m_input.isHidden(it.value()));
    for (int i = 0; i < m_laneLines.size(); ++i) {
        m_laneLines[i]->setVisible(!m_input.isHidden(std::size_t(i)));
        if (!m_input.isHidden(std::size_t(i)))
            shown.push_back(std::size_t(i));
    }
    m_limit.reset();
    if (m_input.counts && m_mode == Mode::Allowed)
        m_limit = sharedLimit(*m_input.counts, shown);
    updateTitle();
    restyle();
    refreshNow();
}

void AllowedChart::setStrips(bool strips)
{
    if (strips == m_strips)
        return;
    m_strips = strips;
    updateTitle();
    refreshNow();
}

void AllowedChart::setMode(Mode mode)
{
    if (mode == Mode::MinusLog && !(m_input.report && exactLogLane(*m_input.report)))
        mode = Mode::Allowed;
    if (mode == m_mode)
        return;
    m_mode = mode;
    rebuildData();
    setInput(m_input);  // the limit line and the title follow the mode
}

CountsMeasure AllowedChart::measure() const
{
    switch (m_mode) {
    case Mode::Allowed: return CountsMeasure::Allowed;
    case Mode::Rejected: return CountsMeasure::Rejected;
    case Mode::MinusLog: return CountsMeasure::AllowedMinusLog;
    case Mode::Share: return CountsMeasure::Share;
    }
    return CountsMeasure::Allowed;
}

void AllowedChart::rebuildData()
{
    m_plot->clear();
    if (m_input.counts)
        ensureStripOffered(m_input.counts->lanes.size());
    m_values.clear();
    m_laneLines.clear();
    m_lineLane.clear();
    m_pinnedLines.clear();
    if (!m_input.report || !m_input.counts)
        return;
    const Report& r = *m_input.report;
    const BucketCounts& c = *m_input.counts;
    const double bucketSeconds = double(std::max<Duration>(1, c.bucketUs)) / 1e6;
    m_timeUnit = fmt::timeScaleFor(double(r.scenario.durationUs) / 1e6).secondsPerUnit;
    m_bucketUnits = bucketSeconds / m_timeUnit;
    const double end = fullXRange().second;
    if ((m_mode == Mode::Allowed || m_mode == Mode::Rejected) && !c.lanes.empty()) {
        std::vector<double> offered;
        for (const std::int64_t v : c.lanes[offeredLane(c)].offered)
            offered.push_back(double(v) / bucketSeconds);
        m_plot->setOffered(stepPoints(offered, m_bucketUnits, end));
    }
    const std::optional<std::size_t> log = exactLogLane(r);
    for (std::size_t i = 0; i < c.lanes.size(); ++i)
        m_values.push_back(measurePerBucket(c, i, measure(), log));
    // Added in drawing order, the exact log last, on top: where an approximation allows what
    // it allows, the reference shows, and what the approximation lets through beyond it sticks out.
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < c.lanes.size(); ++i)
        if (i != log)
            order.push_back(i);
    if (log)
        order.push_back(*log);
    addPinnedLines(end);
    m_laneLines = QList<QLineSeries*>(qsizetype(c.lanes.size()), nullptr);
    for (const std::size_t i : order) {
        m_laneLines[qsizetype(i)] =
            m_plot->addLine(QString::fromStdString(c.lanes[i].algorithmId), stepPoints(m_values[i], m_bucketUnits, end));
        m_lineLane.push_back(i);
    }
}

// The pinned run's lanes under this run's, where its counts are of the same key and bucket
// and the algorithm id is in both runs.
void AllowedChart::addPinnedLines(double end)
{
    const BucketCounts& c = *m_input.counts;
    if (!m_input.pinnedReport || !m_input.pinnedCounts || m_input.pinnedCounts->key != c.key
        || m_input.pinnedCounts->bucketUs != c.bucketUs)
        return;
    const BucketCounts& pinned = *m_input.pinnedCounts;
    const std::optional<std::size_t> log = exactLogLane(*m_input.pinnedReport);
    for (std::size_t j = 0; j < pinned.lanes.size(); ++j)
        for (std::size_t i = 0; i < c.lanes.size(); ++i)
            if (pinned.lanes[j].algorithmId == c.lanes[i].algorithmId) {
                const std::vector<double> values = measurePerBucket(pinned, j, measure(), log);
                QLineSeries* line = m_plot->addLine(tr("%1 (pinned)").arg(QString::fromStdString(c.lanes[i].algorithmId)),
                                                    stepPoints(values, m_bucketUnits, end));
                m_pinnedLines.insert(line, i);
                m_lineLane.push_back(i);
            }
}

std::optional<std::size_t> AllowedChart::bucketAt(double x) const
{
    if (m_values.empty() || !std::isfinite(x) || x < 0)
        return std::nullopt;
    const auto b = std::size_t(x / m_bucketUnits);
    return b < m_values.front().size() ? std::optional(b) : std::nullopt;
}

// "A  Allowed over time · key user-0 · 100 ms buckets"; for every key in allowed mode, why
// there is no limit line.
void AllowedChart::updateTitle()
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
    if (m_strips)
        parts << tr("one strip each");
    m_title = parts.join(QStringLiteral(" · "));
    setChartTitle(m_title);
}

QString AllowedChart::yTitle() const
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

std::pair<double, double> AllowedChart::fullXRange() const
{
    if (!m_input.report)
        return {0, 1};
    const double end = double(m_input.report->scenario.durationUs) / 1e6 / m_timeUnit;
    return {0, end > 0 ? end : 1};
}

std::pair<double, double> AllowedChart::niceValueRange(double yMin, double yMax) const
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

void AllowedChart::refresh()
{
    const auto [lo, hi] = zoom().currentRange();
    OfferedLines::Sampled sampled = m_plot->sample(lo, hi);
    // The axes before the points (OfferedLines::show).
    m_x->setNiceRange(lo, hi);
    const bool rates = m_mode == Mode::Allowed || m_mode == Mode::Rejected;
    if (m_strips) {
        layoutStrips(sampled);
    } else {
        if (!m_stripLayout.empty()) {  // back from strips
            m_stripLayout.clear();
            m_y->setFixedTicks({}, 1);
            m_y->setGridLineVisible(true);
            styleAxis(m_y, yTitle(), isDark());
        }
        const auto [bottom, top] = niceValueRange(sampled.yMin, sampled.yMax);
        m_y->setNiceRange(bottom, top);
    }
    m_plot->show(sampled);
    m_plot->offeredArea()->setVisible(rates && !m_strips && !sampled.offered.isEmpty());
    showStripOffered(rates && m_strips ? sampled.offered : QList<QPointF>());
}

void AllowedChart::restyle()
{
    const bool dark = isDark();
    const QString xTitle =
        m_input.report ? fmt::timeScaleFor(double(m_input.report->scenario.durationUs) / 1e6).title : QStringLiteral("time (s)");
    styleAxis(m_x, xTitle, isDark());
    styleAxis(m_y, yTitle(), isDark());
    m_plot->styleOffered();
    for (int i = 0; i < m_laneLines.size() && std::size_t(i) < m_input.styles.size(); ++i)
        m_laneLines[i]->setPen(palette::linePen(m_input.styles[std::size_t(i)], 2));
    for (auto it = m_pinnedLines.cbegin(); it != m_pinnedLines.cend(); ++it) {
        if (it.value() >= m_input.styles.size())
            continue;
        QPen pen = palette::linePen(m_input.styles[it.value()], 1.2);
        QColor faint = pen.color();
        faint.setAlphaF(0.35f);
        pen.setColor(faint);
        it.key()->setPen(pen);
    }
    m_limitLine->setPen(QPen(palette::textColor(dark), 1.2, Qt::DashLine));
    m_stripRules->setPen(QPen(palette::gridColor(dark), 1));
    m_limitLabel->setBrush(palette::textColor(dark));
    m_limitLabel->setFont(chartLabelFont());
}

// The limit as a step line across the visible range: each step from its time to the next's
// (the first from the left edge: the key's limit before its first request is the same).
void AllowedChart::layoutOverlays()
{
    const bool show = m_limit && !m_limit->empty() && !m_laneLines.isEmpty();
    m_limitLine->setVisible(show);
    m_limitLabel->setVisible(show && !m_strips);
    m_stripRules->setVisible(m_strips);
    if (m_strips) {
        layoutStripOverlays();
        return;
    }
    if (!show)
        return;
    const auto [lo, hi] = zoom().currentRange();
    const auto at = [this](double x, double y) { return chart()->mapToPosition(QPointF(x, y), m_plot->offeredArea()); };
    QPainterPath path;
    const std::vector<LimitStep>& steps = *m_limit;
    for (std::size_t k = 0; k < steps.size(); ++k) {
        const double from = k == 0 ? lo : std::max(lo, double(steps[k].fromUs) / 1e6 / m_timeUnit);
        const double to = k + 1 < steps.size() ? std::min(hi, double(steps[k + 1].fromUs) / 1e6 / m_timeUnit) : hi;
        if (to <= from)
            continue;
        if (path.isEmpty())
            path.moveTo(at(from, steps[k].costPerSecond));
        else
            path.lineTo(at(from, steps[k].costPerSecond));
        path.lineTo(at(to, steps[k].costPerSecond));
    }
    m_limitLine->setPath(path);
    const QString key = QString::fromStdString(m_input.counts->key.value_or(std::string()));
    m_limitLabel->setText(tr("limit for %1: %2").arg(key, fmt::ratePerSecond(steps.back().costPerSecond)));
    const QRectF plot = chart()->plotArea();
    const QRectF br = m_limitLabel->boundingRect();
    m_limitLabel->setPos(plot.right() - br.width() - 4, path.currentPosition().y() - br.height() - 1);
}

QList<QPair<QPointF, QColor>> AllowedChart::markersAt(double x) const
{
    QList<QPair<QPointF, QColor>> out;
    const std::optional<std::size_t> b = bucketAt(x);
    if (!b)
        return out;
    for (std::size_t i = 0; i < m_values.size(); ++i) {
        if (m_laneLines[qsizetype(i)]->isVisible() && std::isfinite(m_values[i][*b]))
            out.append({QPointF(x, m_values[i][*b] + stripOffset(i)), m_input.styles[i].color});
    }
    return out;
}

QString AllowedChart::valueText(double y) const
{
    if (!std::isfinite(y))
        return QStringLiteral("–");
    if (m_mode == Mode::Share)
        return fmt::share(y / 100);
    if (m_mode == Mode::MinusLog && y != 0)
        return (y > 0 ? QStringLiteral("+") : QStringLiteral("−")) + fmt::ratePerSecond(std::abs(y));
    return fmt::ratePerSecond(y);
}

QString AllowedChart::tooltipAt(const QPointF& value) const
{
    const std::optional<std::size_t> b = bucketAt(value.x());
    if (!b || !m_input.counts)
        return {};
    const Duration bucketUs = m_input.counts->bucketUs;
    QString text =
        QStringLiteral("<b>%1 – %2</b><table>").arg(fmt::simTime(qint64(*b) * bucketUs), fmt::simTime(qint64(*b + 1) * bucketUs));
    QList<QPair<double, QString>> rows;
    const QList<QLineSeries*>& lines = m_laneLines;
    for (std::size_t i = 0; i < m_values.size(); ++i) {
        if (!lines[qsizetype(i)]->isVisible())
            continue;
        const double y = m_values[i][*b];
        rows.append({std::isfinite(y) ? y : -1e300,
                     QStringLiteral("<tr><td><span style='color:%1'>&#9632;</span> %2</td><td align=right>&nbsp;%3</td></tr>")
                         .arg(m_input.styles[i].color.name(), lines[qsizetype(i)]->name().toHtmlEscaped(), valueText(y))});
    }
    std::sort(rows.begin(), rows.end(), [](const auto& l, const auto& r) { return l.first > r.first; });
    for (const auto& row : rows)
        text += row.second;
    if (m_plot->offeredArea()->isVisible() && !m_input.counts->lanes.empty()) {
        const BucketCounts& c = *m_input.counts;
        text += QStringLiteral("<tr><td>offered</td><td align=right>&nbsp;%1</td></tr>")
                    .arg(fmt::ratePerSecond(double(c.lanes[offeredLane(c)].offered[*b]) / (double(bucketUs) / 1e6)));
    }
    return text + QStringLiteral("</table>");
}

QString AllowedChart::readoutAt(double x) const
{
    const std::optional<std::size_t> b = bucketAt(x);
    if (!b)
        return {};
    QStringList parts{QStringLiteral("t = %1").arg(fmt::simTime(qint64(std::llround(x * m_timeUnit * 1e6))))};
    for (std::size_t i = 0; i < m_values.size(); ++i)
        if (m_laneLines[qsizetype(i)]->isVisible())
            parts << QStringLiteral("%1 %2").arg(m_laneLines[qsizetype(i)]->name(), valueText(m_values[i][*b]));
    return parts.join(QStringLiteral("  |  "));
}

QString AllowedChart::csvIn(const CsvRange& range) const
{
    QString out = QStringLiteral("t_s,id,allowed_per_s,rejected_per_s\n");
    if (!m_input.counts)
        return out;
    const BucketCounts& c = *m_input.counts;
    if (c.lanes.empty())
        return out;
    const double bucketSeconds = double(c.bucketUs) / 1e6;
    const std::vector<std::int64_t>& offered = c.lanes[offeredLane(c)].offered;
    // A row's x is its bucket's start on the time axis.
    const auto shown = [&](std::size_t b) { return range.contains(double(b) * bucketSeconds / m_timeUnit); };
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
