#include "app/gui/charts/cluster/globalallowedchart.h"

#include "app/models/text/formatting.h"

namespace ratelab {

GlobalAllowedChart::GlobalAllowedChart(QWidget* parent)
    : ClusterTimeChart(tr("Global allowed vs the global limit"), tr("req/s"),
                       {.followsLane = false, .endLabels = false, .stepLabels = true, .emptyNote = {}}, parent)
{}

void GlobalAllowedChart::build()
{
    const ClusterInput& in = input();
    setOffered(in.report->offeredSeries);
    addLaneLines(&ClusterStats::allowedByArrival);
    if (in.limitIsPerKey()) {
        // Every key's allowed summed against one key's limit would read as a huge overshoot.
        setChartTitle(tr("Allowed in the cluster, all keys (the limit is per key)"));
        return;
    }
    setChartTitle(title());
    const auto limit = in.limitPerSecond();
    limitLine().set(limit, limit ? tr("global limit %1").arg(fmt::ratePerSecond(*limit)) : QString());
}

}  // namespace ratelab
