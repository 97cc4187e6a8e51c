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

NiceAxis* makeAxis(NiceAxis::Formatter format, QObject* owner, int ticks)
{
    auto* axis = new NiceAxis(std::move(format), NiceAxis::Scale::Linear, owner);
    if (ticks > 0)
        axis->setTargetTicks(ticks);
    return axis;
}

}  // namespace

AllowedChart::AllowedChart(QWidget* parent)
    : ChartView(parent), m_x(makeAxis(&NiceAxis::plain, this, 0)), m_y(makeAxis(&NiceAxis::compact, this, 5))
{
    zoom().setZoomable(true);
    crosshair().setEnabled(true);
    chart()->addAxis(m_x, Qt::AlignBottom);
    chart()->addAxis(m_y, Qt::AlignLeft);
    m_plot = std::make_unique<OfferedLines>(this, m_x, m_y);
    m_limitLine = new QGraphicsPathItem(chart());
    m_limitLine->setZValue(kLimitLineZ);
    m_limitLabel = new QGraphicsSimpleTextItem(chart());
    m_limitLabel->setZValue(6);
    m_stripParts = std::make_unique<AllowedStrips>(chart(), this, m_x, m_y);
    setChartTitle(m_data.title(m_strips));
    restyle();
}

void AllowedChart::setInput(const ChartInput& input)
{
    const bool sameData = input.report == m_input.report && input.counts == m_input.counts
        && input.styles.size() == m_input.styles.size() && input.pinnedReport == m_input.pinnedReport
        && input.pinnedCounts == m_input.pinnedCounts;
    m_input = input;
    if (!sameData || AllowedData::modeFor(input.report.get(), m_data.mode()) != m_data.mode()) {
        m_data.set(m_input, m_data.mode());
        rebuildLines();
    }
    for (auto it = m_pinnedLines.cbegin(); it != m_pinnedLines.cend(); ++it)
        it.key()->setVisible(!m_input.isHidden(it.value()));
    for (int i = 0; i < m_laneLines.size(); ++i)
        m_laneLines[i]->setVisible(!m_input.isHidden(std::size_t(i)));
    m_data.setShown(shownLanes());
    setChartTitle(m_data.title(m_strips));
    restyle();
    refreshNow();
}

std::vector<std::size_t> AllowedChart::shownLanes() const
{
    std::vector<std::size_t> shown;
    for (std::size_t i = 0; i < std::size_t(m_laneLines.size()); ++i)
        if (!m_input.isHidden(i))
            shown.push_back(i);
    return shown;
}

void AllowedChart::setStrips(bool strips)
{
    if (strips == m_strips)
        return;
    m_strips = strips;
    setChartTitle(m_data.title(m_strips));
    refreshNow();
}

void AllowedChart::setMode(Mode mode)
{
    mode = AllowedData::modeFor(m_input.report.get(), mode);
    if (mode == m_data.mode())
        return;
    m_data.set(m_input, mode);
    rebuildLines();
    setInput(m_input);  // the limit line and the title follow the mode
}

void AllowedChart::rebuildLines()
{
    m_plot->clear();
    if (m_input.counts)
        m_stripParts->ensureOffered(m_input.counts->lanes.size());
    m_laneLines.clear();
    m_lineLane.clear();
    m_pinnedLines.clear();
    if (!m_input.report || !m_input.counts)
        return;
    const BucketCounts& c = *m_input.counts;
    const QList<QPointF> offered = m_data.offeredSteps();
    if (!offered.isEmpty())
        m_plot->setOffered(offered);
    // Added in drawing order, the exact log last, on top: where an approximation allows what
    // it allows, the reference shows, and what the approximation lets through beyond it sticks out.
    const std::optional<std::size_t> log = exactLogLane(*m_input.report);
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < c.lanes.size(); ++i)
        if (i != log)
            order.push_back(i);
    if (log)
        order.push_back(*log);
    addPinnedLines();
    m_laneLines = QList<QLineSeries*>(qsizetype(c.lanes.size()), nullptr);
    for (const std::size_t i : order) {
        m_laneLines[qsizetype(i)] =
            m_plot->addLine(QString::fromStdString(c.lanes[i].algorithmId), m_data.steps(m_data.values()[i]));
        m_lineLane.push_back(i);
    }
}

// The pinned run's lanes under this run's, where its counts are of the same key and bucket
// and the algorithm id is in both runs.
void AllowedChart::addPinnedLines()
{
    const BucketCounts& c = *m_input.counts;
    if (!m_input.pinnedReport || !m_input.pinnedCounts || m_input.pinnedCounts->key != c.key
        || m_input.pinnedCounts->bucketUs != c.bucketUs)
        return;
    const BucketCounts& pinned = *m_input.pinnedCounts;
    for (std::size_t j = 0; j < pinned.lanes.size(); ++j)
        for (std::size_t i = 0; i < c.lanes.size(); ++i)
            if (pinned.lanes[j].algorithmId == c.lanes[i].algorithmId) {
                QLineSeries* line = m_plot->addLine(tr("%1 (pinned)").arg(QString::fromStdString(c.lanes[i].algorithmId)),
                                                    m_data.steps(m_data.pinnedValues(pinned, j)));
                m_pinnedLines.insert(line, i);
                m_lineLane.push_back(i);
            }
}

