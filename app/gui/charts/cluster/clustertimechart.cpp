#include "app/gui/charts/cluster/clustertimechart.h"

#include "app/gui/charts/base/niceaxis.h"
#include "app/models/plotdata/downsample.h"
#include "app/models/text/formatting.h"

#include <QAreaSeries>
#include <QGraphicsLineItem>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace ratelab {

namespace {
// Between the grid (2) and the series (4) of QtCharts' private z order (gui-guide.md 5).
constexpr qreal kBandZ = 2.5;
constexpr qreal kStepZ = 2.6;
// Room right of the plot for line names, kept by every chart so stacked plots stay aligned.
constexpr int kEndLabelRoom = 52;

// A hatched outage band: a faint grey fill under a diagonal hatch ("down" dense, "slow"
// sparse: the hatch at a lower alpha).
class HatchBand : public QGraphicsRectItem {
public:
    HatchBand(OutageKind kind, QGraphicsItem* parent) : QGraphicsRectItem(parent), m_kind(kind) {}
    void paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) override
    {
        QColor fill = palette::offeredLoadLine();
        fill.setAlphaF(0.12f);
        painter->fillRect(rect(), fill);
        QColor hatch = palette::offeredLoadLine();
        hatch.setAlphaF(m_kind == OutageKind::Slow ? 0.35f : 0.6f);
        painter->fillRect(rect(), QBrush(hatch, m_kind == OutageKind::Slow ? Qt::FDiagPattern : Qt::BDiagPattern));
    }

private:
    OutageKind m_kind;
};
}  // namespace

ClusterTimeChart::ClusterTimeChart(const QString& title, const QString& yTitle, QWidget* parent)
    : ChartView(parent), m_title(title), m_yTitle(yTitle)
{
    zoom().setZoomable(true);
    crosshair().setEnabled(true);
    setChartTitle(title);
    m_x = new NiceAxis(&NiceAxis::plain, NiceAxis::Scale::Linear, this);
    m_y = new NiceAxis(&NiceAxis::compact, NiceAxis::Scale::Linear, this);
    m_y->setTargetTicks(4);
    chart()->addAxis(m_x, Qt::AlignBottom);
    chart()->addAxis(m_y, Qt::AlignLeft);
    m_plot = std::make_unique<OfferedLines>(this, m_x, m_y);
    m_plot->offeredArea()->setVisible(false);
    m_limitLine = new QGraphicsLineItem(chart());
    m_limitLine->setZValue(6);
    m_limitLabel = new QGraphicsSimpleTextItem(chart());
    m_limitLabel->setZValue(6);
    m_emptyNote = new QGraphicsSimpleTextItem(chart());
    m_emptyNote->setZValue(6);
    m_emptyNote->hide();
    QMargins margins = chart()->margins();
    margins.setRight(kEndLabelRoom);
    chart()->setMargins(margins);
    restyle();
}

void ClusterTimeChart::setXTitleVisible(bool on)
{
    m_xTitle = on;
    m_x->setTitleVisible(on);
}

QPen ClusterTimeChart::algorithmPen(Qt::PenStyle dash, qreal width) const
{
    QPen pen(m_input.style.color, width);
    pen.setStyle(dash);
    pen.setCapStyle(Qt::FlatCap);
    pen.setJoinStyle(Qt::RoundJoin);
    return pen;
}

void ClusterTimeChart::clear()
{
    m_plot->clear();
    m_pens.clear();
    m_lineLane.clear();
    m_raw.clear();
    m_limit.reset();
    qDeleteAll(m_bands);
    m_bands.clear();
    m_bandSpans.clear();
    m_bandTips.clear();
    qDeleteAll(m_steps);
    m_steps.clear();
    m_stepX.clear();
    qDeleteAll(m_stepText);
    m_stepText.clear();
    qDeleteAll(m_endLabels);
    m_endLabels.clear();
}

void ClusterTimeChart::setInput(const ClusterInput& input)
{
    m_input = input;
    clear();
    if (m_followsLane)
        setChartTitle(m_input.valid() ? QStringLiteral("%1: %2").arg(m_title, QString::fromStdString(m_input.algo().id))
                                      : m_title);
    if (m_input.valid()) {
        build();
        buildOverlays();
    }
    m_allZero = !m_plot->lines().isEmpty();
    for (const auto& raw : m_raw)
        for (std::int64_t v : raw)
            if (v != 0)
                m_allZero = false;
    m_plot->offeredArea()->setVisible(!m_plot->fullOffered().isEmpty());
    restyle();
    refreshNow();
}

