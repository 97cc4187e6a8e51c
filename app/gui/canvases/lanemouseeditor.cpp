#include "app/gui/canvases/lanemouseeditor.h"

#include "app/gui/canvases/lanetimescale.h"

#include <QMouseEvent>

#include <algorithm>

namespace ratelab {

void LaneMouseEditor::setOn(bool on)
{
    m_on = on;
    m_dragged = -1;
}

bool LaneMouseEditor::press(QMouseEvent* event)
{
    const QPointF at = event->position();
    if (!m_on || !m_scale.onRequestLanes(at))
        return false;
    const int hit = m_scale.requestNear(at);
    if (event->button() == Qt::RightButton) {
        if (hit >= 0)
            emit requestRemoved(hit);
    } else if (event->button() == Qt::LeftButton) {
        if (hit >= 0)
            m_dragged = hit;
        else
            emit requestAdded(m_scale.timeAt(at.x()));
    }
    return true;
}

bool LaneMouseEditor::drag(QMouseEvent* event)
{
    if (m_dragged < 0 || !(event->buttons() & Qt::LeftButton))
        return false;
    emit requestMoved(m_dragged, std::max<qint64>(0, m_scale.timeAt(event->position().x())));
    return true;
}

}  // namespace ratelab
