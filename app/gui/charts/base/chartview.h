#pragma once
// The base of every chart in the app: one QChart per view, no OpenGL, no animations, and the
// same parts everywhere: its zoom on x (ChartZoom: the charts of one view zoom together), its
// crosshair (ChartCrosshair), its answers to the mouse and the keys (ChartPointer) and its
// exports (ChartExport). Text and axes are styled by chartstyle.h.
//
// Subclasses fill the chart and implement refresh() (re-downsample for the current x range and
// plot width, called on a 40 ms coalescing timer), fullXRange(), tooltipAt(), csvIn(),
// exportName() and restyle() (colours and fonts after a theme change).

#include "app/gui/charts/base/chartcrosshair.h"
#include "app/gui/charts/base/chartexport.h"
#include "app/gui/charts/base/chartstyle.h"
#include "app/gui/charts/base/chartzoom.h"

#include <QChartView>
#include <QTimer>

#include <optional>

namespace ratelab {

class ChartPointer;

class ChartView : public QChartView {
    Q_OBJECT
public:
    explicit ChartView(QWidget* parent = nullptr);
    ~ChartView() override;

    void setDark(bool dark);
    bool isDark() const { return m_dark; }

    ChartZoom& zoom() const { return *m_zoom; }
    ChartCrosshair& crosshair() const { return *m_crosshair; }
    ChartPointer& pointer() const { return *m_pointer; }
    ChartExport& exporter() const { return *m_export; }
    // A short file-name stem for exports ("allowed", "bursts").
    virtual QString exportName() const = 0;

    // The plot width in device pixels: the downsampling budget is two points per column.
    int plotColumns() const;
    // The columns to downsample a series drawn with `pen` to: plotColumns() for a solid line,
    // a quarter of them for a dashed or dotted one. QtCharts draws a patterned line as one
    // path (to keep the pattern continuous), and Qt's cost to stroke a path of a noisy series
    // grows far faster with its points than drawing the separate segments of a solid line
    // does (1,400 points: tens of ms against about 1). A dash or dot shows no detail finer
    // than its period (about 5 px or more at our widths) anyway.
    int plotColumnsFor(const QPen& pen) const;

    // Recompute the downsampled series now (tests; normally on a 40 ms timer).
    void refreshNow();

protected:
    friend class ChartCrosshair;
    friend class ChartExport;
    friend class ChartPointer;

    // The rows a CSV export holds: those at an x inside `x`, or every row when it is empty.
    struct CsvRange {
        std::optional<std::pair<double, double>> x;
        bool contains(double v) const { return !x || (v >= x->first && v <= x->second); }
    };
    // The chart's data as CSV, a header and the rows `range` contains.
    virtual QString csvIn(const CsvRange& range) const = 0;
    // The whole x extent of the data.
    virtual std::pair<double, double> fullXRange() const = 0;
    // Apply the x range (axis) and re-downsample; y autoscales to the visible data.
    virtual void refresh() = 0;
    // Text for the hover tooltip at a value position; empty: no tooltip.
    virtual QString tooltipAt(const QPointF& value) const = 0;
    // Points to mark at the crosshair (data coordinates and colour).
    virtual QList<QPair<QPointF, QColor>> markersAt(double x) const;
    // Re-apply colours, pens and fonts for the theme in isDark().
    virtual void restyle();
    // Reposition graphics-item overlays (annotations, reference lines) after a layout change.
    virtual void layoutOverlays() {}

    void scheduleRefresh();
    // The chart's title, in the theme; also the view's accessible name.
    void setChartTitle(const QString& title);
    void resizeEvent(QResizeEvent* event) override;

private:
    void setSeriesCached(bool cached);

    QTimer m_refreshTimer;
    bool m_dark = false;
    ChartZoom* m_zoom = nullptr;
    ChartCrosshair* m_crosshair = nullptr;
    ChartPointer* m_pointer = nullptr;
    ChartExport* m_export = nullptr;
};

}  // namespace ratelab
