#include "app/gui/charts/base/chartview.h"

#include "app/models/style/fonts.h"
#include "app/models/style/palette.h"

#include <QAbstractAxis>
#include <QApplication>
#include <QGraphicsLayout>
#include <QGraphicsLineItem>
#include <QGraphicsScene>
#include <QLineSeries>
#include <QPainter>

#include <cmath>
#include <limits>

namespace ratelab {

namespace {
constexpr int kCoalesceMs = 40;  // redraws coalesced (PlotJuggler)
}  // namespace

ChartView::ChartView(QWidget* parent) : QChartView(new QChart, parent), m_crosshairX(std::numeric_limits<double>::quiet_NaN())
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
    // Tab reaches every chart; the keys then zoom, pan and reset it (chartviewinteraction.cpp).
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleDescription(tr("Chart. Left and Right pan, + and - zoom, Backspace zooms back, Home shows everything; "
                                "the context menu (Menu key) copies or exports it."));

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
    return style::labelFont(QApplication::font());
}

QFont ChartView::titleFont() const
{
    QFont f = QApplication::font();
    f.setBold(true);
    return f;
}

void ChartView::deleteLines(QList<QLineSeries*>& lines)
{
    for (QLineSeries* s : lines) {
        chart()->removeSeries(s);
        delete s;
    }
    lines.clear();
}

void ChartView::setChartTitle(const QString& title)
{
    setAccessibleName(title.simplified());
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

void ChartView::resizeEvent(QResizeEvent* event)
{
    QChartView::resizeEvent(event);
    scheduleRefresh();
}

}  // namespace ratelab
