#pragma once
// Cluster chart: what the whole cluster admitted (req/s), one line per lane in its lane style (the
// picked lane wide), against the picked lane's limit (dashed) over the offered load (grey);
// outages hatched, clock steps dotted and labelled.

#include "app/gui/charts/cluster/clustertimechart.h"

namespace ratelab {

class GlobalAllowedChart : public ClusterTimeChart {
    Q_OBJECT
public:
    explicit GlobalAllowedChart(QWidget* parent = nullptr);
    QString exportName() const override { return QStringLiteral("globalallowedchart"); }

protected:
    void build() override;
};

}  // namespace ratelab