QLineSeries* ClusterTimeChart::addLine(const QString& name, const std::vector<std::int64_t>& perBucket, const QPen& pen,
                                       const QString& endLabel)
{
    const double bucketSeconds = m_input.bucketSeconds();
    QLineSeries* line =
        m_plot->addLine(name, bucketPoints(perBucket, bucketSeconds / m_input.secondsPerUnit(), 1.0 / bucketSeconds));
    m_pens.append(pen);
    m_lineLane.append(-1);
    m_raw.append(perBucket);
    if (m_endLabelsOn) {
        auto* label = new QGraphicsSimpleTextItem(endLabel.isEmpty() ? name : endLabel, chart());
        label->setZValue(6);
        m_endLabels.append(label);
    }
    return line;
}

void ClusterTimeChart::addLaneLines(std::vector<std::int64_t> ClusterStats::*series)
{
    for (int i = 0; i < m_input.laneCount(); ++i) {
        const AlgorithmReport& lane = m_input.lane(i);
        if (!lane.cluster || std::size_t(i) >= m_input.styles.size())
            continue;
        const bool picked = i == m_input.algorithm;
        QPen pen(m_input.styles[std::size_t(i)].color, picked ? 2.8 : 1.3);
        pen.setStyle(m_input.styles[std::size_t(i)].dash);
        pen.setCapStyle(Qt::FlatCap);
        pen.setJoinStyle(Qt::RoundJoin);
        const QString id = QString::fromStdString(lane.id);
        addLine(id, (*lane.cluster).*series, pen)->setVisible(!m_input.hiddenLanes.contains(id));
        m_lineLane.back() = i;
    }
}

void ClusterTimeChart::setOffered(const std::vector<std::int64_t>& perBucket)
{
    const double bucketSeconds = m_input.bucketSeconds();
    m_plot->setOffered(bucketPoints(perBucket, bucketSeconds / m_input.secondsPerUnit(), 1.0 / bucketSeconds));
}

void ClusterTimeChart::setLimit(std::optional<double> perSecond, const QString& label)
{
    m_limit = perSecond;
    m_limitText = label;
}

void ClusterTimeChart::buildOverlays()
{
    const ClusterSpec& spec = m_input.cluster();
    const double unit = m_input.secondsPerUnit();
    for (const OutageSpec& o : spec.outages) {
        const QString tip = clusternames::outageLabel(o);
        const auto addBand = [&](SimTime from, SimTime to) {
            auto* band = new HatchBand(o.kind, chart());
            band->setZValue(kBandZ);
            band->setPen(Qt::NoPen);
            band->setToolTip(tip);
            m_bands.append(band);
            m_bandSpans.append({double(from) / 1e6 / unit, double(to) / 1e6 / unit});
            m_bandTips.append(tip);
        };
        if (o.kind == OutageKind::Flapping && o.flap > 0) {
            for (SimTime t = o.from; t < o.to; t += 2 * o.flap)
                addBand(t, std::min(o.to, t + o.flap));
        } else {
            addBand(o.from, o.to);
        }
    }
    for (std::size_t i = 0; i < spec.clocks.size(); ++i)
        for (const ClockStep& step : spec.clocks[i].steps) {
            auto* line = new QGraphicsLineItem(chart());
            line->setZValue(kStepZ);
            m_steps.append(line);
            m_stepX.append(double(step.at) / 1e6 / unit);
            auto* text = new QGraphicsSimpleTextItem(chart());
            text->setZValue(6);
            text->setText(spec.instances > 1
                              ? QStringLiteral("%1 %2").arg(clusternames::instance(int(i)), clusternames::signedDuration(step.by))
                              : clusternames::signedDuration(step.by));
            text->setVisible(m_stepLabels);
            m_stepText.append(text);
        }
}

std::pair<double, double> ClusterTimeChart::fullXRange() const
{
    if (!m_input.report)
        return {0, 1};
    const double end = double(m_input.report->scenario.durationUs) / 1e6 / m_input.secondsPerUnit();
    return {0, end > 0 ? end : 1};
}

void ClusterTimeChart::refresh()
{
    const auto [lo, hi] = zoom().currentRange();
    const OfferedLines::Sampled sampled = m_plot->sample(lo, hi);
    double yMax = sampled.yMax;
    if (m_limit)
        yMax = std::max(yMax, *m_limit);
    if (yMax <= 0)
        yMax = 1;  // an all-zero chart: one unit, not 0.4 of one
    // Headroom for the overlays at the top: the data then ends that far below the plot's top.
    const double plotHeight = chart()->plotArea().height();
    if (m_topReservePx > 0 && plotHeight > 2 * m_topReservePx)
        yMax *= plotHeight / (plotHeight - m_topReservePx);
    // The axes before the points (OfferedLines::show).
    m_x->setNiceRange(lo, hi);
    const double step = fmt::niceStep(yMax > 0 ? yMax * 1.1 : 1, 4);
    m_y->setNiceRange(0, std::max(step, std::ceil(yMax * 1.1 / step) * step));
    m_plot->show(sampled);
}

