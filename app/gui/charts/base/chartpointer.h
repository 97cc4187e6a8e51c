#pragma once
// How a chart answers the mouse and the keys (gui-guide.md 3.3), the same on every chart:
// hover moves the crosshair and shows the tooltip (ChartView::tooltipAt); left-drag (a rubber
// band) and the wheel zoom on x, Shift+wheel and middle- or Ctrl-drag pan, double-click and
// Home show everything, Backspace zooms back, Left and Right pan, + and - zoom; a click says
// where (clickedAt); the context menu copies or exports the chart. An event filter on the view
// and its viewport, in front of QChartView's own handlers.
//
// It works around QtCharts 6.4.2 (gui-guide.md 5): a press is passed on only when an item is
// under the mouse (QTBUG-118669), and then its release and double-click too, straight to the
// scene (a bar's clicked and doubleClicked); the rubber band is finished here and a
// right-button release never zooms out, and the wheel zooms (QTBUG-119712).

#include <QObject>
#include <QPoint>

#include <utility>

class QContextMenuEvent;
class QKeyEvent;
class QMouseEvent;
class QWheelEvent;

namespace ratelab {

class ChartView;

class ChartPointer : public QObject {
    Q_OBJECT
public:
    explicit ChartPointer(ChartView* view);

signals:
    void clickedAt(double x);  // in the x axis' data units

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    bool press(QMouseEvent* event);  // true: handled here, not passed on to QChartView
    bool move(QMouseEvent* event);
    void release(QMouseEvent* event);
    void wheel(QWheelEvent* event);
    bool key(QKeyEvent* event);
    void contextMenu(QContextMenuEvent* event);
    double xAt(QPointF position) const;  // needs a series

    ChartView* m_view;
    QPoint m_pressPos;
    bool m_pressOnItem = false;  // the press went on to the item under it (a bar)
    bool m_panning = false;
    std::pair<double, double> m_panStartRange{0, 0};
};

}  // namespace ratelab
