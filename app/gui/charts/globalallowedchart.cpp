#include "app/gui/charts/globalallowedchart.h"

#include "app/models/formatting.h"

namespace ratelab {

GlobalAllowedChart::GlobalAllowedChart(QWidget* parent)
    : ClusterTimeChart(tr("Global allowed vs the global limit"), tr("allowed (req/s)"), parent)
{
    setStepLabels(true);
}

void GlobalAllowedChart::build()
{
    const ClusterInput& in = input();
    setOffered(in.report->offeredSeries);
    addLine(QString::fromStdString(in.algo().id), in.algo().allowedSeries, algorithmPen());
    const auto limit = in.limitPerSecond();
    setLimit(limit, limit ? tr("global limit %1").arg(fmt::ratePerSecond(*limit)) : QString());
}

}  // namespace ratelab
