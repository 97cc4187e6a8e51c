#include "app/gui/charts/globalallowedchart.h"

#include "app/models/formatting.h"

namespace ratelab {

GlobalAllowedChart::GlobalAllowedChart(QWidget* parent)
    : ClusterTimeChart(tr("Global allowed vs the global limit"), tr("req/s"), parent)
{
    setStepLabels(true);
}

void GlobalAllowedChart::build()
{
    const ClusterInput& in = input();
    setOffered(in.report->offeredSeries);
    addLaneLines(&ClusterStats::allowedByArrival);
    const auto limit = in.limitPerSecond();
    setLimit(limit, limit ? tr("global limit %1").arg(fmt::ratePerSecond(*limit)) : QString());
}

}  // namespace ratelab
