#pragma once
// Where the Learn view is: the lanes it shows (one key's history per algorithm), the request
// the cursor is on in the first lane, and the cursor's time. The canvas, the texts and the
// transport all read it; moved() tells them it changed. Times from the scenario start.

#include "app/gui/canvases/lanecanvas.h"

#include <QObject>

namespace ratelab {

class LearnCursor : public QObject {
    Q_OBJECT
public:
    explicit LearnCursor(QObject* parent = nullptr) : QObject(parent) {}

    const QList<LaneCanvas::Lane>& lanes() const { return m_lanes; }
    QList<LaneCanvas::Lane>& lanes() { return m_lanes; }
    bool isEmpty() const { return m_lanes.isEmpty(); }
    int stepCount() const;  // the first lane's requests
    int current() const { return m_current; }
    qint64 nowUs() const { return m_nowUs; }

    // New lanes; the cursor is moved by the caller (it stays where it was until then).
    void setLanes(QList<LaneCanvas::Lane> lanes) { m_lanes = std::move(lanes); }
    // The cursor on `step` of the first lane (clamped; -1 without requests), and with `moveNow`
    // its time at that request's.
    void moveTo(int step, bool moveNow = true);
    // The cursor on `step` (clamped) at the time `nowUs`, which may lie after the request's.
    void moveToStepAt(int step, qint64 nowUs);
    // The cursor's time, the step the last one at or before it (none before the first: 0).
    void moveToTime(qint64 atUs);
    // The cursor's time alone, the step kept (playing between two requests).
    void setNow(qint64 nowUs);
    // The step of `lane` at the cursor: the first lane's current, another lane's last request
    // at or before the cursor's time (B's retries differ from A's); -1 before its first.
    int laneStep(int lane) const;
    const KeyStep* stepOf(int lane) const;  // laneStep's request, or null

signals:
    // The cursor moved: onto another step (`step`), or in time alone.
    void moved(bool step);

private:
    QList<LaneCanvas::Lane> m_lanes;
    int m_current = -1;
    qint64 m_nowUs = 0;
};

}  // namespace ratelab
