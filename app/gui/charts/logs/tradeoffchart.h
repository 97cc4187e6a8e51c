#pragma once
// The Logs view's trade-off chart (gui-guide.md 4.3): for one algorithm's recommendation, its curve
// over the advisor's grid of limits (x: the limit as a sustained rate in the view's unit, req/s
// or req/min, log): the share
// kept never throttled on the left axis (keys, or requests of such keys, as the target
// counts) and the share of requests rejected on the right. A vertical target line sits on a
// grid point: drag it (the cursor turns to a horizontal-resize one within 6 px; a press
// elsewhere in the plot moves it there) or step it with Left/Right (Shift: ten points) when
// the chart has focus. It snaps to the grid and never asks for a recomputation while it
// moves: targetMoved() follows each step, targetReleased() the end of a drag or a key step
// (TradeoffHandles).
//
// A second handle on the left axis shows the share to keep ("keep 99.0%", a dotted guide to
// the line): drag it (the cursor turns to a vertical-resize one within 6 px) to choose the
// share in 0.1% steps; keepMoved() follows the drag and keepReleased() its end, and the view
// moves the line to the smallest grid limit keeping that share. The knee of the kept curve
// (engine/advisor/knee.h) is ringed and labelled.

#include "app/gui/charts/base/chartview.h"
#include "app/gui/charts/logs/tradeoffmarks.h"
#include "app/models/plotdata/tradeoffgrid.h"
#include "app/models/text/formatting.h"

#include <memory>
#include <optional>

class QGraphicsSimpleTextItem;
class QLineSeries;
class QScatterSeries;

namespace ratelab {

class NiceAxis;
class TradeoffHandles;

class TradeoffChart : public ChartView {
    Q_OBJECT
public:
    explicit TradeoffChart(QWidget* parent = nullptr);

    // The curve of result->recommendations[recommendation], the left axis counting `by`.
    // The target moves to the recommended value. Null result: the empty state.
    void setCurve(std::shared_ptr<const AdvisorResult> result, int recommendation, AdvisorTarget by);
    // The unit of the x axis and the labels; the target stays on its grid point.
    void setRateUnit(fmt::RateUnit unit);
    // Where the chart stands: the curve, its grid, the target, the keep share, the readout.
    const TradeoffGrid& grid() const { return m_grid; }
    // Moves the target to a grid index (clamped), without signals.
    void setTargetIndex(int index);
    // The share to keep shown by the left-axis handle, in parts per million; without signals.
    void setKeep(std::int64_t ppm);
    // The keep handle's tip in viewport coordinates (tests press there).
    QPointF keepHandlePos() const;
    bool isEmptyState() const { return m_grid.size() == 0; }
    // The sentence shown instead of the chart; empty while the chart draws.
    QString shownSentence() const { return m_marks.shownSentence(); }
    // The text labels on the plot shown now (the keep share, the knee).
    QList<QGraphicsSimpleTextItem*> annotationLabels() const { return m_marks.labels(); }

    static constexpr int kGrabPx = 6;

    QString csvIn(const CsvRange& range) const override;
    QString exportName() const override { return QStringLiteral("tradeoff"); }

signals:
    void targetMoved(int index);
    void targetReleased(int index);
    void keepMoved(std::int64_t ppm);
    void keepReleased(std::int64_t ppm);

protected:
    friend class TradeoffHandles;

    std::pair<double, double> fullXRange() const override { return m_grid.xRange(); }
    void refresh() override;
    QString tooltipAt(const QPointF& value) const override;
    void restyle() override;
    void layoutOverlays() override;
    bool event(QEvent* event) override;  // focus in and out: the line thickens while the keys move it

private:
    void rebuild();                  // the series and the empty state from m_grid
    void moveTarget(int index);      // with targetMoved()
    double pixelX(int index) const;  // a grid point's x on the scene; NaN for none
    double keepPixelY() const;

    TradeoffGrid m_grid;
    QLineSeries* m_kept = nullptr;
    QScatterSeries* m_keptDots = nullptr;
    QLineSeries* m_rejected = nullptr;
    NiceAxis* m_x = nullptr;
    NiceAxis* m_left = nullptr;
    NiceAxis* m_right = nullptr;
    TradeoffMarks m_marks;
    TradeoffHandles* m_handles = nullptr;
};

}  // namespace ratelab
