#include "app/gui/chartview.h"

#include "app/models/filewriter.h"
#include "app/models/palette.h"

#include <QAbstractAxis>
#include <QApplication>
#include <QBuffer>
#include <QClipboard>
#include <QDateTime>
#include <QFileDialog>
#include <QGraphicsEllipseItem>
#include <QGraphicsLayout>
#include <QGraphicsLineItem>
#include <QGraphicsScene>
#include <QMenu>
#include <QMessageBox>
#include <QMouseEvent>
#include <QPainter>
#include <QRubberBand>
#include <QSvgGenerator>
#include <QToolTip>
#include <QValueAxis>

#include <cmath>
#include <limits>

namespace ratelab {

namespace {
constexpr int kCoalesceMs = 40;          // redraws coalesced (PlotJuggler)
constexpr int kMinRubberBandPx = 10;     // narrower drags are clicks
constexpr double kWheelFactor = 1.25;    // zoom per notch
} // namespace

ChartView::ChartView(QWidget* parent)
    : QChartView(new QChart, parent), m_crosshairX(std::numeric_limits<double>::quiet_NaN())
{
    QChart* c = chart();
    c->setAnimationOptions(QChart::NoAnimation);
    c->legend()->hide();
    c->setBackgroundRoundness(0);
    c->setMargins(QMargins(6, 4, 22, 4));
    c->layout()->setContentsMargins(0, 0, 0, 0);
    c->setPlotAreaBackgroundVisible(false);
    setRenderHint(QPainter::Antialiasing);
    setFrameShape(QFrame::NoFrame);
    setMouseTracking(true);
    viewport()->setMouseTracking(true);
    setFocusPolicy(Qt::ClickFocus);

    m_refreshTimer.setSingleShot(true);
    m_refreshTimer.setInterval(kCoalesceMs);
    connect(&m_refreshTimer, &QTimer::timeout, this, [this] { refreshNow(); });
    connect(c, &QChart::plotAreaChanged, this, [this] {
        layoutOverlays();
        updateCrosshair();
    });

    m_crosshair = new QGraphicsLineItem(c);
    m_crosshair->setZValue(20);
    m_crosshair->hide();
}

ChartView::~ChartView() = default;

void ChartView::setExportContext(const QString& scenarioName, quint64 seed)
{
    m_scenarioName = scenarioName;
    m_seed = seed;
}

void ChartView::setDark(bool dark)
{
    m_dark = dark;
    QChart* c = chart();
    c->setBackgroundBrush(palette::chartBackground(dark));
    c->setBackgroundPen(Qt::NoPen);
    c->setTitleBrush(palette::textColor(dark));
    QPen cross(palette::mutedTextColor(dark), 1, Qt::DashLine);
    m_crosshair->setPen(cross);
    setBackgroundBrush(palette::chartBackground(dark));
    restyle();
    layoutOverlays();
}

void ChartView::restyle()
{
    for (QAbstractAxis* axis : chart()->axes())
        styleAxis(axis, axis->titleText());
}

QFont ChartView::labelFont() const
{
    QFont f = QApplication::font();
    if (f.pointSizeF() > 0)
        f.setPointSizeF(std::max(8.0, f.pointSizeF() - 1));
    return f;
}

QFont ChartView::titleFont() const
{
    QFont f = QApplication::font();
    f.setBold(true);
    return f;
}

void ChartView::setChartTitle(const QString& title)
{
    chart()->setTitle(title);
    chart()->setTitleFont(titleFont());
    chart()->setTitleBrush(palette::textColor(m_dark));
}

void ChartView::styleAxis(QAbstractAxis* axis, const QString& title)
{
    const QColor text = palette::textColor(m_dark);
    axis->setTitleText(title);
    axis->setTitleFont(labelFont());
    axis->setTitleBrush(text);
    axis->setLabelsFont(labelFont());
    axis->setLabelsBrush(text);
    axis->setLabelsColor(text);
    QPen line(palette::mutedTextColor(m_dark), 1);
    axis->setLinePen(line);
    axis->setGridLinePen(QPen(palette::gridColor(m_dark), 1));
    axis->setMinorGridLineVisible(false);
    axis->setShadesVisible(false);
}

void ChartView::setZoomable(bool zoomable)
{
    m_zoomable = zoomable;
    setRubberBand(zoomable ? QChartView::HorizontalRubberBand : QChartView::NoRubberBand);
}

void ChartView::scheduleRefresh()
{
    m_refreshTimer.start();
}

void ChartView::refreshNow()
{
    m_refreshTimer.stop();
    refresh();
    layoutOverlays();
    updateCrosshair();
    setSeriesCached(true);  // a refresh may have made new series items
}

// The series' graphics items (QtCharts' XYChart and AreaChartItem, private classes found by
// name) keep a pixmap of themselves in device pixels. Qt repaints a chart whenever anything in
// its scene changes, and when its view is shown again (about three times on a Cluster tab
// switch); with the pixmap it copies lines it would otherwise stroke again, thousands of
// points each (a 3M-request cluster run: a tab switch 103 -> 24 ms). Exports turn it off:
// an SVG would hold the pixmaps as images, a 2x PNG would scale them up.
void ChartView::setSeriesCached(bool cached)
{
    const auto mode = cached ? QGraphicsItem::DeviceCoordinateCache : QGraphicsItem::NoCache;
    for (QGraphicsItem* item : scene()->items()) {
        // Only where the mode changes: setting it again purges the pixmap just made.
        if (item->cacheMode() == mode)
            continue;
        const QGraphicsObject* object = item->toGraphicsObject();
        if (object && (object->inherits("XYChart") || object->inherits("AreaChartItem")))
            item->setCacheMode(mode);
    }
}

int ChartView::plotColumns() const
{
    const double w = chart()->plotArea().width() > 10 ? chart()->plotArea().width() : width() * 0.8;
    return std::max(16, int(std::ceil(w * devicePixelRatioF())));
}

int ChartView::plotColumnsFor(const QPen& pen) const
{
    constexpr int kPatternColumnPx = 4;
    return pen.style() == Qt::SolidLine ? plotColumns() : std::max(16, plotColumns() / kPatternColumnPx);
}

std::pair<double, double> ChartView::currentXRange() const
{
    return m_range ? *m_range : fullXRange();
}

void ChartView::setXRange(std::optional<std::pair<double, double>> range)
{
    applyRange(range, false);
}

void ChartView::applyRange(std::optional<std::pair<double, double>> range, bool pushStack)
{
    if (range) {
        const auto full = fullXRange();
        double lo = std::max(range->first, full.first);
        double hi = std::min(range->second, full.second);
        const double minSpan = (full.second - full.first) * 1e-6;
        if (!(hi - lo > minSpan))
            return;
        range = std::make_pair(lo, hi);
        if (lo <= full.first && hi >= full.second)
            range.reset();
    }
    if (pushStack)
        m_zoomStack.append(m_range);
    m_range = range;
    scheduleRefresh();
    if (pushStack)
        emit xRangeRequested(m_range);
}

void ChartView::resetZoom()
{
    if (!m_range)
        return;
    applyRange(std::nullopt, true);
}

void ChartView::zoomBack()
{
    if (m_zoomStack.isEmpty())
        return;
    m_range = m_zoomStack.takeLast();
    scheduleRefresh();
    emit xRangeRequested(m_range);
}

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
    case Qt::Key_Backspace:
        zoomBack();
        return;
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
    default:
        QChartView::keyPressEvent(event);
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

void ChartView::resizeEvent(QResizeEvent* event)
{
    QChartView::resizeEvent(event);
    scheduleRefresh();
}

void ChartView::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu menu(this);
    menu.addAction(tr("Copy image"), this, [this] {
        QApplication::clipboard()->setImage(renderImage(2.0, false));
    });
    menu.addSeparator();
    menu.addAction(tr("Export PNG…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export PNG"), exportName() + QStringLiteral(".png"),
                                                          tr("PNG images (*.png)"));
        QString error;
        if (!path.isEmpty() && !exportPng(path, &error))
            QMessageBox::warning(this, tr("Export PNG"), error);
    });
    menu.addAction(tr("Export SVG…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export SVG"), exportName() + QStringLiteral(".svg"),
                                                          tr("SVG images (*.svg)"));
        QString error;
        if (!path.isEmpty() && !exportSvg(path, &error))
            QMessageBox::warning(this, tr("Export SVG"), error);
    });
    menu.addAction(tr("Export CSV…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export CSV"), exportName() + QStringLiteral(".csv"),
                                                          tr("CSV files (*.csv)"));
        QString error;
        if (!path.isEmpty() && !exportCsv(path, &error))
            QMessageBox::warning(this, tr("Export CSV"), error);
    });
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

