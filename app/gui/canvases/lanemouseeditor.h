#pragma once
// The playground's editing of the Learn lanes by mouse (LaneCanvas, gui-guide.md 4.2): on,
// the request lanes take clicks (add a request at that time), drags (move one) and
// right-clicks (delete one). It says what was asked; the playground does it and, after a
// move, tells which index the dragged request has now.

#include <QObject>

class QMouseEvent;

namespace ratelab {

class LaneTimeScale;

class LaneMouseEditor : public QObject {
    Q_OBJECT
public:
    explicit LaneMouseEditor(const LaneTimeScale& scale, QObject* parent = nullptr) : QObject(parent), m_scale(scale) {}

    void setOn(bool on);  // a drag under way ends
    bool isOn() const { return m_on; }
    void continueDrag(int index) { m_dragged = index; }  // the dragged request's index after a move

    // The canvas's mouse events: whether each was an edit (else the canvas scrubs).
    bool press(QMouseEvent* event);
    bool drag(QMouseEvent* event);
    void release() { m_dragged = -1; }

signals:
    void requestAdded(qint64 atUs);
    void requestMoved(int index, qint64 atUs);
    void requestRemoved(int index);

private:
    const LaneTimeScale& m_scale;
    bool m_on = false;
    int m_dragged = -1;
};

}  // namespace ratelab
