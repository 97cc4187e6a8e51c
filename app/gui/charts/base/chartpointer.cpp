#include "app/gui/charts/base/chartpointer.h"

#include "app/gui/charts/base/chartcrosshair.h"
#include "app/gui/charts/base/chartexport.h"
#include "app/gui/charts/base/chartview.h"
#include "app/gui/charts/base/chartzoom.h"

#include <QAbstractSeries>
#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QFileDialog>
#include <QKeyEvent>
#include <QMenu>
#include <QMessageBox>
#include <QMouseEvent>
#include <QRubberBand>
#include <QToolTip>
#include <QWheelEvent>

#include <cmath>
#include <limits>

namespace ratelab {

namespace {
constexpr int kMinRubberBandPx = 10;   // narrower drags are clicks
constexpr double kWheelFactor = 1.25;  // zoom per notch
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
}  // namespace

ChartPointer::ChartPointer(ChartView* view) : QObject(view), m_view(view)
{
    view->installEventFilter(this);
    view->viewport()->installEventFilter(this);
}

bool ChartPointer::eventFilter(QObject* watched, QEvent* event)
{
    const bool onViewport = watched == m_view->viewport();
    if (!onViewport && watched != m_view)
        return false;
    switch (event->type()) {
    case QEvent::MouseButtonPress: return onViewport && press(static_cast<QMouseEvent*>(event));
    case QEvent::MouseMove: return onViewport && move(static_cast<QMouseEvent*>(event));
    case QEvent::MouseButtonRelease:
        if (!onViewport)
            return false;
        release(static_cast<QMouseEvent*>(event));
        return true;
    case QEvent::MouseButtonDblClick: {
        if (!onViewport)
            return false;
        auto* mouse = static_cast<QMouseEvent*>(event);
        // An item under the mouse (a bar) hears the double-click too (QBarSet::doubleClicked),
        // and then the release that ends it.
        m_pressOnItem = m_view->itemAt(mouse->position().toPoint()) != nullptr;
        if (m_pressOnItem)
            m_view->QGraphicsView::mouseDoubleClickEvent(mouse);
        event->accept();
        if (QRubberBand* band = m_view->findChild<QRubberBand*>())
            band->hide();
        m_view->zoom().reset();
        return true;
    }
    case QEvent::Wheel: wheel(static_cast<QWheelEvent*>(event)); return true;
    case QEvent::KeyPress: return !onViewport && key(static_cast<QKeyEvent*>(event));
    case QEvent::Leave:
        if (!onViewport)
            m_view->crosshair().hover(kNaN);
        return false;
    case QEvent::ContextMenu:
        if (!onViewport)
            return false;
        contextMenu(static_cast<QContextMenuEvent*>(event));
        return true;
    default: return false;
    }
}

double ChartPointer::xAt(QPointF position) const
{
    return m_view->chart()->mapToValue(position, m_view->chart()->series().front()).x();
}

bool ChartPointer::press(QMouseEvent* event)
{
    m_pressPos = event->position().toPoint();
    m_pressOnItem = false;
    if (event->button() == Qt::MiddleButton
        || (event->button() == Qt::LeftButton && (event->modifiers() & Qt::ControlModifier))) {
        if (m_view->zoom().isZoomable()) {
            m_panning = true;
            m_panStartRange = m_view->zoom().currentRange();
            m_view->setCursor(Qt::ClosedHandCursor);
            event->accept();
            return true;
        }
    }
    if (event->button() == Qt::RightButton) {
        event->accept();  // the context menu comes from the ContextMenu event
        return true;
    }
    // QTBUG-118669: with a rubber band set, 6.4.2 dereferences itemAt() unchecked.
    if (m_view->itemAt(event->position().toPoint())) {
        m_pressOnItem = true;
        return false;
    }
    event->accept();
    return true;
}

bool ChartPointer::move(QMouseEvent* event)
{
    QChart* chart = m_view->chart();
    const QPointF pos = event->position();
    if (m_panning && !chart->series().isEmpty()) {
        const double dx = xAt(QPointF(m_pressPos)) - xAt(pos);
        const auto full = m_view->zoom().fullRange();
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
        m_view->zoom().panTo(std::make_pair(lo, hi));
        return true;
    }
    if (chart->series().isEmpty())
        return false;  // QChartView's own handler follows (the rubber band)
    if (!chart->plotArea().contains(pos)) {
        QToolTip::hideText();
        m_view->crosshair().announce(kNaN);
        return false;
    }
    const QPointF value = chart->mapToValue(pos, chart->series().front());
    m_view->crosshair().hover(value.x());
    const QString tip = m_view->tooltipAt(value);
    if (tip.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint() + QPoint(16, 12), tip, m_view);
    return false;
}

void ChartPointer::release(QMouseEvent* event)
{
    event->accept();
    if (m_panning) {
        m_panning = false;
        m_view->unsetCursor();
        return;
    }
    if (event->button() == Qt::RightButton)
        return;  // 6.4.2 would zoom out here
    const bool series = !m_view->chart()->series().isEmpty();
    QRubberBand* band = m_view->findChild<QRubberBand*>();
    if (event->button() == Qt::LeftButton && band && band->isVisible()) {
        const QRect r = band->geometry();
        band->hide();
        if (r.width() < kMinRubberBandPx) {
            if (series)
                emit clickedAt(xAt(event->position()));
            return;
        }
        if (!series)
            return;
        const double lo = xAt(QPointF(r.left(), r.center().y()));
        const double hi = xAt(QPointF(r.right(), r.center().y()));
        m_view->zoom().zoomTo(std::make_pair(std::min(lo, hi), std::max(lo, hi)), true);
        return;
    }
    // No rubber band took the press: the item under it did, and its release makes its click
    // (QBarSet::clicked), past QChartView's own handler, which would zoom out.
    if (m_pressOnItem)
        m_view->QGraphicsView::mouseReleaseEvent(event);
    m_pressOnItem = false;
    if (event->button() == Qt::LeftButton && series
        && (event->position().toPoint() - m_pressPos).manhattanLength() < kMinRubberBandPx)
        emit clickedAt(xAt(event->position()));
}

void ChartPointer::wheel(QWheelEvent* event)
{
    ChartZoom& zoom = m_view->zoom();
    const double notches = event->angleDelta().y() / 120.0;
    if (!zoom.isZoomable() || m_view->chart()->series().isEmpty() || notches == 0) {
        event->ignore();  // on to the widget around the chart (a scroll area)
        return;
    }
    const auto [lo, hi] = zoom.currentRange();
    const double span = hi - lo;
    if (event->modifiers() & Qt::ShiftModifier) {
        const double dx = -notches * span * 0.1;
        zoom.stepTo(std::make_pair(lo + dx, hi + dx));
    } else {
        const double at = xAt(event->position());
        const double factor = std::pow(kWheelFactor, -notches);
        zoom.zoomTo(std::make_pair(at - (at - lo) * factor, at + (hi - at) * factor), true);
    }
    event->accept();
}

bool ChartPointer::key(QKeyEvent* event)
{
    ChartZoom& zoom = m_view->zoom();
    const auto [lo, hi] = zoom.currentRange();
    const double span = hi - lo;
    switch (event->key()) {
    case Qt::Key_Backspace: zoom.back(); return true;
    case Qt::Key_Home: zoom.reset(); return true;  // as a double-click
    case Qt::Key_Left:
        if (event->modifiers() & Qt::AltModifier)
            zoom.back();
        else if (zoom.isZoomable())
            zoom.stepTo(std::make_pair(lo - span * 0.1, hi - span * 0.1));
        return true;
    case Qt::Key_Right:
        if (zoom.isZoomable())
            zoom.stepTo(std::make_pair(lo + span * 0.1, hi + span * 0.1));
        return true;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        if (zoom.isZoomable())
            zoom.zoomTo(std::make_pair(lo + span * 0.1, hi - span * 0.1), true);
        return true;
    case Qt::Key_Minus:
        if (zoom.isZoomable())
            zoom.zoomTo(std::make_pair(lo - span * 0.125, hi + span * 0.125), true);
        return true;
    default: return false;
    }
}

void ChartPointer::contextMenu(QContextMenuEvent* event)
{
    ChartExport& exporter = m_view->exporter();
    ChartZoom& zoom = m_view->zoom();
    const QString name = m_view->exportName();
    QMenu menu(m_view);
    menu.addAction(tr("Copy image"), this,
                   [&exporter] { QApplication::clipboard()->setImage(exporter.renderImage(2.0, false)); });
    menu.addSeparator();
    menu.addAction(tr("Export PNG…"), this, [this, &exporter, name] {
        const QString path =
            QFileDialog::getSaveFileName(m_view, tr("Export PNG"), name + QStringLiteral(".png"), tr("PNG images (*.png)"));
        QString error;
        if (!path.isEmpty() && !exporter.exportPng(path, &error))
            QMessageBox::warning(m_view, tr("Export PNG"), error);
    });
    menu.addAction(tr("Export SVG…"), this, [this, &exporter, name] {
        const QString path =
            QFileDialog::getSaveFileName(m_view, tr("Export SVG"), name + QStringLiteral(".svg"), tr("SVG images (*.svg)"));
        QString error;
        if (!path.isEmpty() && !exporter.exportSvg(path, &error))
            QMessageBox::warning(m_view, tr("Export SVG"), error);
    });
    // Zoomed, CSV offers the rows of the visible range or all of them.
    const auto addCsv = [this, &menu, &exporter, name](const QString& text, ChartExport::CsvScope scope, const QString& suffix) {
        menu.addAction(text, this, [this, &exporter, name, scope, suffix] {
            const QString path = QFileDialog::getSaveFileName(m_view, tr("Export CSV"), name + suffix + QStringLiteral(".csv"),
                                                              tr("CSV files (*.csv)"));
            QString error;
            if (!path.isEmpty() && !exporter.exportCsv(path, &error, scope))
                QMessageBox::warning(m_view, tr("Export CSV"), error);
        });
    };
    if (zoom.range()) {
        addCsv(tr("Export CSV: visible range…"), ChartExport::CsvScope::VisibleRange, QStringLiteral("-visible"));
        addCsv(tr("Export CSV: all data…"), ChartExport::CsvScope::AllData, QString());
    } else {
        addCsv(tr("Export CSV…"), ChartExport::CsvScope::AllData, QString());
    }
    if (zoom.isZoomable()) {
        menu.addSeparator();
        QAction* back = menu.addAction(tr("Zoom back"), &zoom, &ChartZoom::back);
        back->setShortcut(QKeySequence(Qt::Key_Backspace));
        back->setEnabled(zoom.canGoBack());
        QAction* reset = menu.addAction(tr("Reset zoom"), &zoom, &ChartZoom::reset);
        reset->setEnabled(zoom.range().has_value());
    }
    if (!m_view->chart()->series().isEmpty()) {
        const QString tip =
            m_view->tooltipAt(m_view->chart()->mapToValue(QPointF(event->pos()), m_view->chart()->series().front()));
        if (!tip.isEmpty()) {
            menu.addSeparator();
            menu.addAction(tr("Copy value at cursor"), this, [tip] { QApplication::clipboard()->setText(tip); });
        }
    }
    event->accept();
    menu.exec(event->globalPos());
}

}  // namespace ratelab
