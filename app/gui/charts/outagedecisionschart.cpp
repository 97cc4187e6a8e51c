#include "app/gui/charts/outagedecisionschart.h"

namespace ratelab {

OutageDecisionsChart::OutageDecisionsChart(QWidget* parent)
    : ClusterTimeChart(tr("Decisions during outages"), tr("req/s"), parent)
{
    setShowLegend(true);
    setEmptyNote(tr("none: the store never failed for this algorithm, so the failure policy decided nothing"));
}

void OutageDecisionsChart::build()
{
    const ClusterStats& s = input().stats();
    addLine(tr("allowed during outage"), s.outageAllowedSeries, algorithmPen());
    QPen rejected(palette::textColor(input().dark), 1.6, Qt::DashLine);
    rejected.setCapStyle(Qt::FlatCap);
    addLine(tr("rejected during outage"), s.outageRejectedSeries, rejected);
}

}  // namespace ratelab
