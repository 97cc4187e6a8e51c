#pragma once
// Cluster chart: the decisions the failure policy made while the store failed or the breaker was open: allowed (solid) and rejected (dashed), in req/s.

#include "app/gui/charts/clustertimechart.h"

namespace ratelab {

class OutageDecisionsChart : public ClusterTimeChart {
    Q_OBJECT
public:
    explicit OutageDecisionsChart(QWidget* parent = nullptr);
    QString exportName() const override { return QStringLiteral("outagedecisionschart"); }

protected:
    void build() override;
};

}  // namespace ratelab
