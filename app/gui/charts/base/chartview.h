#pragma once
// The base of every chart in the app: one QChart per view, no OpenGL, no animations, and the
// same interactions everywhere (gui-guide.md 3.3): hover crosshair with a tooltip, left-drag
// (rubber band) and wheel zoom on x, middle-drag pan, double-click reset, Backspace zoom back,
// and a context menu with Copy image and Export PNG/SVG/CSV.
//
// It works around QtCharts 6.4.2 (gui-guide.md 5): mousePressEvent is passed on only when an item
// is under the mouse (QTBUG-118669), the rubber band is finished here and right-button release
// never zooms out, wheelEvent is implemented (QTBUG-119712), and zoom never uses
// QChart::zoomIn: the x range is ours, so charts of one view zoom together.
//
// Subclasses fill the chart, implement refresh() (re-downsample for the current x range and
// plot width, called on a 40 ms coalescing timer), fullXRange(), tooltipAt(), csv(), and
// restyle() (colours and fonts after a theme change).
//
// Its definitions are in three files: chartview.cpp (set-up, styling, x range, refresh),
// chartviewinteraction.cpp (crosshair, tooltip, mouse, wheel, keys, context menu) and
// chartviewexport.cpp (PNG, SVG and CSV exports).

#include <QChartView>
#include <QTimer>

#include <optional>

class QGraphicsLineItem;
class QGraphicsEllipseItem;
class QGraphicsSimpleTextItem;
class QLineSeries;
class QXYSeries;

namespace ratelab {

class FileWriter;
class NiceAxis;

class ChartView : public QChartView {
    Q_OBJECT
public:
    explicit ChartView(QWidget* parent = nullptr);
    ~ChartView() override;

    // Footer of exports: "scenario, seed, RateLab version, UTC time".
    void setExportContext(const QString& scenarioName, quint64 seed);
    void setDark(bool dark);
    bool isDark() const { return m_dark; }

    // x zoom (data units of the x axis). Empty: the whole range.
    void setXRange(std::optional<std::pair<double, double>> range);
    std::pair<double, double> currentXRange() const;
    void resetZoom();
    void zoomBack();
    bool isZoomable() const { return m_zoomable; }

    // The shared crosshair, driven by the view (NaN hides it).
    void setCrosshairX(double x);

    // Exports. PNG at 2x device pixel ratio, SVG through QSvgGenerator, both rendered from the
    // scene in the light theme, with a footer and without the crosshair. Written through a
    // FileWriter: false on failure, with "Cannot write PATH: REASON" in `error`, and a file
    // that was there stays as it was.
    QImage renderImage(qreal devicePixelRatio = 2.0, bool lightTheme = true);
    bool exportPng(const QString& path, QString* error = nullptr);
    bool exportSvg(const QString& path, QString* error = nullptr);
    // CSV: every row (AllData), or only the rows whose x (in the x axis' data units: the
    // time of a bucket's start, a delay bound) lies inside the zoomed x range (VisibleRange;
    // every row when the chart is not zoomed).
    enum class CsvScope { AllData, VisibleRange };
    bool exportCsv(const QString& path, QString* error = nullptr, CsvScope scope = CsvScope::AllData) const;
    QString csv(CsvScope scope = CsvScope::AllData) const;
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

signals:
    // User zoom on this chart; a view forwards it to its other time charts.
    void xRangeRequested(std::optional<std::pair<double, double>> range);
    void hovered(double x);  // NaN when the mouse leaves
    void clickedAt(double x);

protected:
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

    void setZoomable(bool zoomable);
    void setCrosshairEnabled(bool enabled) { m_crosshairEnabled = enabled; }
    void scheduleRefresh();
    // Common axis styling: fonts (app size - 1 pt, at least 8), colours, grid.
    void styleAxis(QAbstractAxis* axis, const QString& title);
    void setChartTitle(const QString& title);
    // Takes `lines` off the chart, deletes them and empties the list (a chart rebuilding its lines).
    void deleteLines(QList<QLineSeries*>& lines);
    QFont labelFont() const;
    QFont titleFont() const;
    std::optional<std::pair<double, double>> zoomRange() const { return m_range; }

    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    void applyRange(std::optional<std::pair<double, double>> range, bool pushStack);
    void updateCrosshair();
    void setSeriesCached(bool cached);
    void renderTo(QPainter& painter, const QRectF& target);
    int exportLegendHeight() const;  // 0 when the chart has no named line to list
    void renderLegend(QPainter& painter, const QRectF& area);
    QList<QPair<QPointF, QXYSeries*>> legendLayout(double width) const;
    // Puts an export's file in place, or says why not in `error`.
    static bool finishExport(FileWriter& writer, QString* error);

    QTimer m_refreshTimer;
    bool m_dark = false;
    bool m_zoomable = false;
    bool m_crosshairEnabled = false;
    std::optional<std::pair<double, double>> m_range;
    QList<std::optional<std::pair<double, double>>> m_zoomStack;
    double m_crosshairX;
    QGraphicsLineItem* m_crosshair = nullptr;
    QList<QGraphicsEllipseItem*> m_markers;
    QPoint m_pressPos;
    bool m_panning = false;
    std::pair<double, double> m_panStartRange{0, 0};
    QString m_scenarioName;
    quint64 m_seed = 0;
};

}  // namespace ratelab
