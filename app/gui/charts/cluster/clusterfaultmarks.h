#pragma once
// The scenario's faults drawn behind a cluster time chart's series: each store outage as a
// hatched band over its window (a flapping one as one band per "down" half), each clock step
// as a dotted vertical, with its size ("i2 +250 ms") along the top when labels are on
// (gui-guide.md 4.4 and 5: graphics items parented to the chart, not series, so they stay out
// of legends, autoscale and CSV). Positions are kept in axis units and mapped to pixels on
// every layout; it never reads the chart's data.

#include "app/models/plotdata/clusterinput.h"

#include <QFont>
#include <QList>
#include <QPair>
#include <QRectF>
#include <QString>

class QGraphicsItem;
class QGraphicsLineItem;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;

namespace ratelab {

class ClusterFaultMarks {
public:
    ClusterFaultMarks(QGraphicsItem* chart, bool stepLabels) : m_chart(chart), m_stepLabels(stepLabels) {}
    ~ClusterFaultMarks() { clear(); }
    ClusterFaultMarks(const ClusterFaultMarks&) = delete;
    ClusterFaultMarks& operator=(const ClusterFaultMarks&) = delete;

    // The bands and steps of `input`'s cluster, in its time unit; none for an invalid input.
    void build(const ClusterInput& input);
    void clear();
    void restyle(const QColor& text, const QFont& font);
    // Over `plot`, for the x range [lo, hi] in axis units.
    void layout(const QRectF& plot, double lo, double hi);
    // The outages over x (axis units), as the tooltip's closing lines ("store down 20–30 s").
    QString tooltipAt(double x) const;

    QList<QGraphicsRectItem*> bands() const { return m_bands; }
    // A band's x extent in axis units.
    QPair<double, double> bandSpan(int band) const { return m_bandSpans.value(band); }
    QList<QGraphicsLineItem*> stepLines() const { return m_steps; }

private:
    QGraphicsItem* m_chart;
    bool m_stepLabels;
    QList<QGraphicsRectItem*> m_bands;
    QList<QPair<double, double>> m_bandSpans;  // axis units
    QList<QString> m_bandTips;
    QList<QGraphicsLineItem*> m_steps;
    QList<double> m_stepX;  // axis units
    QList<QGraphicsSimpleTextItem*> m_stepText;
};

}  // namespace ratelab
