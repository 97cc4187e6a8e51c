#include "app/gui/charts/instanceallowedchart.h"

namespace ratelab {

InstanceAllowedChart::InstanceAllowedChart(QWidget* parent) : ClusterTimeChart(tr("Allowed per instance"), tr("req/s"), parent)
{
    setShowLegend(true);
    setEndLabels(true);
}

void InstanceAllowedChart::build()
{
    const ClusterStats& s = input().stats();
    for (std::size_t i = 0; i < s.instanceAllowedSeries.size(); ++i)
        addLine(clusternames::instance(int(i)), s.instanceAllowedSeries[i],
                algorithmPen(palette::dashForInstance(int(i)), i == 0 ? 2 : 1.6));
}

}  // namespace ratelab
