#include "app/gui/charts/compare/delaychart.h"

#include "app/gui/charts/base/chartseries.h"

#include "app/gui/charts/base/chartseries.h"
#include "app/gui/charts/base/niceaxis.h"
#include "app/models/plotdata/downsample.h"

#include <QGraphicsLineItem>
#include <QGraphicsSimpleTextItem>

#include <algorithm>
#include <cmath>

namespace ratelab {

DelayChart::DelayChart(QWidget* parent) : ChartView(parent)
{
    zoom().setZoomable(true);
    setChartTitle(tr("D  Shaping delay, CDF"));
    m_x = new NiceAxis(&NiceAxis::plain, NiceAxis::Scale::Linear, this);
    m_y = new NiceAxis([](double v, double) { return QString::number(v, 'f', 0) + QLatin1Char('%'); }, NiceAxis::Scale::Linear,
                       this);
    m_y->setTargetTicks(5);
    chart()->addAxis(m_x, Qt::AlignBottom);
    chart()->addAxis(m_y, Qt::AlignLeft);
    m_empty = new QGraphicsSimpleTextItem(chart());
    m_empty->setZValue(10);
}

QString DelayChart::emptyText() const
{
    return tr("No shaping algorithm in this scenario: add leaky_bucket with mode=shape");
}

void DelayChart::setInput(const ChartInput& input)
{
    m_input = input;
    deleteLines(chart(), m_lines);
    m_curves.clear();
    qDeleteAll(m_ticks);
    m_ticks.clear();
    qDeleteAll(m_tickLabels);
    m_tickLabels.clear();

    qint64 maxUs = 0;
    if (input.report)
        for (const AlgorithmReport& a : input.report->algorithms)
            if (a.delay)
                maxUs = std::max<qint64>(
                    maxUs, std::max<qint64>(a.delay->max, a.delay->cumulative.empty() ? 0 : a.delay->cumulative.back().first));
    m_unit = fmt::durationUnitFor(std::max<qint64>(maxUs, 1000));
    m_maxX = std::max(1e-9, double(maxUs) / m_unit.usPerUnit);

    if (input.report) {
        const auto& algorithms = input.report->algorithms;
        for (std::size_t i = 0; i < algorithms.size(); ++i) {
            const AlgorithmReport& a = algorithms[i];
            if (!a.delay)
                continue;
            Curve curve;
            curve.algorithm = i;
            const auto& cum = a.delay->cumulative;
            const double total = cum.empty() ? 0.0 : double(cum.back().second);
            if (total > 0) {
                // A CDF drawn as steps: flat until each bound, then up to its share.
                double previousShare = 0;
                curve.points.append(QPointF(0, 0));
                for (const auto& [boundUs, count] : cum) {
                    const double x = double(boundUs) / m_unit.usPerUnit;
                    const double share = 100.0 * double(count) / total;
                    curve.points.append(QPointF(x, previousShare));
                    curve.points.append(QPointF(x, share));
                    previousShare = share;
                }
                curve.points.append(QPointF(m_maxX * 1.02, 100));
            }
            curve.p50 = double(a.delay->p50) / m_unit.usPerUnit;
            curve.p99 = double(a.delay->p99) / m_unit.usPerUnit;
            QLineSeries* line = addLine(chart(), this, QString::fromStdString(a.id), m_x, m_y);
            line->setVisible(!input.isHidden(i));
            m_lines.append(line);
            m_curves.append(curve);
            for (int k = 0; k < 2; ++k) {
                auto* tick = new QGraphicsLineItem(chart());
                tick->setZValue(7);
                m_ticks.append(tick);
                auto* label = new QGraphicsSimpleTextItem(chart());
                label->setZValue(7);
                label->setText((k == 0 ? QStringLiteral("p50 ") : QStringLiteral("p99 "))
                               + fmt::duration(k == 0 ? a.delay->p50 : a.delay->p99));
                m_tickLabels.append(label);
            }
        }
    }
    const bool empty = m_lines.isEmpty();
    m_x->setVisible(!empty);
    m_y->setVisible(!empty);
    m_empty->setVisible(empty);
    m_empty->setText(input.report ? emptyText() : QString());
    restyle();
    refreshNow();
}

std::pair<double, double> DelayChart::fullXRange() const
{
    return {0, m_maxX * 1.02};
}

void DelayChart::refresh()
{
    const auto [lo, hi] = zoom().currentRange();
    const int columns = plotColumns();
    for (int i = 0; i < m_lines.size(); ++i)
        m_lines[i]->replace(downsampleMinMax(m_curves[i].points, lo, hi, columns));
    m_x->setNiceRange(lo, hi);
    m_y->setNiceRange(0, 100);
}

void DelayChart::restyle()
{
    const bool dark = isDark();
    styleAxis(m_x, tr("delay (%1)").arg(m_unit.suffix), isDark());
    styleAxis(m_y, tr("accepted requests (%)"), isDark());
    for (int i = 0; i < m_lines.size(); ++i) {
        const palette::SeriesStyle& st = m_input.styles[m_curves[i].algorithm];
        m_lines[i]->setPen(palette::linePen(st, 2));
        for (int k = 0; k < 2; ++k) {
            QColor c = st.color;
            c.setAlphaF(0.7f);
            m_ticks[2 * i + k]->setPen(QPen(c, 1, Qt::DashLine));
            m_tickLabels[2 * i + k]->setBrush(palette::textColor(dark));
            m_tickLabels[2 * i + k]->setFont(chartLabelFont());
        }
    }
    QFont f = chartLabelFont();
    f.setPointSizeF(f.pointSizeF() + 1);
    m_empty->setFont(f);
    m_empty->setBrush(palette::mutedTextColor(dark));
}

void DelayChart::layoutOverlays()
{
    const QRectF plot = chart()->plotArea();
    if (m_lines.isEmpty()) {
        const QRectF area = chart()->geometry();
        const QRectF br = m_empty->boundingRect();
        m_empty->setPos(area.center().x() - br.width() / 2, area.center().y() - br.height() / 2);
        return;
    }
    const auto [lo, hi] = zoom().currentRange();
    for (int i = 0; i < m_curves.size(); ++i) {
        const bool visible = m_lines[i]->isVisible();
        for (int k = 0; k < 2; ++k) {
            const double v = k == 0 ? m_curves[i].p50 : m_curves[i].p99;
            const bool inside = visible && v >= lo && v <= hi;
            QGraphicsLineItem* tick = m_ticks[2 * i + k];
            QGraphicsSimpleTextItem* label = m_tickLabels[2 * i + k];
            tick->setVisible(inside);
            label->setVisible(inside);
            if (!inside)
                continue;
            const double x = chart()->mapToPosition(QPointF(v, 0), m_lines[i]).x();
            const double top = plot.top() + 2 + i * 3;
            tick->setLine(x, top, x, plot.bottom());
            const QRectF br = label->boundingRect();
            // Right of the tick, or left of it near the right edge; in rows along the bottom,
            // which a CDF leaves empty to the right of any of its points.
            double lx = x + 3;
            if (lx + br.width() > plot.right() - 2)
                lx = x - br.width() - 3;
            label->setPos(lx, plot.bottom() - 4 - double(2 * i + 2 - k) * br.height());
        }
    }
}

QString DelayChart::tooltipAt(const QPointF& value) const
{
    if (m_curves.isEmpty() || !m_input.report)
        return {};
    QString text = tr("<b>delay ≤ %1 %2</b><table>").arg(NiceAxis::plain(value.x(), 0.01), m_unit.suffix);
    for (int i = 0; i < m_curves.size(); ++i) {
        if (!m_lines[i]->isVisible())
            continue;
        const auto& pts = m_curves[i].points;
        double share = 0;
        for (const QPointF& p : pts)
            if (p.x() <= value.x())
                share = p.y();
        const AlgorithmReport& a = m_input.report->algorithms[m_curves[i].algorithm];
        text += QStringLiteral("<tr><td><span style='color:%1'>&#9632;</span> %2</td><td align=right>&nbsp;%3</td><td>&nbsp;p50 "
                               "%4, p99 %5</td></tr>")
                    .arg(m_input.styles[m_curves[i].algorithm].color.name(), QString::fromStdString(a.id).toHtmlEscaped(),
                         fmt::share(share / 100), fmt::duration(a.delay->p50), fmt::duration(a.delay->p99));
    }
    return text + QStringLiteral("</table>");
}

QString DelayChart::csvIn(const CsvRange& range) const
{
    QString out = QStringLiteral("id,delay_upper_us,accepted_cumulative\n");
    if (!m_input.report)
        return out;
    for (const AlgorithmReport& a : m_input.report->algorithms)
        if (a.delay)
            for (const auto& [bound, count] : a.delay->cumulative)
                if (range.contains(double(bound) / m_unit.usPerUnit))
                    out += QStringLiteral("%1,%2,%3\n").arg(QString::fromStdString(a.id)).arg(bound).arg(count);
    return out;
}

}  // namespace ratelab
