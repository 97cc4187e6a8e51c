#include "app/gui/charts/cluster/globalallowedchart.h"

#include "app/models/text/formatting.h"

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
    if (in.limitIsPerKey()) {
        // Every key's allowed summed against one key's limit would read as a huge overshoot.
        setChartTitle(tr("Allowed in the cluster, all keys (the limit is per key)"));
        return setLimit(std::nullopt, QString());
    }
    setChartTitle(title());
    const auto limit = in.limitPerSecond();
    setLimit(limit, limit ? tr("global limit %1").arg(fmt::ratePerSecond(*limit)) : QString());
}

}  // namespace ratelab
