#pragma once
// Cluster chart: allowed per instance (req/s) for the picked lane, one line per instance in the
// lane's colour, instances told apart by dash (solid, dash, dot, dash-dot) and named at their right ends.
// When the scenario's clocks disagree and the lane's algorithm has clock-aligned windows, a row
// of ticks per instance along the top marks where each instance's windows begin (WindowTicks).

#include "app/gui/charts/cluster/clustertimechart.h"

#include <memory>

namespace ratelab {

class WindowTicks;

class InstanceAllowedChart : public ClusterTimeChart {
    Q_OBJECT
public:
    explicit InstanceAllowedChart(QWidget* parent = nullptr);
    ~InstanceAllowedChart() override;
    QString exportName() const override { return QStringLiteral("instanceallowedchart"); }
    const WindowTicks& windowTicks() const { return *m_ticks; }

protected:
    void build() override;
    void restyle() override;
    void layoutOverlays() override;

private:
    void buildWindowTicks();

    std::unique_ptr<WindowTicks> m_ticks;
};

}  // namespace ratelab
