#pragma once
// The Cluster view's five time charts on one x axis (gui-guide.md 4.4 and 5): global allowed
// vs the global limit, overshoot, rejected per lane, allowed per instance, decisions during
// outages; stacked, or in tabs when there is no height for them all to be readable. A chart
// with nothing to show in the run folds to one line (CollapsibleChart). They zoom together,
// show one crosshair, and share one plot-area left edge (the widest y labels win), realigned
// whenever a plot area moves. It shows the input it is given and never reads the run itself.

#include "app/models/plotdata/clusterinput.h"

#include <QWidget>

class QTimer;

namespace ratelab {

class ChartGrid;
class ClusterTimeChart;
class CollapsibleChart;
class GlobalAllowedChart;
class InstanceAllowedChart;
class LaneRejectedChart;
class OutageDecisionsChart;
class OvershootChart;

class ClusterCharts : public QWidget {
    Q_OBJECT
public:
    explicit ClusterCharts(QWidget* parent = nullptr);

    GlobalAllowedChart* global() const { return m_global; }
    InstanceAllowedChart* instances() const { return m_instances; }
    OutageDecisionsChart* outage() const { return m_outage; }
    OvershootChart* overshoot() const { return m_overshoot; }
    LaneRejectedChart* rejected() const { return m_rejected; }
    // In stacking order.
    QList<ClusterTimeChart*> all() const;
    // The chart's place in the stack: the chart, or the one line it folds to.
    CollapsibleChart* slotOf(const ClusterTimeChart* chart) const;

    // A new run: exports name its scenario and seed, and every chart shows it whole.
    void startRun(const QString& scenario, std::uint64_t seed);
    // Each chart's data; the empty ones fold. The caller lays the page out, then alignNow().
    void setInput(const ClusterInput& input);
    // Lays each chart out and aligns the plots at once: each layout after the data is in
    // repaints every series, thousands of points on a long run.
    void alignNow();
    // Aligns once the layouts around them settle (the topology shown or hidden).
    void alignSoon();
    void setDark(bool dark);
    void setCrosshair(double x);

signals:
    void hovered(double x);
    // A plot area moved or the x range changed: what follows the plots follows them.
    void plotsMoved();

private:
    void alignPlots();
    void foldEmptyCharts();

    GlobalAllowedChart* m_global = nullptr;
    InstanceAllowedChart* m_instances = nullptr;
    OutageDecisionsChart* m_outage = nullptr;
    OvershootChart* m_overshoot = nullptr;
    LaneRejectedChart* m_rejected = nullptr;
    QList<CollapsibleChart*> m_slots;  // one per chart, in all() order
    ChartGrid* m_grid = nullptr;
    QTimer* m_alignTimer = nullptr;
};

}  // namespace ratelab
