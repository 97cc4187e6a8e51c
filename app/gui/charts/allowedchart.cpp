#include "app/gui/charts/allowedchart.h"

#include "app/gui/charts/niceaxis.h"
#include "app/models/downsample.h"
#include "app/models/formatting.h"

#include <QAreaSeries>
#include <QGraphicsLineItem>
#include <QGraphicsSimpleTextItem>

#include <algorithm>
#include <cmath>

namespace ratelab {

AllowedChart::AllowedChart(QWidget* parent) : ChartView(parent)
{
    setZoomable(true);
    setCrosshairEnabled(true);
    setChartTitle(tr("A  Allowed over time"));
    m_x = new NiceAxis(&NiceAxis::plain, NiceAxis::Scale::Linear, this);
    m_y = new NiceAxis(&NiceAxis::compact, NiceAxis::Scale::Linear, this);
    m_y->setTargetTicks(5);
    chart()->addAxis(m_x, Qt::AlignBottom);
    chart()->addAxis(m_y, Qt::AlignLeft);

    m_plot = std::make_unique<OfferedLines>(this, m_x, m_y);

    m_nominalLine = new QGraphicsLineItem(chart());
    m_nominalLine->setZValue(6);
    m_nominalLabel = new QGraphicsSimpleTextItem(chart());
    m_nominalLabel->setZValue(6);
    restyle();
}

void AllowedChart::setInput(const ChartInput& input)
{
    const bool sameReport = input.report == m_input.report && input.styles.size() == m_input.styles.size();
    m_input = input;
    if (!sameReport)
        rebuildData();
    for (int i = 0; i < m_plot->lines().size(); ++i)
        m_plot->lines()[i]->setVisible(!m_input.isHidden(std::size_t(i)));
    restyle();
    refreshNow();
}

void AllowedChart::setMode(Mode mode)
{
    if (mode == m_mode)
        return;
    m_mode = mode;
    rebuildData();
    restyle();
    refreshNow();
}

void AllowedChart::rebuildData()
{
    m_plot->clear();
    m_nominal.reset();
    if (!m_input.report)
        return;
    const Report& r = *m_input.report;
    const double bucketSeconds = std::max<double>(1, double(r.bucketUs)) / 1e6;
    const fmt::TimeScale scale = fmt::timeScaleFor(double(r.scenario.durationUs) / 1e6);
    m_timeUnit = scale.secondsPerUnit;
    const double bucketUnits = bucketSeconds / m_timeUnit;

    if (m_mode == Mode::Rate)
        m_plot->setOffered(bucketPoints(r.offeredSeries, bucketUnits, 1.0 / bucketSeconds));

    for (std::size_t i = 0; i < r.algorithms.size(); ++i) {
        const AlgorithmReport& a = r.algorithms[i];
        QList<QPointF> pts;
        if (m_mode == Mode::Rate) {
            pts = bucketPoints(a.allowedSeries, bucketUnits, 1.0 / bucketSeconds);
        } else {
            pts.reserve(qsizetype(a.allowedSeries.size()));
            for (std::size_t b = 0; b < a.allowedSeries.size(); ++b) {
                const double allowed = double(a.allowedSeries[b]);
                const double rejected = b < a.rejectedSeries.size() ? double(a.rejectedSeries[b]) : 0.0;
                // An empty bucket has no share: NaN, dropped by the downsampler.
                const double share =
                    allowed + rejected > 0 ? 100.0 * allowed / (allowed + rejected) : std::numeric_limits<double>::quiet_NaN();
                pts.append(QPointF((double(b) + 0.5) * bucketUnits, share));
            }
        }
        m_plot->addLine(QString::fromStdString(a.id), std::move(pts));
    }

    // The nominal limit line, when every algorithm has the same one (req/s).
    if (m_mode == Mode::Rate && !r.algorithms.empty()) {
        std::optional<double> common;
        bool same = true;
        for (const AlgorithmReport& a : r.algorithms) {
            if (a.peakBurst.windowUs <= 0) {
                same = false;
                break;
            }
            const double perSecond = double(a.peakBurst.limit) / (double(a.peakBurst.windowUs) / 1e6);
            if (!common)
                common = perSecond;
            else if (std::abs(*common - perSecond) > 1e-9 * std::max(1.0, perSecond))
                same = false;
        }
        if (same)
            m_nominal = common;
    }
}

std::pair<double, double> AllowedChart::fullXRange() const
{
    if (!m_input.report)
        return {0, 1};
    const double end = double(m_input.report->scenario.durationUs) / 1e6 / m_timeUnit;
    return {0, end > 0 ? end : 1};
}

void AllowedChart::refresh()
{
    const auto [lo, hi] = currentXRange();
    const OfferedLines::Sampled sampled = m_plot->sample(lo, hi);
    double yMax = sampled.yMax;
    // The axes before the points (OfferedLines::show).
    m_x->setNiceRange(lo, hi);
    if (m_mode == Mode::Share) {
        m_y->setNiceRange(0, 105);
    } else {
        if (m_nominal)
            yMax = std::max(yMax, *m_nominal);
        const double step = fmt::niceStep(yMax > 0 ? yMax * 1.08 : 1, 5);
        m_y->setNiceRange(0, std::max(step, std::ceil(yMax * 1.08 / step) * step));
    }
    m_plot->show(sampled);
    m_plot->offeredArea()->setVisible(m_mode == Mode::Rate && !sampled.offered.isEmpty());
}

void AllowedChart::restyle()
{
    const bool dark = isDark();
    const QString xTitle =
        m_input.report ? fmt::timeScaleFor(double(m_input.report->scenario.durationUs) / 1e6).title : QStringLiteral("time (s)");
    styleAxis(m_x, xTitle);
    styleAxis(m_y, m_mode == Mode::Rate ? tr("allowed (req/s)") : tr("acceptance per bucket (%)"));
    m_plot->styleOffered();
    const QList<QLineSeries*>& lines = m_plot->lines();
    for (int i = 0; i < lines.size() && std::size_t(i) < m_input.styles.size(); ++i) {
        QPen pen(m_input.styles[std::size_t(i)].color, 2);
        pen.setStyle(m_input.styles[std::size_t(i)].dash);
        pen.setCapStyle(Qt::FlatCap);
        pen.setJoinStyle(Qt::RoundJoin);
        lines[i]->setPen(pen);
    }
    QPen nominal(palette::textColor(dark), 1.2, Qt::DashLine);
    m_nominalLine->setPen(nominal);
    m_nominalLabel->setBrush(palette::textColor(dark));
    m_nominalLabel->setFont(labelFont());
}

void AllowedChart::layoutOverlays()
{
    const bool show = m_nominal && m_mode == Mode::Rate && !m_plot->lines().isEmpty();
    m_nominalLine->setVisible(show);
    m_nominalLabel->setVisible(show);
    if (!show)
        return;
    const QRectF plot = chart()->plotArea();
    const double y = chart()->mapToPosition(QPointF(0, *m_nominal), m_plot->offeredArea()).y();
    m_nominalLine->setLine(plot.left(), y, plot.right(), y);
    m_nominalLabel->setText(tr("nominal limit per key %1").arg(fmt::ratePerSecond(*m_nominal)));
    const QRectF br = m_nominalLabel->boundingRect();
    m_nominalLabel->setPos(plot.right() - br.width() - 4, y - br.height() - 1);
}

QList<QPair<QPointF, QColor>> AllowedChart::markersAt(double x) const
{
    QList<QPair<QPointF, QColor>> out;
    const QList<QList<QPointF>>& full = m_plot->fullLines();
    for (int i = 0; i < full.size(); ++i) {
        if (!m_plot->lines()[i]->isVisible())
            continue;
        const QPointF p = OfferedLines::nearest(full[i], x);
        if (std::isfinite(p.y()))
            out.append({p, m_input.styles[std::size_t(i)].color});
    }
    return out;
}

QString AllowedChart::tooltipAt(const QPointF& value) const
{
    const QList<QList<QPointF>>& full = m_plot->fullLines();
    if (!m_input.report || full.isEmpty())
        return {};
    const Report& r = *m_input.report;
    const QPointF any = OfferedLines::nearest(full.front(), value.x());
    if (!std::isfinite(any.x()))
        return {};
    const double bucketSeconds = double(r.bucketUs) / 1e6;
    const double start = any.x() * m_timeUnit - bucketSeconds / 2;
    QString text = QStringLiteral("<b>%1 – %2</b><table>")
                       .arg(fmt::simTime(qint64(start * 1e6)), fmt::simTime(qint64((start + bucketSeconds) * 1e6)));
    QList<QPair<double, QString>> rows;
    const QList<QLineSeries*>& lines = m_plot->lines();
    for (int i = 0; i < full.size(); ++i) {
        if (!lines[i]->isVisible())
            continue;
        const QPointF p = OfferedLines::nearest(full[i], value.x());
        const QString v = m_mode == Mode::Rate ? fmt::ratePerSecond(p.y())
                                               : (std::isfinite(p.y()) ? fmt::share(p.y() / 100) : QStringLiteral("–"));
        rows.append({std::isfinite(p.y()) ? p.y() : -1,
                     QStringLiteral("<tr><td><span style='color:%1'>&#9632;</span> %2</td><td align=right>&nbsp;%3</td></tr>")
                         .arg(m_input.styles[std::size_t(i)].color.name(), lines[i]->name().toHtmlEscaped(), v)});
    }
    std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (const auto& row : rows)
        text += row.second;
    if (m_mode == Mode::Rate && !m_plot->fullOffered().isEmpty())
        text += QStringLiteral("<tr><td>offered</td><td align=right>&nbsp;%1</td></tr>")
                    .arg(fmt::ratePerSecond(OfferedLines::nearest(m_plot->fullOffered(), value.x()).y()));
    return text + QStringLiteral("</table>");
}

QString AllowedChart::csv() const
{
    QString out = QStringLiteral("t_s,id,allowed_per_s,rejected_per_s\n");
    if (!m_input.report)
        return out;
    const Report& r = *m_input.report;
    const double bucketSeconds = double(r.bucketUs) / 1e6;
    for (std::size_t b = 0; b < r.offeredSeries.size(); ++b)
        out += QStringLiteral("%1,offered,%2,\n").arg(double(b) * bucketSeconds).arg(double(r.offeredSeries[b]) / bucketSeconds);
    for (const AlgorithmReport& a : r.algorithms)
        for (std::size_t b = 0; b < a.allowedSeries.size(); ++b)
            out += QStringLiteral("%1,%2,%3,%4\n")
                       .arg(double(b) * bucketSeconds)
                       .arg(QString::fromStdString(a.id))
                       .arg(double(a.allowedSeries[b]) / bucketSeconds)
                       .arg(b < a.rejectedSeries.size() ? double(a.rejectedSeries[b]) / bucketSeconds : 0.0);
    return out;
}

}  // namespace ratelab