void ClusterTimeChart::restyle()
{
    const bool dark = isDark();
    styleAxis(m_x, m_input.report ? m_input.timeTitle() : QStringLiteral("time (s)"), isDark());
    m_x->setTitleVisible(m_xTitle);
    m_emptyNote->setBrush(palette::mutedTextColor(dark));
    m_emptyNote->setFont(chartLabelFont());
    styleAxis(m_y, m_yTitle, isDark());
    m_plot->styleOffered();
    for (int i = 0; i < m_plot->lines().size(); ++i)
        m_plot->lines()[i]->setPen(m_pens[i]);
    for (QGraphicsSimpleTextItem* label : m_endLabels) {
        label->setBrush(palette::textColor(dark));
        label->setFont(chartLabelFont());
    }
    m_limitLine->setPen(QPen(palette::textColor(dark), 1.2, Qt::DashLine));
    m_limitLabel->setBrush(palette::textColor(dark));
    m_limitLabel->setFont(chartLabelFont());
    QPen stepPen(palette::textColor(dark), 1.2, Qt::DotLine);
    for (QGraphicsLineItem* l : m_steps)
        l->setPen(stepPen);
    for (QGraphicsSimpleTextItem* t : m_stepText) {
        t->setBrush(palette::textColor(dark));
        t->setFont(chartLabelFont());
    }
}