void AllowedChart::refresh()
{
    const auto [lo, hi] = zoom().currentRange();
    OfferedLines::Sampled sampled = m_plot->sample(lo, hi);
    // The axes before the points (OfferedLines::show).
    m_x->setNiceRange(lo, hi);
    const Mode mode = m_data.mode();
    const bool rates = mode == Mode::Allowed || mode == Mode::Rejected;
    if (m_strips) {
        std::vector<std::string> ids;
        if (m_input.report)
            for (const AlgorithmReport& a : m_input.report->algorithms)
                ids.push_back(a.id);
        m_stripParts->layout(sampled, m_data, shownLanes(), m_lineLane, ids, isDark());
    } else {
        if (!m_stripParts->strips().empty()) {  // back from strips
            m_stripParts->clear();
            m_y->setFixedTicks({}, 1);
            m_y->setGridLineVisible(true);
            styleAxis(m_y, m_data.yTitle(), isDark());
        }
        const auto [bottom, top] = m_data.niceValueRange(sampled.yMin, sampled.yMax);
        m_y->setNiceRange(bottom, top);
    }
    m_plot->show(sampled);
    m_plot->offeredArea()->setVisible(rates && !m_strips && !sampled.offered.isEmpty());
    m_stripParts->showOffered(rates && m_strips ? sampled.offered : QList<QPointF>());
}

void AllowedChart::restyle()
{
    const bool dark = isDark();
    const QString xTitle =
        m_input.report ? fmt::timeScaleFor(double(m_input.report->scenario.durationUs) / 1e6).title : QStringLiteral("time (s)");
    styleAxis(m_x, xTitle, dark);
    styleAxis(m_y, m_data.yTitle(), dark);
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
    m_stripParts->restyle(dark);
    m_limitLabel->setBrush(palette::textColor(dark));
    m_limitLabel->setFont(chartLabelFont());
}

// The limit as a step line across the visible range, labelled at its right end.
void AllowedChart::layoutOverlays()
{
    const auto& limit = m_data.limit();
    const bool show = limit && !limit->empty() && !m_laneLines.isEmpty();
    m_limitLine->setVisible(show);
    m_limitLabel->setVisible(show && !m_strips);
    m_stripParts->setRulesVisible(m_strips);
    const auto [lo, hi] = zoom().currentRange();
    const auto at = [this](double x, double y) { return chart()->mapToPosition(QPointF(x, y), m_plot->offeredArea()); };
    if (m_strips) {
        m_stripParts->layoutOverlays(m_data, lo, hi, at, m_limitLine);
        return;
    }
    if (!show)
        return;
    QPainterPath path;
    const QList<QPointF> steps = m_data.limitSteps(lo, hi, 0);
    for (qsizetype k = 0; k < steps.size(); ++k) {
        if (k == 0)
            path.moveTo(at(steps[k].x(), steps[k].y()));
        else
            path.lineTo(at(steps[k].x(), steps[k].y()));
    }
    m_limitLine->setPath(path);
    const QString key = QString::fromStdString(m_input.counts->key.value_or(std::string()));
    m_limitLabel->setText(tr("limit for %1: %2").arg(key, fmt::ratePerSecond(limit->back().costPerSecond)));
    const QRectF plot = chart()->plotArea();
    const QRectF br = m_limitLabel->boundingRect();
    m_limitLabel->setPos(plot.right() - br.width() - 4, path.currentPosition().y() - br.height() - 1);
}

QList<QPair<QPointF, QColor>> AllowedChart::markersAt(double x) const
{
    QList<QPair<QPointF, QColor>> out;
    const std::optional<std::size_t> b = m_data.bucketAt(x);
    if (!b)
        return out;
    const auto& values = m_data.values();
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (m_laneLines[qsizetype(i)]->isVisible() && std::isfinite(values[i][*b]))
            out.append({QPointF(x, values[i][*b] + m_stripParts->offsetOf(i)), m_input.styles[i].color});
    }
    return out;
}

QString AllowedChart::tooltipAt(const QPointF& value) const
{
    const std::optional<std::size_t> b = m_data.bucketAt(value.x());
    if (!b || !m_input.counts)
        return {};
    const Duration bucketUs = m_input.counts->bucketUs;
    QString text =
        QStringLiteral("<b>%1 – %2</b><table>").arg(fmt::simTime(qint64(*b) * bucketUs), fmt::simTime(qint64(*b + 1) * bucketUs));
    QList<QPair<double, QString>> rows;
    const auto& values = m_data.values();
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (!m_laneLines[qsizetype(i)]->isVisible())
            continue;
        const double y = values[i][*b];
        rows.append(
            {std::isfinite(y) ? y : -1e300,
             QStringLiteral("<tr><td><span style='color:%1'>&#9632;</span> %2</td><td align=right>&nbsp;%3</td></tr>")
                 .arg(m_input.styles[i].color.name(), m_laneLines[qsizetype(i)]->name().toHtmlEscaped(), m_data.valueText(y))});
    }
    std::sort(rows.begin(), rows.end(), [](const auto& l, const auto& r) { return l.first > r.first; });
    for (const auto& row : rows)
        text += row.second;
    if (m_plot->offeredArea()->isVisible() && !m_input.counts->lanes.empty())
        text += QStringLiteral("<tr><td>offered</td><td align=right>&nbsp;%1</td></tr>")
                    .arg(fmt::ratePerSecond(m_data.offeredAt(*b)));
    return text + QStringLiteral("</table>");
}

QString AllowedChart::readoutAt(double x) const
{
    const std::optional<std::size_t> b = m_data.bucketAt(x);
    if (!b)
        return {};
    QStringList parts{QStringLiteral("t = %1").arg(fmt::simTime(qint64(std::llround(x * m_data.timeUnit() * 1e6))))};
    for (std::size_t i = 0; i < m_data.values().size(); ++i)
        if (m_laneLines[qsizetype(i)]->isVisible())
            parts << QStringLiteral("%1 %2").arg(m_laneLines[qsizetype(i)]->name(), m_data.valueText(m_data.values()[i][*b]));
    return parts.join(QStringLiteral("  |  "));
}

}  // namespace ratelab
