#include "app/gui/charts/logs/tradeoffhandles.h"

#include "app/gui/charts/logs/tradeoffchart.h"

#include <QLineSeries>

#include <QKeyEvent>
#include <QMouseEvent>
#include <QToolTip>

#include <cmath>

namespace ratelab {

TradeoffHandles::TradeoffHandles(TradeoffChart* chart) : QObject(chart), m_chart(chart)
{
    // Installed after the chart's own filter, so asked first.
    chart->installEventFilter(this);
    chart->viewport()->installEventFilter(this);
}

bool TradeoffHandles::eventFilter(QObject* watched, QEvent* event)
{
    const bool onViewport = watched == m_chart->viewport();
    switch (event->type()) {
    case QEvent::MouseButtonPress: return onViewport && press(static_cast<QMouseEvent*>(event));
    case QEvent::MouseMove: return onViewport && move(static_cast<QMouseEvent*>(event));
    case QEvent::MouseButtonRelease: return onViewport && release(static_cast<QMouseEvent*>(event));
    case QEvent::KeyPress: return watched == m_chart && key(static_cast<QKeyEvent*>(event));
    default: return false;
    }
}

namespace {
constexpr std::int64_t kKeepStep = 1'000;  // a dragged share moves in 0.1% steps (ppm)
}  // namespace

int TradeoffHandles::nearestIndex(double xPixels) const
{
    return m_chart->m_grid.nearest(m_chart->chart()->mapToValue(QPointF(xPixels, 0), m_chart->m_kept).x());
}

std::int64_t TradeoffHandles::keepAt(double yPixels) const
{
    const double percent =
        m_chart->chart()->mapToValue(QPointF(m_chart->chart()->plotArea().left(), yPixels), m_chart->m_kept).y();
    const double ppm = std::clamp(percent, 0.0, 100.0) * 10'000;
    return std::int64_t(std::llround(ppm / double(kKeepStep))) * kKeepStep;
}

bool TradeoffHandles::onKeepHandle(const QPointF& pos) const
{
    const double left = m_chart->chart()->plotArea().left();
    const int grab = TradeoffChart::kGrabPx;
    return m_chart->m_grid.size() > 0 && std::abs(pos.y() - m_chart->keepPixelY()) <= grab && pos.x() >= left - grab
        && pos.x() <= left + TradeoffMarks::kHandlePx + grab;
}

bool TradeoffHandles::press(QMouseEvent* event)
{
    const QPointF pos = event->position();
    if (event->button() == Qt::LeftButton && onKeepHandle(pos)) {
        m_draggingKeep = true;
        m_chart->setFocus(Qt::MouseFocusReason);
        m_chart->setCursor(Qt::SizeVerCursor);
        QToolTip::hideText();
        event->accept();
        return true;
    }
    const int grab = TradeoffChart::kGrabPx;
    if (event->button() == Qt::LeftButton && !(event->modifiers() & Qt::ControlModifier) && m_chart->grid().size() > 0
        && m_chart->chart()->plotArea().adjusted(-grab, 0, grab, grab).contains(pos)) {
        m_dragging = true;
        m_chart->setFocus(Qt::MouseFocusReason);
        m_chart->setCursor(Qt::SizeHorCursor);
        QToolTip::hideText();
        m_chart->moveTarget(nearestIndex(pos.x()));
        event->accept();
        return true;
    }
    return false;
}

bool TradeoffHandles::move(QMouseEvent* event)
{
    const QPointF pos = event->position();
    if (m_dragging) {
        m_chart->moveTarget(nearestIndex(pos.x()));
        event->accept();
        return true;
    }
    if (m_draggingKeep) {
        const std::int64_t ppm = keepAt(pos.y());
        if (ppm != m_chart->grid().keepPpm()) {
            m_chart->setKeep(ppm);
            emit m_chart->keepMoved(ppm);
        }
        event->accept();
        return true;
    }
    const QRectF plot = m_chart->chart()->plotArea();
    const int grab = TradeoffChart::kGrabPx;
    const bool onLine = std::abs(pos.x() - m_chart->pixelX(m_chart->grid().target())) <= grab && pos.y() >= plot.top()
        && pos.y() <= plot.bottom() + grab;
    if (onKeepHandle(pos))
        m_chart->setCursor(Qt::SizeVerCursor);
    else if (onLine)
        m_chart->setCursor(Qt::SizeHorCursor);
    else
        m_chart->unsetCursor();
    return false;
}

bool TradeoffHandles::release(QMouseEvent* event)
{
    if (m_dragging && event->button() == Qt::LeftButton) {
        m_dragging = false;
        event->accept();
        emit m_chart->targetReleased(m_chart->grid().target());
        return true;
    }
    if (m_draggingKeep && event->button() == Qt::LeftButton) {
        m_draggingKeep = false;
        event->accept();
        emit m_chart->keepReleased(m_chart->grid().keepPpm());
        return true;
    }
    return false;
}

bool TradeoffHandles::key(QKeyEvent* event)
{
    if ((event->key() != Qt::Key_Left && event->key() != Qt::Key_Right) || m_chart->grid().size() == 0)
        return false;
    const int step = (event->modifiers() & Qt::ShiftModifier) ? 10 : 1;
    const int before = m_chart->grid().target();
    m_chart->moveTarget(before + (event->key() == Qt::Key_Left ? -step : step));
    if (m_chart->grid().target() != before)
        emit m_chart->targetReleased(m_chart->grid().target());
    event->accept();
    return true;
}

}  // namespace ratelab
