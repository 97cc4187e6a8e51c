#include "app/gui/charts/cluster/clustertimechart.h"

#include "app/gui/charts/base/niceaxis.h"
#include "app/models/plotdata/downsample.h"
#include "app/models/text/formatting.h"

#include <QAreaSeries>
#include <QGraphicsSimpleTextItem>

#include <algorithm>
#include <cmath>

namespace ratelab {

namespace {
// Room right of the plot for line names, kept by every chart so stacked plots stay aligned.
constexpr int kEndLabelRoom = 52;
}  // namespace

QPen linePen(const QColor& color, Qt::PenStyle dash, qreal width)
{
    QPen pen(color, width);
    pen.setStyle(dash);
    pen.setCapStyle(Qt::FlatCap);
    pen.setJoinStyle(Qt::RoundJoin);
    return pen;
}

ClusterTimeChart::ClusterTimeChart(const QString& title, const QString& yTitle, const ClusterChartOptions& options,
                                   QWidget* parent)
    : ChartView(parent), m_title(title), m_yTitle(yTitle), m_options(options), m_faults(chart(), options.stepLabels),
      m_limitLine(chart()), m_endLabels(chart())
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

void ClusterTimeChart::setInput(const ClusterInput& input)
{
    m_input = input;
    m_plot->clear();
    m_pens.clear();
    m_lineLane.clear();
    m_raw.clear();
    m_limitLine.set(std::nullopt, QString());
    m_endLabels.clear();
    if (m_options.followsLane)
        setChartTitle(m_input.valid() ? QStringLiteral("%1: %2").arg(m_title, QString::fromStdString(m_input.algo().id))
                                      : m_title);
    if (m_input.valid())
        build();
    m_faults.build(m_input);
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
    if (m_options.endLabels)
        m_endLabels.add(endLabel.isEmpty() ? name : endLabel);
    return line;
}

void ClusterTimeChart::addLaneLines(std::vector<std::int64_t> ClusterStats::*series)
{
    for (int i = 0; i < m_input.laneCount(); ++i) {
        const AlgorithmReport& lane = m_input.lane(i);
        if (!lane.cluster || std::size_t(i) >= m_input.styles.size())
            continue;
        const bool picked = i == m_input.algorithm;
        const palette::SeriesStyle& style = m_input.styles[std::size_t(i)];
        const QString id = QString::fromStdString(lane.id);
        addLine(id, (*lane.cluster).*series, linePen(style.color, style.dash, picked ? 2.8 : 1.3))
            ->setVisible(!m_input.hiddenLanes.contains(id));
        m_lineLane.back() = i;
    }
}

void ClusterTimeChart::setOffered(const std::vector<std::int64_t>& perBucket)
{
    const double bucketSeconds = m_input.bucketSeconds();
    m_plot->setOffered(bucketPoints(perBucket, bucketSeconds / m_input.secondsPerUnit(), 1.0 / bucketSeconds));
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
    if (m_limitLine.value())
        yMax = std::max(yMax, *m_limitLine.value());
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
    m_endLabels.restyle(palette::textColor(dark), chartLabelFont());
    m_limitLine.restyle(palette::textColor(dark), chartLabelFont());
    m_faults.restyle(palette::textColor(dark), chartLabelFont());
}

void ClusterTimeChart::layoutOverlays()
{
    const QRectF plot = chart()->plotArea();
    const auto [lo, hi] = zoom().currentRange();
    m_faults.layout(plot, lo, hi);
    m_endLabels.layout(plot, hi, m_plot->lines(), m_plot->fullLines());
    const bool showNote = m_allZero && !m_options.emptyNote.isEmpty();
    m_emptyNote->setVisible(showNote);
    if (showNote) {
        m_emptyNote->setText(m_options.emptyNote);
        const QRectF br = m_emptyNote->boundingRect();
        m_emptyNote->setPos(plot.center().x() - br.width() / 2, plot.center().y() - br.height() / 2);
    }
    m_limitLine.layout(plot, m_plot->offeredArea(), lo, !m_plot->lines().isEmpty());
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

QList<ClusterTimeChart::Value> ClusterTimeChart::valuesAt(double x) const
{
    QList<Value> out;
    const QList<QList<QPointF>>& full = m_plot->fullLines();
    for (int i = 0; i < full.size(); ++i)
        if (m_plot->lines()[i]->isVisible())
            out.append({i, m_plot->lines()[i]->name(), OfferedLines::nearest(full[i], x).y()});
    if (!m_plot->fullOffered().isEmpty())
        out.append({-1, m_plot->offeredArea()->name(), OfferedLines::nearest(m_plot->fullOffered(), x).y()});
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
    for (const Value& row : valuesAt(value.x())) {
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
    return text + QStringLiteral("</table>") + m_faults.tooltipAt(value.x());
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
