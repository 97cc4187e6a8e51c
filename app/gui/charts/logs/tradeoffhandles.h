#pragma once
// The trade-off chart's two handles under the mouse and the keys (tradeoffchart.h): drag the
// target line (the cursor turns to a horizontal-resize one within kGrabPx of it; a press
// elsewhere in the plot moves it there) or step it with Left/Right (Shift: ten points), and
// drag the keep handle on the left axis (a vertical-resize cursor). An event filter in front of
// the chart's own (ChartPointer): what is not a handle's passes on to it.

#include <QObject>
#include <QPointF>

#include <cstdint>

class QKeyEvent;
class QMouseEvent;

namespace ratelab {

class TradeoffChart;

class TradeoffHandles : public QObject {
    Q_OBJECT
public:
    explicit TradeoffHandles(TradeoffChart* chart);

    bool isDraggingTarget() const { return m_dragging; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    bool press(QMouseEvent* event);  // true: a handle's, not passed on
    bool move(QMouseEvent* event);
    bool release(QMouseEvent* event);
    bool key(QKeyEvent* event);
    int nearestIndex(double xPixels) const;     // the grid point nearest to a pixel column
    std::int64_t keepAt(double yPixels) const;  // the share at a height, in 0.1% steps
    bool onKeepHandle(const QPointF& pos) const;

    TradeoffChart* m_chart;
    bool m_dragging = false;
    bool m_draggingKeep = false;
};

}  // namespace ratelab