void ClusterTimeChart::layoutEndLabels(const QRectF& plot, double hi)
{
    // At the height of each line's last point in view, then pushed apart to not overlap.
    QList<QPair<double, QGraphicsSimpleTextItem*>> placed;
    const QList<QLineSeries*>& lines = m_plot->lines();
    const QList<QList<QPointF>>& full = m_plot->fullLines();
    for (int i = 0; i < m_endLabels.size(); ++i) {
        const bool visible = lines[i]->isVisible() && !full[i].isEmpty();
        m_endLabels[i]->setVisible(visible);
        if (!visible)
            continue;
        const QPointF last = OfferedLines::nearest(full[i], hi);
        const double y = chart()->mapToPosition(QPointF(last.x(), last.y()), lines[i]).y();
        placed.append({y - m_endLabels[i]->boundingRect().height() / 2, m_endLabels[i]});
    }
    std::sort(placed.begin(), placed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    double nextFree = plot.top() - 4;
    for (auto& [top, label] : placed) {
        top = std::max(top, nextFree);
        nextFree = top + label->boundingRect().height() - 2;
    }
    // Keep the last inside the plot's height, moving the others up with it.
    double limit = plot.bottom() + 4;
    for (auto it = placed.rbegin(); it != placed.rend(); ++it) {
        const double h = it->second->boundingRect().height();
        it->first = std::min(it->first, limit - h);
        limit = it->first + 2;
    }
    for (const auto& [top, label] : placed)
        label->setPos(plot.right() + 4, top);
}

void ClusterTimeChart::layoutOverlays()
{
    const QRectF plot = chart()->plotArea();
    // Plain locals, not a structured binding: clang 14 cannot capture one in a lambda.
    const double lo = zoom().currentRange().first;
    const double hi = zoom().currentRange().second;
    const auto toPx = [&](double x) { return plot.left() + (x - lo) / (hi - lo) * plot.width(); };
    for (int i = 0; i < m_bands.size(); ++i) {
        const double l = std::clamp(toPx(m_bandSpans[i].first), plot.left(), plot.right());
        const double r = std::clamp(toPx(m_bandSpans[i].second), plot.left(), plot.right());
        m_bands[i]->setRect(QRectF(l, plot.top(), std::max(0.0, r - l), plot.height()));
        m_bands[i]->setVisible(r > l);
    }
    for (int i = 0; i < m_steps.size(); ++i) {
        const double x = toPx(m_stepX[i]);
        const bool inside = x >= plot.left() && x <= plot.right();
        m_steps[i]->setLine(x, plot.top(), x, plot.bottom());
        m_steps[i]->setVisible(inside);
        m_stepText[i]->setVisible(inside && m_stepLabels);
        const QRectF br = m_stepText[i]->boundingRect();
        const double tx = x + 3 + br.width() > plot.right() ? x - 3 - br.width() : x + 3;
        m_stepText[i]->setPos(tx, plot.top() + 1);
    }
    layoutEndLabels(plot, hi);
    const bool showNote = m_allZero && !m_emptyNoteText.isEmpty();
    m_emptyNote->setVisible(showNote);
    if (showNote) {
        m_emptyNote->setText(m_emptyNoteText);
        const QRectF br = m_emptyNote->boundingRect();
        m_emptyNote->setPos(plot.center().x() - br.width() / 2, plot.center().y() - br.height() / 2);
    }
    const bool showLimit = m_limit.has_value() && !m_plot->lines().isEmpty();
    m_limitLine->setVisible(showLimit);
    m_limitLabel->setVisible(showLimit);
    if (showLimit) {
        const double y = chart()->mapToPosition(QPointF(lo, *m_limit), m_plot->offeredArea()).y();
        m_limitLine->setLine(plot.left(), y, plot.right(), y);
        m_limitLabel->setText(m_limitText);
        const QRectF br = m_limitLabel->boundingRect();
        m_limitLabel->setPos(plot.right() - br.width() - 4, y - br.height() - 1);
    }
}

QList<QPair<QPointF, QColor>> ClusterTimeChart::markersAt(double x) const
{
    QList<QPair<QPointF, QColor>> out;
    const QList<QList<QPointF>>& full = m_plot->fullLines();
    for (int i = 0; i < full.size(); ++i) {
        const QPointF p = OfferedLines::nearest(full[i], x);
        if (std::isfinite(p.y()) && m_plot->lines()[i]->isVisible())
            out.append({p, m_pens[i].color()});
    }
    return out;
}

QList<ClusterTimeChart::TooltipRow> ClusterTimeChart::rowsAt(double x) const
{
    QList<TooltipRow> out;
    const QList<QList<QPointF>>& full = m_plot->fullLines();
    for (int i = 0; i < full.size(); ++i)
        if (m_plot->lines()[i]->isVisible())
            out.append({i, m_plot->lines()[i]->name(), OfferedLines::nearest(full[i], x).y()});
    if (!m_plot->fullOffered().isEmpty())
        out.append({-1, m_plot->offeredArea()->name(), OfferedLines::nearest(m_plot->fullOffered(), x).y()});
    return out;
}

QList<QPair<QString, double>> ClusterTimeChart::valuesAt(double x) const
{
    QList<QPair<QString, double>> out;
    for (const TooltipRow& row : rowsAt(x))
        out.append({row.name, row.perSecond});
    return out;
}

QString ClusterTimeChart::tooltipAt(const QPointF& value) const
{
    const QList<QList<QPointF>>& full = m_plot->fullLines();
    if (!m_input.valid() || full.isEmpty())
        return {};
    const QPointF any = OfferedLines::nearest(full.front(), value.x());
    if (!std::isfinite(any.x()))
        return {};
    // Every series has a point at each bucket's centre, so one bucket serves every row.
    const double bucketSeconds = m_input.bucketSeconds();
    const double start = any.x() * m_input.secondsPerUnit() - bucketSeconds / 2;
    const auto bucket = std::size_t(std::max(0L, std::lround(start / bucketSeconds)));
    QString text = QStringLiteral("<b>%1 – %2</b><table>")
                       .arg(fmt::simTime(qint64(start * 1e6)), fmt::simTime(qint64((start + bucketSeconds) * 1e6)));
    for (const TooltipRow& row : rowsAt(value.x())) {
        const int i = row.line;
        const QString swatch =
            i >= 0 ? QStringLiteral("<span style='color:%1'>&#9632;</span> ").arg(m_pens[i].color().name()) : QString();
        QString name = row.name.toHtmlEscaped();
        if (i >= 0 && m_lineLane[i] >= 0 && m_lineLane[i] == m_input.algorithm)
            name = QStringLiteral("<b>%1</b>").arg(name);  // the picked lane
        const QString note = i >= 0 ? lineNote(i, bucket) : QString();
        text += QStringLiteral("<tr><td>%1%2</td><td align=right>&nbsp;%3</td><td>%4</td></tr>")
                    .arg(swatch, name, fmt::ratePerSecond(row.perSecond),
                         note.isEmpty() ? QString() : QStringLiteral("&nbsp;") + note.toHtmlEscaped());
    }
    text += QStringLiteral("</table>");
    for (int i = 0; i < m_bandSpans.size(); ++i)
        if (value.x() >= m_bandSpans[i].first && value.x() <= m_bandSpans[i].second)
            text += QStringLiteral("<i>store %1</i>").arg(m_bandTips[i].toHtmlEscaped());
    return text;
}

QString ClusterTimeChart::csvIn(const CsvRange& range) const
{
    QString out = QStringLiteral("t_s,series,per_s\n");
    if (!m_input.valid())
        return out;
    const double bucketSeconds = m_input.bucketSeconds();
    for (int i = 0; i < m_raw.size(); ++i)
        for (std::size_t b = 0; b < m_raw[i].size(); ++b)
            if (range.contains(double(b) * bucketSeconds / m_input.secondsPerUnit()))
                out += QStringLiteral("%1,%2,%3\n")
                           .arg(double(b) * bucketSeconds)
                           .arg(m_plot->lines()[i]->name())
                           .arg(double(m_raw[i][b]) / bucketSeconds);
    return out;
}

}  // namespace ratelab
