#pragma once
// Cluster chart: the decisions the picked lane's failure policy made while the store failed or the
// breaker was open: allowed (solid, the lane's colour) and rejected (dashed), in req/s, named at
// their right ends. Nothing to show when no
// lane's policy decided anything.

#include "app/gui/charts/cluster/clustertimechart.h"

namespace ratelab {

class OutageDecisionsChart : public ClusterTimeChart {
    Q_OBJECT
public:
    explicit OutageDecisionsChart(QWidget* parent = nullptr);
    QString exportName() const override { return QStringLiteral("outagedecisionschart"); }
    QString nothingToShow() const override;

protected:
    void build() override;
};

}  // namespace ratelab
