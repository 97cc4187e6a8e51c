#include "app/gui/charts/cluster/overshootchart.h"

namespace ratelab {

OvershootChart::OvershootChart(QWidget* parent) : ClusterTimeChart(tr("Overshoot of the global limit"), tr("req/s"), {}, parent)
{}

void OvershootChart::build()
{
    addLaneLines(&ClusterStats::overshootSeries);
}

QString OvershootChart::nothingToShow() const
{
    const ClusterInput& in = input();
    if (!in.valid())
        return {};
    for (int i = 0; i < in.laneCount(); ++i)
        if (in.lane(i).cluster && in.lane(i).cluster->globalLimitOvershoot > 0)
            return {};
    return tr("No overshoot: no lane admitted more than one exact limiter would have.");
}

}  // namespace ratelab
