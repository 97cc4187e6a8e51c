#include "app/gui/charts/compare/backendchart.h"

#include "app/gui/charts/base/chartseries.h"

#include "app/gui/charts/base/chartseries.h"
#include "app/gui/charts/base/niceaxis.h"
#include "app/models/plotdata/downsample.h"
#include "app/models/text/formatting.h"

#include <QGraphicsSimpleTextItem>

#include <algorithm>
#include <cmath>

namespace ratelab {

BackendChart::BackendChart(QWidget* parent) : ChartView(parent)
{
    zoom().setZoomable(true);
    crosshair().setEnabled(true);
    setChartTitle(tr("D  Backend: p99 latency of allowed requests"));
    m_x = new NiceAxis(&NiceAxis::plain, NiceAxis::Scale::Linear, this);
    m_y = new NiceAxis([](double v, double) { return fmt::duration(qint64(std::llround(v))); }, NiceAxis::Scale::Log10, this);
    m_y->setTargetTicks(5);
    chart()->addAxis(m_x, Qt::AlignBottom);
    chart()->addAxis(m_y, Qt::AlignLeft);
}

bool BackendChart::applies(const Report* report)
{
    if (!report)
        return false;
    return std::any_of(report->algorithms.begin(), report->algorithms.end(),
                       [](const AlgorithmReport& a) { return a.backendModel.has_value(); });
}

void BackendChart::setInput(const ChartInput& input)
{
    m_input = input;
    deleteLines(chart(), m_lines);
    m_curves.clear();
    qDeleteAll(m_summaries);
    m_summaries.clear();
    if (!applies(input.report.get()))
        return;

    const Report& r = *input.report;
    m_secondsPerUnit = fmt::timeScaleFor(double(r.scenario.durationUs) / 1e6).secondsPerUnit;
    const double bucketUnits = double(r.bucketUs) / 1e6 / m_secondsPerUnit;
    double lo = INFINITY, hi = -INFINITY;
    for (std::size_t i = 0; i < r.algorithms.size(); ++i) {
        const AlgorithmReport& a = r.algorithms[i];
        if (!a.backendModel)
            continue;
        Curve curve;
        curve.algorithm = i;
        // A bucket where no allowed request entered has no latency: the line skips it.
        const std::vector<std::int64_t>& p99 = a.backendModel->latencyP99Series;
        for (std::size_t b = 0; b < p99.size(); ++b) {
            if (p99[b] <= 0)
                continue;
            const double y = std::log10(double(p99[b]));
            curve.points.append(QPointF((double(b) + 0.5) * bucketUnits, y));
            lo = std::min(lo, y);
            hi = std::max(hi, y);
        }
        QLineSeries* line = addLine(chart(), this, QString::fromStdString(a.id), m_x, m_y);
        line->setVisible(!input.isHidden(i));
        m_lines.append(line);
        m_curves.append(curve);
        auto* summary = new QGraphicsSimpleTextItem(chart());
        summary->setZValue(7);
        summary->setText(summaryText(int(m_curves.size()) - 1));
        m_summaries.append(summary);
    }
    // From the decade below the lowest point (so a line at the service time stays off the axis)
    // to just above the highest, at least one decade.
    m_minLog = std::isfinite(lo) ? std::floor(lo - 0.05) : 3;
    m_maxLog = std::isfinite(hi) ? std::max(m_minLog + 1, hi + 0.1) : 4;
    restyle();
    refreshNow();
}

QString BackendChart::summaryText(int line) const
{
    if (line < 0 || line >= m_curves.size() || !m_input.report)
        return {};
    const AlgorithmReport& a = m_input.report->algorithms[m_curves[line].algorithm];
    const BackendStats& b = *a.backendModel;
    const QString where = b.placement == "after" ? tr("limiter after the work") : tr("limiter before the work");
    return tr("%1: %2, backend %3 busy, p99 %4")
        .arg(QString::fromStdString(a.id), where, fmt::share(b.utilization), fmt::duration(b.latencyUs.p99));
}

std::size_t BackendChart::bucketAt(double x) const
{
    const double us = x * m_secondsPerUnit * 1e6;
    return us <= 0 || !m_input.report ? 0 : std::size_t(us / double(m_input.report->bucketUs));
}

qint64 BackendChart::latencyAt(int line, SimTime atUs) const
{
    if (line < 0 || line >= m_curves.size())
        return -1;
    const auto& series = m_input.report->algorithms[m_curves[line].algorithm].backendModel->latencyP99Series;
    const std::size_t b = std::size_t(atUs / m_input.report->bucketUs);
    return b < series.size() && series[b] > 0 ? series[b] : -1;
}

std::pair<double, double> BackendChart::fullXRange() const
{
    if (!m_input.report)
        return {0, 1};
    return {0, double(m_input.report->scenario.durationUs) / 1e6 / m_secondsPerUnit};
}

void BackendChart::refresh()
{
    const auto [lo, hi] = zoom().currentRange();
    for (int i = 0; i < m_lines.size(); ++i)
        m_lines[i]->replace(downsampleMinMax(m_curves[i].points, lo, hi, plotColumnsFor(m_lines[i]->pen())));
    m_x->setNiceRange(lo, hi);
    // Room above the highest point for the summary lines written at the top.
    double text = 8;
    for (int i = 0; i < m_summaries.size(); ++i)
        text += m_lines[i]->isVisible() ? m_summaries[i]->boundingRect().height() : 0;
    const double plot = chart()->plotArea().height();
    const double span = m_maxLog - m_minLog;
    m_y->setNiceRange(m_minLog, plot > 2 * text ? m_maxLog + span * text / (plot - text) : m_maxLog);
}

void BackendChart::restyle()
{
    const QString timeTitle =
        m_input.report ? fmt::timeScaleFor(double(m_input.report->scenario.durationUs) / 1e6).title : tr("time (s)");
    styleAxis(m_x, timeTitle, isDark());
    styleAxis(m_y, tr("p99 latency, log"), isDark());
    for (int i = 0; i < m_lines.size(); ++i) {
        const palette::SeriesStyle& st = m_input.styles[m_curves[i].algorithm];
        m_lines[i]->setPen(palette::linePen(st, 2));
        m_summaries[i]->setBrush(st.color);
        m_summaries[i]->setFont(chartLabelFont());
    }
}

void BackendChart::layoutOverlays()
{
    const QRectF plot = chart()->plotArea();
    double y = plot.top() + 4;
    for (int i = 0; i < m_summaries.size(); ++i) {
        m_summaries[i]->setVisible(m_lines[i]->isVisible());
        if (!m_lines[i]->isVisible())
            continue;
        m_summaries[i]->setPos(plot.left() + 6, y);
        y += m_summaries[i]->boundingRect().height();
    }
}

QString BackendChart::tooltipAt(const QPointF& value) const
{
    if (m_curves.isEmpty() || !m_input.report)
        return {};
    const std::size_t b = bucketAt(value.x());
    const SimTime bucketUs = m_input.report->bucketUs;
    QString text = tr("<b>%1 – %2</b><table>").arg(fmt::simTime(qint64(b) * bucketUs), fmt::simTime(qint64(b + 1) * bucketUs));
    for (int i = 0; i < m_curves.size(); ++i) {
        if (!m_lines[i]->isVisible())
            continue;
        const AlgorithmReport& a = m_input.report->algorithms[m_curves[i].algorithm];
        const BackendStats& s = *a.backendModel;
        const auto at = [b](const auto& series) { return b < series.size() ? series[b] : 0; };
        const qint64 p99 = at(s.latencyP99Series);
        text += QStringLiteral("<tr><td><span style='color:%1'>&#9632;</span> %2</td><td>&nbsp;%3</td><td>&nbsp;%4</td></tr>")
                    .arg(m_input.styles[m_curves[i].algorithm].color.name(), QString::fromStdString(a.id).toHtmlEscaped(),
                         p99 > 0 ? tr("p99 %1").arg(fmt::duration(p99)) : tr("none entered"),
                         tr("%1 busy").arg(fmt::share(at(s.utilizationSeries))));
    }
    return text + QStringLiteral("</table>");
}

QString BackendChart::csvIn(const CsvRange& range) const
{
    QString out = QStringLiteral("id,placement,bucket_start_us,utilization,queue_wait_p99_us,latency_p99_us\n");
    if (!m_input.report)
        return out;
    for (const AlgorithmReport& a : m_input.report->algorithms) {
        if (!a.backendModel)
            continue;
        const BackendStats& s = *a.backendModel;
        for (std::size_t b = 0; b < s.latencyP99Series.size(); ++b)
            if (range.contains(double(qint64(b) * m_input.report->bucketUs) / 1e6 / m_secondsPerUnit))
                out += QStringLiteral("%1,%2,%3,%4,%5,%6\n")
                           .arg(QString::fromStdString(a.id), QString::fromStdString(s.placement))
                           .arg(qint64(b) * m_input.report->bucketUs)
                           .arg(b < s.utilizationSeries.size() ? s.utilizationSeries[b] : 0.0)
                           .arg(b < s.queueWaitP99Series.size() ? s.queueWaitP99Series[b] : 0)
                           .arg(s.latencyP99Series[b]);
    }
    return out;
}

}  // namespace ratelab
