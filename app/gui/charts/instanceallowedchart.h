#pragma once
// Cluster chart: allowed per instance (req/s), one line per instance in the algorithm's colour, instances told apart by dash (solid, dash, dot, dash-dot) and named in the legend.

#include "app/gui/charts/clustertimechart.h"

namespace ratelab {

class InstanceAllowedChart : public ClusterTimeChart {
    Q_OBJECT
public:
    explicit InstanceAllowedChart(QWidget* parent = nullptr);
    QString exportName() const override { return QStringLiteral("instanceallowedchart"); }

protected:
    void build() override;
};

}  // namespace ratelab
