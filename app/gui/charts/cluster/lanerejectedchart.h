#pragma once
// Cluster chart: what each lane rejected per bucket (req/s), one line per lane, and under each
// line, shaded in the lane's colour, the part of it that was wrong: rejected though one exact
// limiter deciding every request in true time admitted it (a clock that stepped back, windows
// that disagree, a store that failed closed). The shading is a graphics item, not a series, so it stays out of autoscale
// and CSV (it is never above its line). Nothing to show when no lane rejected anything.

#include "app/gui/charts/cluster/clustertimechart.h"

class QGraphicsPathItem;

namespace ratelab {

class LaneRejectedChart : public ClusterTimeChart {
    Q_OBJECT
public:
    explicit LaneRejectedChart(QWidget* parent = nullptr);
    QString exportName() const override { return QStringLiteral("lanerejectedchart"); }
    QString nothingToShow() const override;

    // For tests: the wrongly rejected points (axis units, req/s) shaded under line `line`, and
    // whether that shading shows.
    QList<QPointF> wronglyPoints(int line) const { return m_wrongly.value(line); }
    bool wronglyShown(int line) const;

protected:
    void build() override;
    QString lineNote(int line, std::size_t bucket) const override;
    void restyle() override;
    void layoutOverlays() override;

private:
    QList<QList<QPointF>> m_wrongly;          // per line
    QList<QGraphicsPathItem*> m_wronglyFill;  // per line
};

}  // namespace ratelab
