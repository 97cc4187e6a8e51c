// ChartView's interactions: the hover crosshair and tooltip, zoom and pan by mouse, wheel and
// keyboard, and the context menu.
#include "app/gui/charts/base/chartview.h"

#include "app/models/style/palette.h"

#include <QAbstractSeries>
#include <QApplication>
#include <QClipboard>
#include <QFileDialog>
#include <QGraphicsEllipseItem>
#include <QGraphicsLineItem>
#include <QMenu>
#include <QMessageBox>
#include <QMouseEvent>
#include <QRubberBand>
#include <QToolTip>

#include <cmath>
#include <limits>

namespace ratelab {

namespace {
constexpr int kMinRubberBandPx = 10;   // narrower drags are clicks
constexpr double kWheelFactor = 1.25;  // zoom per notch
}  // namespace

void ChartView::setCrosshairX(double x)
{
    m_crosshairX = x;
    updateCrosshair();
}

QList<QPair<QPointF, QColor>> ChartView::markersAt(double) const
{
    return {};
}

void ChartView::updateCrosshair()
{
    const QRectF plot = chart()->plotArea();
    const auto range = currentXRange();
    const bool show = m_crosshairEnabled && std::isfinite(m_crosshairX) && m_crosshairX >= range.first
        && m_crosshairX <= range.second && !chart()->series().isEmpty();
    qDeleteAll(m_markers);
    m_markers.clear();
    if (!show) {
        m_crosshair->hide();
        return;
    }
    QAbstractSeries* anchor = chart()->series().front();
    const double px = chart()->mapToPosition(QPointF(m_crosshairX, 0), anchor).x();
    m_crosshair->setLine(px, plot.top(), px, plot.bottom());
    m_crosshair->show();
    for (const auto& [point, color] : markersAt(m_crosshairX)) {
        const QPointF pos = chart()->mapToPosition(point, anchor);
        if (!plot.adjusted(-1, -1, 1, 1).contains(pos))
            continue;
        auto* dot = new QGraphicsEllipseItem(QRectF(pos.x() - 3.5, pos.y() - 3.5, 7, 7), chart());
        dot->setBrush(color);
        QColor outline = palette::textColor(m_dark);
        outline.setAlphaF(0.6f);
        dot->setPen(QPen(outline, 1));
        dot->setZValue(21);
        m_markers.append(dot);
    }
}

void ChartView::mousePressEvent(QMouseEvent* event)
{
    m_pressPos = event->position().toPoint();
    if (event->button() == Qt::MiddleButton
        || (event->button() == Qt::LeftButton && (event->modifiers() & Qt::ControlModifier))) {
        if (m_zoomable) {
            m_panning = true;
            m_panStartRange = currentXRange();
            setCursor(Qt::ClosedHandCursor);
            event->accept();
            return;
        }
    }
    if (event->button() == Qt::RightButton) {
        event->accept();  // the context menu comes from contextMenuEvent
        return;
    }
    // QTBUG-118669: with a rubber band set, 6.4.2 dereferences itemAt() unchecked.
    if (itemAt(event->position().toPoint()))
        QChartView::mousePressEvent(event);
    else
        event->accept();
}

void ChartView::mouseMoveEvent(QMouseEvent* event)
{
    const QPointF pos = event->position();
    if (m_panning && !chart()->series().isEmpty()) {
        QAbstractSeries* anchor = chart()->series().front();
        const double x0 = chart()->mapToValue(QPointF(m_pressPos), anchor).x();
        const double x1 = chart()->mapToValue(pos, anchor).x();
        const double dx = x0 - x1;
        const auto full = fullXRange();
        double lo = m_panStartRange.first + dx;
        double hi = m_panStartRange.second + dx;
        if (lo < full.first) {
            hi += full.first - lo;
            lo = full.first;
        }
        if (hi > full.second) {
            lo -= hi - full.second;
            hi = full.second;
        }
        m_range = std::make_pair(lo, hi);
        scheduleRefresh();
        emit xRangeRequested(m_range);
        return;
    }
    QChartView::mouseMoveEvent(event);
    if (chart()->series().isEmpty())
        return;
    const QRectF plot = chart()->plotArea();
    if (!plot.contains(pos)) {
        QToolTip::hideText();
        if (m_crosshairEnabled)
            emit hovered(std::numeric_limits<double>::quiet_NaN());
        return;
    }
    const QPointF value = chart()->mapToValue(pos, chart()->series().front());
    if (m_crosshairEnabled) {
        setCrosshairX(value.x());
        emit hovered(value.x());
    }
    const QString tip = tooltipAt(value);
    if (tip.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint() + QPoint(16, 12), tip, this);
}

void ChartView::mouseReleaseEvent(QMouseEvent* event)
{
    if (m_panning) {
        m_panning = false;
        unsetCursor();
        event->accept();
        return;
    }
    if (event->button() == Qt::RightButton) {
        event->accept();  // 6.4.2 would zoom out here
        return;
    }
    QRubberBand* band = findChild<QRubberBand*>();
    if (event->button() == Qt::LeftButton && band && band->isVisible()) {
        const QRect r = band->geometry();
        band->hide();
        event->accept();
        if (r.width() < kMinRubberBandPx) {
            if (!chart()->series().isEmpty())
                emit clickedAt(chart()->mapToValue(event->position(), chart()->series().front()).x());
            return;
        }
        if (chart()->series().isEmpty())
            return;
        QAbstractSeries* anchor = chart()->series().front();
        const double lo = chart()->mapToValue(QPointF(r.left(), r.center().y()), anchor).x();
        const double hi = chart()->mapToValue(QPointF(r.right(), r.center().y()), anchor).x();
        applyRange(std::make_pair(std::min(lo, hi), std::max(lo, hi)), true);
        return;
    }
    if (event->button() == Qt::LeftButton && !chart()->series().isEmpty()
        && (event->position().toPoint() - m_pressPos).manhattanLength() < kMinRubberBandPx)
        emit clickedAt(chart()->mapToValue(event->position(), chart()->series().front()).x());
    event->accept();
}

void ChartView::mouseDoubleClickEvent(QMouseEvent* event)
{
    event->accept();
    if (QRubberBand* band = findChild<QRubberBand*>())
        band->hide();
    resetZoom();
}

void ChartView::wheelEvent(QWheelEvent* event)
{
    if (!m_zoomable || chart()->series().isEmpty()) {
        event->ignore();
        return;
    }
    const double notches = event->angleDelta().y() / 120.0;
    if (notches == 0) {
        event->ignore();
        return;
    }
    const auto [lo, hi] = currentXRange();
    const double span = hi - lo;
    if (event->modifiers() & Qt::ShiftModifier) {
        const double dx = -notches * span * 0.1;
        applyRange(std::make_pair(lo + dx, hi + dx), false);
        emit xRangeRequested(m_range);
    } else {
        const double at = chart()->mapToValue(event->position(), chart()->series().front()).x();
        const double factor = std::pow(kWheelFactor, -notches);
        const double newLo = at - (at - lo) * factor;
        const double newHi = at + (hi - at) * factor;
        applyRange(std::make_pair(newLo, newHi), true);
    }
    event->accept();
}

void ChartView::keyPressEvent(QKeyEvent* event)
{
    const auto [lo, hi] = currentXRange();
    const double span = hi - lo;
    switch (event->key()) {
    case Qt::Key_Backspace: zoomBack(); return;
    case Qt::Key_Home: resetZoom(); return;  // as a double-click
    case Qt::Key_Left:
        if (event->modifiers() & Qt::AltModifier) {
            zoomBack();
            return;
        }
        if (m_zoomable) {
            applyRange(std::make_pair(lo - span * 0.1, hi - span * 0.1), false);
            emit xRangeRequested(m_range);
        }
        return;
    case Qt::Key_Right:
        if (m_zoomable) {
            applyRange(std::make_pair(lo + span * 0.1, hi + span * 0.1), false);
            emit xRangeRequested(m_range);
        }
        return;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        if (m_zoomable)
            applyRange(std::make_pair(lo + span * 0.1, hi - span * 0.1), true);
        return;
    case Qt::Key_Minus:
        if (m_zoomable)
            applyRange(std::make_pair(lo - span * 0.125, hi + span * 0.125), true);
        return;
    default: QChartView::keyPressEvent(event);
    }
}

void ChartView::leaveEvent(QEvent* event)
{
    QChartView::leaveEvent(event);
    if (m_crosshairEnabled) {
        setCrosshairX(std::numeric_limits<double>::quiet_NaN());
        emit hovered(std::numeric_limits<double>::quiet_NaN());
    }
}

void ChartView::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu menu(this);
    menu.addAction(tr("Copy image"), this, [this] { QApplication::clipboard()->setImage(renderImage(2.0, false)); });
    menu.addSeparator();
    menu.addAction(tr("Export PNG…"), this, [this] {
        const QString path =
            QFileDialog::getSaveFileName(this, tr("Export PNG"), exportName() + QStringLiteral(".png"), tr("PNG images (*.png)"));
        QString error;
        if (!path.isEmpty() && !exportPng(path, &error))
            QMessageBox::warning(this, tr("Export PNG"), error);
    });
    menu.addAction(tr("Export SVG…"), this, [this] {
        const QString path =
            QFileDialog::getSaveFileName(this, tr("Export SVG"), exportName() + QStringLiteral(".svg"), tr("SVG images (*.svg)"));
        QString error;
        if (!path.isEmpty() && !exportSvg(path, &error))
            QMessageBox::warning(this, tr("Export SVG"), error);
    });
    // Zoomed, CSV offers the rows of the visible range or all of them.
    const auto addCsv = [this, &menu](const QString& text, CsvScope scope, const QString& suffix) {
        menu.addAction(text, this, [this, scope, suffix] {
            const QString path = QFileDialog::getSaveFileName(
                this, tr("Export CSV"), exportName() + suffix + QStringLiteral(".csv"), tr("CSV files (*.csv)"));
            QString error;
            if (!path.isEmpty() && !exportCsv(path, &error, scope))
                QMessageBox::warning(this, tr("Export CSV"), error);
        });
    };
    if (m_range) {
        addCsv(tr("Export CSV: visible range…"), CsvScope::VisibleRange, QStringLiteral("-visible"));
        addCsv(tr("Export CSV: all data…"), CsvScope::AllData, QString());
    } else {
        addCsv(tr("Export CSV…"), CsvScope::AllData, QString());
    }
    if (m_zoomable) {
        menu.addSeparator();
        QAction* back = menu.addAction(tr("Zoom back"), this, &ChartView::zoomBack);
        back->setShortcut(QKeySequence(Qt::Key_Backspace));
        back->setEnabled(!m_zoomStack.isEmpty());
        QAction* reset = menu.addAction(tr("Reset zoom"), this, &ChartView::resetZoom);
        reset->setEnabled(m_range.has_value());
    }
    if (!chart()->series().isEmpty()) {
        const QPointF value = chart()->mapToValue(QPointF(event->pos()), chart()->series().front());
        const QString tip = tooltipAt(value);
        if (!tip.isEmpty()) {
            menu.addSeparator();
            menu.addAction(tr("Copy value at cursor"), this, [tip] { QApplication::clipboard()->setText(tip); });
        }
    }
    menu.exec(event->globalPos());
}

}  // namespace ratelab
