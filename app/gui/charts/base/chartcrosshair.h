#pragma once
// A chart's crosshair (gui-guide.md 3.3): a dashed vertical line at an x, with a dot on each of
// the chart's marks there (ChartView::markersAt). The view drives it: the mouse over this chart
// (hovered() says where), or the shared x of the view's other time charts (setX()).

#include <QList>
#include <QObject>

#include <limits>

class QChart;
class QGraphicsEllipseItem;
class QGraphicsLineItem;

namespace ratelab {

class ChartView;

class ChartCrosshair : public QObject {
    Q_OBJECT
public:
    explicit ChartCrosshair(ChartView* view);

    void setEnabled(bool enabled) { m_enabled = enabled; }
    bool isEnabled() const { return m_enabled; }
    void setX(double x);      // NaN hides it
    void hover(double x);     // the mouse at x (NaN: it left): setX() and hovered()
    void announce(double x);  // hovered() alone: the mouse off the plot, still over the chart
    void update();            // after a zoom, a refresh or a new plot area
    void setDark(bool dark);
    void setHidden(bool hidden);  // while an export renders the scene; shown again as it was

signals:
    void hovered(double x);  // NaN when the mouse leaves

private:
    ChartView* m_view;
    bool m_enabled = false;
    bool m_dark = false;
    double m_x = std::numeric_limits<double>::quiet_NaN();
    QGraphicsLineItem* m_line = nullptr;
    bool m_lineWasShown = false;  // before setHidden(true)
    QList<QGraphicsEllipseItem*> m_markers;
};

}  // namespace ratelab