void ChartView::renderTo(QPainter& painter, const QRectF& target)
{
    const bool crosshairVisible = m_crosshair->isVisible();
    m_crosshair->hide();
    for (QGraphicsEllipseItem* m : m_markers)
        m->hide();
    setSeriesCached(false);
    const QFont footerFont = labelFont();
    const int footerHeight = QFontMetrics(footerFont).height() + 8;
    const QRectF chartRect(target.left(), target.top(), target.width(), target.height() - footerHeight);
    painter.fillRect(target, palette::chartBackground(m_dark));
    scene()->render(&painter, chartRect, chart()->geometry());
    painter.setFont(footerFont);
    painter.setPen(palette::mutedTextColor(m_dark));
    const QString footer = QStringLiteral("%1, seed %2, RateLab %3, %4")
                               .arg(m_scenarioName.isEmpty() ? tr("untitled") : m_scenarioName)
                               .arg(m_seed)
                               .arg(QCoreApplication::applicationVersion(),
                                    QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'")));
    painter.drawText(QRectF(target.left() + 8, chartRect.bottom(), target.width() - 16, footerHeight),
                     Qt::AlignRight | Qt::AlignVCenter, footer);
    setSeriesCached(true);
    m_crosshair->setVisible(crosshairVisible);
    for (QGraphicsEllipseItem* m : m_markers)
        m->show();
}

QImage ChartView::renderImage(qreal devicePixelRatio, bool lightTheme)
{
    const bool wasDark = m_dark;
    if (lightTheme && wasDark)
        setDark(false);
    const QSizeF logical = chart()->geometry().size() + QSizeF(0, QFontMetrics(labelFont()).height() + 8);
    QImage image((logical * devicePixelRatio).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(devicePixelRatio);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        renderTo(painter, QRectF(QPointF(0, 0), logical));
    }
    if (lightTheme && wasDark)
        setDark(true);
    return image;
}

bool ChartView::exportPng(const QString& path, QString* error)
{
    // Encoded in memory, then written: when a write fails inside libpng, Qt leaks its copy of
    // the image.
    QByteArray png;
    QBuffer buffer(&png);
    if (!buffer.open(QIODevice::WriteOnly) || !renderImage(2.0, true).save(&buffer, "PNG")) {
        if (error)
            *error = tr("Cannot write %1: the image could not be encoded as PNG").arg(path);
        return false;
    }
    return writeFile(path, png, error);
}

bool ChartView::exportSvg(const QString& path, QString* error)
{
    FileWriter writer(path);
    QIODevice* out = writer.open();
    if (!out)
        return finishExport(writer, error);
    const bool wasDark = m_dark;
    if (wasDark)
        setDark(false);
    const QSizeF logical = chart()->geometry().size() + QSizeF(0, QFontMetrics(labelFont()).height() + 8);
    QSvgGenerator generator;
    generator.setOutputDevice(out);
    generator.setSize(logical.toSize());
    generator.setViewBox(QRectF(QPointF(0, 0), logical));
    generator.setTitle(chart()->title());
    generator.setDescription(QStringLiteral("RateLab chart"));
    bool ok = false;
    {
        QPainter painter;
        ok = painter.begin(&generator);
        if (ok)
            renderTo(painter, QRectF(QPointF(0, 0), logical));
    }  // the generator writes the document as the painter ends
    if (wasDark)
        setDark(true);
    if (!ok)
        writer.cancel(tr("the SVG generator failed"));
    return finishExport(writer, error);
}

bool ChartView::exportCsv(const QString& path, QString* error) const
{
    QString why;
    if (writeFile(path, csv().toUtf8(), &why))
        return true;
    if (error)
        *error = why;
    return false;
}

bool ChartView::finishExport(FileWriter& writer, QString* error)
{
    if (writer.commit())
        return true;
    if (error)
        *error = writer.error();
    return false;
}

} // namespace ratelab
