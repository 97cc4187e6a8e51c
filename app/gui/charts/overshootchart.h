#pragma once
// Cluster chart: the global-limit overshoot per bucket (req/s): admitted cost that one exact limiter of the same algorithm would have refused.

#include "app/gui/charts/clustertimechart.h"

namespace ratelab {

class OvershootChart : public ClusterTimeChart {
    Q_OBJECT
public:
    explicit OvershootChart(QWidget* parent = nullptr);
    QString exportName() const override { return QStringLiteral("overshootchart"); }

protected:
    void build() override;
};

}  // namespace ratelab
