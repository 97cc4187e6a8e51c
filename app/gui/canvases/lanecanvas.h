#pragma once
// The Learn view's lanes, custom-painted (not QtCharts: they need per-dot shapes, step
// lines and a moving cursor; KDAB/hotspot paints its timeline the same way). One time scale
// and one left gutter for every lane: a request lane per algorithm (accepted = filled disc,
// rejected = hollow ring with a cross, delayed = half-filled disc with an arrow to its forward
// time; a retry is a diamond instead of a disc; colour = the algorithm's family), then a state
// lane per algorithm: the state as the function of time the engine computes (KeyStep::curve,
// lanecanvasstate.cpp) with KeyHistory::limits as dashed lines, and a time axis.

#include "app/models/style/palette.h"
#include "engine/sim/keyhistory.h"

#include <QFontMetrics>
#include <QHash>
#include <QPixmap>
#include <QWidget>

#include <optional>

namespace ratelab {

class LaneCanvas : public QWidget {
    Q_OBJECT
public:
    struct Lane {
        KeyHistory history;
        palette::SeriesStyle style;
        QString label;      // "A token_bucket"
        QString emptyText;  // shown in the lane when the key has no request in it
    };

    explicit LaneCanvas(QWidget* parent = nullptr);

    void setLanes(const QList<Lane>& lanes);
    void setCurrent(int step);  // the step the cursor is on (-1: before the first)
    void setNow(qint64 nowUs);  // the cursor time, from the scenario start
    void setDark(bool dark);
    // Zooms to the burst around `step` (the requests that follow each other closely, up to 30
    // on either side) or to a span of time, so that its requests are separate dots.
    void fitAround(int step);
    void fitSpan(qint64 fromUs, qint64 toUs);
    qint64 firstUs() const;
    qint64 lastUs() const;
    int stepCount() const;
    const QList<Lane>& lanes() const { return m_lanes; }
    std::pair<double, double> visibleSeconds() const { return visibleRange(); }  // from the scenario start

    QSize sizeHint() const override { return {900, 420}; }
    QSize minimumSizeHint() const override { return {500, 300}; }

    // The playground: the request lanes take clicks (add a request), drags (move one) and
    // right-clicks (delete one), and the time axis stays where it is while they change.
    void setEditable(bool editable);
    bool isEditable() const { return m_editable; }
    void continueDrag(int index) { m_dragged = index; }  // the dragged request's index after a move
    // Where a time lies and which request a point is on (for the tests as for the mouse).
    QPointF requestPoint(int lane, qint64 atUs) const;
    int requestNear(QPointF at) const;  // the first lane's step within a dot of `at`, or -1

signals:
    void scrubbed(qint64 atUs);  // click or drag in a lane
    void requestAdded(qint64 atUs);
    void requestMoved(int index, qint64 atUs);
    void requestRemoved(int index);

protected:
    void paintEvent(QPaintEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    std::pair<double, double> visibleRange() const;  // seconds
    double toX(double seconds, const QRectF& plot, const std::pair<double, double>& range) const;
    double xAt(qint64 us, const QRectF& plot, const std::pair<double, double>& range) const
    {
        return toX(double(us) / 1e6, plot, range);
    }
    // A state value's height in a state lane whose scale runs from 0 to vMax.
    static double yAt(double value, const QRectF& lane, double vMax) { return lane.bottom() - value / vMax * lane.height(); }
    enum class DotShape { Allowed, Delayed, Rejected };
    void drawDot(QPainter& p, QPointF c, double r, const KeyStep& step, const QColor& color) const;
    QPixmap renderDot(DotShape shape, bool retry, double r, const QColor& color) const;
    // What the parts of one paint share: the painter, the theme's colours, the metrics of the
    // labels' font, the area of all lanes and the visible time range (seconds).
    struct PaintContext {
        QPainter& p;
        QColor bg, text, muted, grid;
        QFontMetrics fm;
        QRectF area;
        std::pair<double, double> range;
    };
    void paintTimeAxis(PaintContext& c) const;  // grid, tick labels and title
    void paintRequestLane(PaintContext& c, const Lane& lane, const QRectF& laneRect) const;
    // A lane with state: its frame, y scale, limits and values.
    void paintStateLane(PaintContext& c, const Lane& lane, const QRectF& laneRect) const;
    // Its values over time, on a y scale from 0 to vMax, and the value at the cursor.
    void paintStateCurves(PaintContext& c, const Lane& lane, const QRectF& laneRect, double vMax) const;
    void paintStateReadout(PaintContext& c, const Lane& lane, const QRectF& laneRect, double vMax) const;
    void paintWindowBands(PaintContext& c, const Lane& lane, const QRectF& laneRect) const;
    // On a request lane: the window the decision at the cursor looks at.
    void paintCursorWindow(PaintContext& c, const Lane& lane, const QRectF& laneRect) const;
    // The part of laneRect between two times (from the scenario start), clipped to it.
    QRectF spanRect(const QRectF& laneRect, const std::pair<double, double>& range, qint64 fromUs, qint64 toUs) const;
    void paintNowCursor(PaintContext& c) const;
    void emitScrub(double x);
    qint64 timeAt(double x) const;
    bool editPress(QMouseEvent* event);  // handled as a playground edit

    QList<Lane> m_lanes;
    int m_current = -1;
    qint64 m_nowUs = 0;
    bool m_dark = false;
    double m_spanSeconds = 0;  // 0: automatic
    std::optional<double> m_fittedFrom;
    std::optional<std::pair<double, double>> m_frozenRange;  // seconds, while editable
    bool m_editable = false;
    int m_dragged = -1;  // seconds: the left edge of a range fitted to a burst
    int m_gutter = 120;
    QRectF m_plot;
    double m_requestLanesBottom = 0;
    // Each look of a dot (shape, radius, colour; for the theme of m_dark) rendered once: a
    // lane shows dozens, each a few antialiased strokes.
    mutable QHash<quint64, QPixmap> m_dots;
};

}  // namespace ratelab
