#include "app/gui/charts/burstchart.h"

#include "app/models/formatting.h"

namespace ratelab {

namespace {
// The report's `limit` is whole requests; the ratio was taken against the exact nominal
// (a refill of 10/min is 0.17 per second), which it gives back.
double nominalOf(const PeakBurst& p)
{
    return p.ratio > 0 && p.allowedCost > 0 ? double(p.allowedCost) / p.ratio : double(p.limit);
}
}  // namespace

BurstChart::BurstChart(QWidget* parent)
    : BarsChart([](double v, double step) { return NiceAxis::plain(v, step) + QChar(0x00D7); }, NiceAxis::Scale::Linear, parent)
{
    setChartTitle(tr("B  Peak burst vs nominal limit"));
}

void BurstChart::setInput(const ChartInput& input)
{
    QList<Bar> bars;
    bool sameLimit = true;
    if (input.report) {
        const auto& algorithms = input.report->algorithms;
        for (const AlgorithmReport& a : algorithms)
            sameLimit = sameLimit && a.peakBurst.limit == algorithms.front().peakBurst.limit
                && a.peakBurst.windowUs == algorithms.front().peakBurst.windowUs;
        for (std::size_t i = 0; i < algorithms.size(); ++i) {
            const AlgorithmReport& a = algorithms[i];
            const PeakBurst& p = a.peakBurst;
            Bar bar;
            bar.id = QString::fromStdString(a.id);
            bar.value = p.ratio;
            bar.annotation = tr("%1 at %2").arg(fmt::ratio(p.ratio), fmt::simTime(p.atUs));
            if (!sameLimit)
                bar.annotation += tr("  (%1 per %2)").arg(fmt::compact(nominalOf(p)), fmt::windowLength(p.windowUs));
            bar.tooltip = tr("<b>%1</b><br>%2 admitted in %3 for key %4<br>nominal limit %5 → %6<br>window ending at %7")
                              .arg(bar.id.toHtmlEscaped(), fmt::exact(p.allowedCost), fmt::duration(p.windowUs),
                                   QString::fromStdString(p.key).toHtmlEscaped(), fmt::compact(nominalOf(p)), fmt::ratio(p.ratio),
                                   fmt::simTime(p.atUs));
            bar.style = input.styles[i];
            bar.hidden = input.isHidden(i);
            bars.append(bar);
        }
    }
    QString title = tr("allowed in worst trailing window / nominal limit");
    if (sameLimit && input.report && !input.report->algorithms.empty()) {
        const PeakBurst& p = input.report->algorithms.front().peakBurst;
        title = tr("allowed in worst %1 window / nominal %2").arg(fmt::duration(p.windowUs), fmt::compact(double(p.limit)));
    }
    setReference(1.0, QString());  // the axis title names the dashed line
    setBars(bars, title + tr("  (dashed: 1.00×)"), QStringLiteral("peak_burst_ratio"));
}

}  // namespace ratelab
