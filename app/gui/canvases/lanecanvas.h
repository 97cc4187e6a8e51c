#pragma once
// The Learn view's lanes, custom-painted (not QtCharts: they need per-dot shapes, step
// lines and a moving cursor; KDAB/hotspot paints its timeline the same way). One time scale
// and one left gutter for every lane: a request lane per algorithm (RequestLanePainter, its
// dots LaneDots), then a state lane per algorithm that has state (StateLanePainter), a time
// axis and the cursor across them all. A composition of its parts: the time scale and layout
// (LaneTimeScale, scale()) and the playground's mouse edits (LaneMouseEditor, editor()); the
// canvas lays the lanes out, paints them through the painters and scrubs on a click or drag.

#include "app/gui/canvases/lanedots.h"
#include "app/gui/canvases/lanetimescale.h"
#include "app/models/style/palette.h"
#include "engine/sim/keyhistory.h"

#include <QWidget>

namespace ratelab {

class LaneMouseEditor;
struct LanePaint;

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
    const QList<Lane>& lanes() const { return m_lanes; }
    void setCurrent(int step);  // the step the cursor is on (-1: before the first)
    void setNow(qint64 nowUs);  // the cursor time, from the scenario start
    void setDark(bool dark);
    // Zooms to the burst around `step` or to a span of time (LaneTimeScale) and repaints.
    void fitAround(int step);
    void fitSpan(qint64 fromUs, qint64 toUs);
    // The playground: the request lanes take the editor's edits, and the time axis stays where
    // it is while they change.
    void setEditable(bool editable);

    const LaneTimeScale& scale() const { return m_scale; }
    LaneMouseEditor& editor() const { return *m_editor; }

    QSize sizeHint() const override { return {900, 420}; }
    QSize minimumSizeHint() const override { return {500, 300}; }

signals:
    void scrubbed(qint64 atUs);  // click or drag in a lane

protected:
    void paintEvent(QPaintEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    // Lays the lanes out into `c` and the scale: the gutter (the widest label), the plot; returns
    // the height of a state lane.
    double layOut(LanePaint& c);
    void paintTimeAxis(LanePaint& c) const;  // grid, tick labels and title
    void paintNowCursor(LanePaint& c) const;
    void emitScrub(double x);

    QList<Lane> m_lanes;
    int m_current = -1;
    bool m_dark = false;
    LaneTimeScale m_scale;
    LaneDots m_dots;
    LaneMouseEditor* m_editor;
};

}  // namespace ratelab
