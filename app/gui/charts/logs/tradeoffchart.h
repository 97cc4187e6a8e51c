#pragma once
// The Logs view's trade-off chart (gui-guide.md 4.3): for one algorithm's recommendation, its curve
// over the advisor's grid of limits (x: the limit as a sustained rate in the view's unit, req/s
// or req/min, log): the share
// kept never throttled on the left axis (keys, or requests of such keys, as the target
// counts) and the share of requests rejected on the right. A vertical target line sits on a
// grid point: drag it (the cursor turns to a horizontal-resize one within 6 px; a press
// elsewhere in the plot moves it there) or step it with Left/Right (Shift: ten points) when
// the chart has focus. It snaps to the grid and never asks for a recomputation while it
// moves: targetMoved() follows each step, targetReleased() the end of a drag or a key step.
//
// A second handle on the left axis shows the share to keep ("keep 99.0%", a dotted guide to
// the line): drag it (the cursor turns to a vertical-resize one within 6 px) to choose the
// share in 0.1% steps; keepMoved() follows the drag and keepReleased() its end, and the view
// moves the line to the smallest grid limit keeping that share. The knee of the kept curve
// (engine/advisor/knee.h) is ringed and labelled.

#include "app/gui/charts/base/chartview.h"
#include "app/models/plotdata/tradeoffcurve.h"
#include "app/models/text/formatting.h"

#include <memory>
#include <optional>

class QGraphicsEllipseItem;
class QGraphicsLineItem;
class QGraphicsPolygonItem;
class QGraphicsSimpleTextItem;
class QLineSeries;
class QScatterSeries;

namespace ratelab {

class TradeoffChart : public ChartView {
    Q_OBJECT
public:
    explicit TradeoffChart(QWidget* parent = nullptr);

    // The curve of result->recommendations[recommendation], the left axis counting `by`.
    // The target moves to the recommended value. Null result: the empty state.
    void setCurve(std::shared_ptr<const AdvisorResult> result, int recommendation, AdvisorTarget by);
    // The unit of the x axis and the labels; the target stays on its grid point.
    void setRateUnit(fmt::RateUnit unit);
    fmt::RateUnit rateUnit() const { return m_unit; }
    // Moves the target to a grid index (clamped), without signals.
    void setTargetIndex(int index);
    // The share to keep shown by the left-axis handle, in parts per million; without signals.
    void setKeep(std::int64_t ppm);
    std::int64_t keepPpm() const { return m_keepPpm; }
    // The keep handle's tip in viewport coordinates (tests press there).
    QPointF keepHandlePos() const;
    // The knee's grid index, if the curve has one.
    std::optional<std::size_t> knee() const { return m_curve.knee(); }
    // The curve shown (its targets: TradeoffCurve::keptPpm, firstMeeting).
    const TradeoffCurve& curve() const { return m_curve; }
    int targetIndex() const { return m_target; }
    int gridSize() const;
    const CurvePoint* targetPoint() const;
    // The limit at a grid point as a sustained rate (req/s; the x axis shows it in the unit).
    double limitAt(int index) const;
    // "720 req/min: 99.0% of keys never throttled, 0.42% of requests rejected".
    QString readout() const;
    bool isEmptyState() const { return gridSize() == 0; }
    // The sentence shown instead of the chart; empty while the chart draws.
    QString shownSentence() const;
    // The text labels on the plot shown now (the keep share, the knee).
    QList<QGraphicsSimpleTextItem*> annotationLabels() const;

    static constexpr int kGrabPx = 6;

    QString csvIn(const CsvRange& range) const override;
    QString exportName() const override { return QStringLiteral("tradeoff"); }

signals:
    void targetMoved(int index);
    void targetReleased(int index);
    void keepMoved(std::int64_t ppm);
    void keepReleased(std::int64_t ppm);

protected:
    std::pair<double, double> fullXRange() const override;
    void refresh() override;
    QString tooltipAt(const QPointF& value) const override;
    void restyle() override;
    void layoutOverlays() override;

    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;

private:
    const Recommendation* recommendation() const;
    void rebuild(double draggedX);  // the series from m_curve in m_unit; NaN: target at the recommendation
    int nearestIndex(double xPixels) const;
    double targetPixelX() const;
    void moveTarget(int index);  // with targetMoved()
    double keepPixelY() const;
    bool onKeepHandle(const QPointF& pos) const;
    std::int64_t keepAt(double yPixels) const;  // the share at a height, in 0.1% steps
    void layoutKeep(const QRectF& plot, const QList<QPolygonF>& paths);
    void layoutKnee(const QRectF& plot, const QList<QPolygonF>& paths);

    TradeoffCurve m_curve;
    QList<double> m_gridX;  // log10 of each grid point's limit in the unit
    fmt::RateUnit m_unit = fmt::RateUnit::PerMinute;
    int m_target = -1;
    bool m_dragging = false;
    std::int64_t m_keepPpm = AdvisorOptions{}.targetPpm;
    bool m_draggingKeep = false;
    std::pair<double, double> m_xRange{0, 1};
    double m_rejectedTop = 100;
    QLineSeries* m_kept = nullptr;
    QScatterSeries* m_keptDots = nullptr;
    QLineSeries* m_rejected = nullptr;
    NiceAxis* m_x = nullptr;
    NiceAxis* m_left = nullptr;
    NiceAxis* m_right = nullptr;
    QGraphicsLineItem* m_line = nullptr;
    QGraphicsPolygonItem* m_handle = nullptr;
    QGraphicsPolygonItem* m_keepHandle = nullptr;
    QGraphicsLineItem* m_keepGuide = nullptr;
    QGraphicsSimpleTextItem* m_keepLabel = nullptr;
    QGraphicsEllipseItem* m_kneeRing = nullptr;
    QGraphicsSimpleTextItem* m_kneeLabel = nullptr;
    QGraphicsSimpleTextItem* m_empty = nullptr;
};

}  // namespace ratelab
