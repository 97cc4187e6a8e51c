#include "app/gui/charts/cluster/outagedecisionschart.h"

namespace ratelab {

OutageDecisionsChart::OutageDecisionsChart(QWidget* parent)
    : ClusterTimeChart(
        tr("Decisions during outages"), tr("req/s"),
        {.followsLane = true,
         .endLabels = true,
         .emptyNote = tr("none: the store never failed for this algorithm, so the failure policy decided nothing")},
        parent)
{}

void OutageDecisionsChart::build()
{
    const ClusterStats& s = input().stats();
    addLine(tr("allowed during outage"), s.outageAllowedSeries, linePen(input().style.color), tr("allowed"));
    QPen rejected(palette::textColor(input().dark), 1.6, Qt::DashLine);
    rejected.setCapStyle(Qt::FlatCap);
    addLine(tr("rejected during outage"), s.outageRejectedSeries, rejected, tr("rejected"));
}

QString OutageDecisionsChart::nothingToShow() const
{
    const ClusterInput& in = input();
    if (!in.valid())
        return {};
    for (int i = 0; i < in.laneCount(); ++i)
        if (in.lane(i).cluster && in.lane(i).cluster->allowedDuringOutage + in.lane(i).cluster->rejectedDuringOutage > 0)
            return {};
    return in.cluster().outages.empty() ? tr("No store outage in this scenario.")
                                        : tr("No failure policy decided anything: the store never failed for any lane.");
}

}  // namespace ratelab
