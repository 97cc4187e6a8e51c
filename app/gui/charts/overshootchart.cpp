#include "app/gui/charts/overshootchart.h"

namespace ratelab {

OvershootChart::OvershootChart(QWidget* parent)
    : ClusterTimeChart(tr("Overshoot of the global limit"), tr("overshoot (req/s)"), parent)
{
    setEmptyNote(tr("none: the cluster admitted no more than one exact limiter would have"));
}

void OvershootChart::build()
{
    addLine(tr("overshoot"), input().stats().overshootSeries, algorithmPen());
}

}  // namespace ratelab
