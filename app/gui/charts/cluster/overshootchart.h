#pragma once
// Cluster chart: the global-limit overshoot per bucket (req/s), one line per lane: admitted cost
// that one exact limiter of the same algorithm would have refused. Nothing to show when no lane
// overshot.

#include "app/gui/charts/cluster/clustertimechart.h"

namespace ratelab {

class OvershootChart : public ClusterTimeChart {
    Q_OBJECT
public:
    explicit OvershootChart(QWidget* parent = nullptr);
    QString exportName() const override { return QStringLiteral("overshootchart"); }
    QString nothingToShow() const override;

protected:
    void build() override;
};

}  // namespace ratelab
