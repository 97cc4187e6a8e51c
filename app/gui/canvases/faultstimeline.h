#pragma once
// The Cluster view's faults timeline (gui-guide.md 4.4): Gantt lanes on the same x axis as the
// charts below it: the store's outages (hatched: down dense, slow sparse, flapping in phases)
// and, per instance, its clock (offset and drift as text, NTP steps as dotted ticks with
// "+250 ms"); instances whose clocks are all exact share one lane. Painted; the view gives it the
// charts' plot span and x range.

#include "app/models/plotdata/clusterinput.h"

#include <QWidget>

class QFontMetrics;
class QPainter;

namespace ratelab {

class FaultsTimeline : public QWidget {
    Q_OBJECT
public:
    explicit FaultsTimeline(QWidget* parent = nullptr);

    void setInput(const ClusterInput& input);
    // The plot's left and right edge in this widget's x, and the x range in axis units.
    void setPlotSpan(double left, double right);
    void setXRange(double lo, double hi);
    void setCursorX(double x);  // axis units; NaN hides it
    int laneCount() const { return int(m_lanes.size()); }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    struct Lane {
        QString name;
        QString note;       // "offset +300 ms, drift 50 ppm"
        int instance = -1;  // -1: the store lane; -2: every instance (exact clocks)
    };
    void rebuildLanes();
    int laneHeight() const;
    double toPx(double x) const;
    void paintOutage(QPainter& p, const OutageSpec& o, const QRectF& row, const QFontMetrics& fm) const;
    void paintClockSteps(QPainter& p, const ClockSpec& clock, const QRectF& row, const QFontMetrics& fm) const;

    ClusterInput m_input;
    std::vector<Lane> m_lanes;
    double m_left = 120, m_right = 600;
    double m_lo = 0, m_hi = 1;
    double m_cursor;
};

}  // namespace ratelab
