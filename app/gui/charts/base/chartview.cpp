#include "app/gui/charts/base/chartview.h"

#include "app/gui/charts/base/chartcrosshair.h"
#include "app/gui/charts/base/chartpointer.h"
#include "app/gui/charts/base/chartstyle.h"
#include "app/gui/charts/base/chartzoom.h"
#include "app/models/style/palette.h"

#include <QAbstractAxis>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QPainter>

#include <cmath>

namespace ratelab {

namespace {
constexpr int kCoalesceMs = 40;  // redraws coalesced (PlotJuggler)
}  // namespace

ChartView::ChartView(QWidget* parent) : QChartView(new QChart, parent)
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
    // Tab reaches every chart; the keys then zoom, pan and reset it (chartpointer.h).
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleDescription(tr("Chart. Left and Right pan, + and - zoom, Backspace zooms back, Home shows everything; "
                                "the context menu (Menu key) copies or exports it."));

    m_zoom = new ChartZoom([this] { return fullXRange(); }, this);
    m_crosshair = new ChartCrosshair(this);
    m_pointer = new ChartPointer(this);
    m_export = new ChartExport(this);
    connect(m_zoom, &ChartZoom::zoomableChanged, this,
            [this](bool zoomable) { setRubberBand(zoomable ? QChartView::HorizontalRubberBand : QChartView::NoRubberBand); });
    connect(m_zoom, &ChartZoom::changed, this, &ChartView::scheduleRefresh);
    m_refreshTimer.setSingleShot(true);
    m_refreshTimer.setInterval(kCoalesceMs);
    connect(&m_refreshTimer, &QTimer::timeout, this, [this] { refreshNow(); });
    connect(c, &QChart::plotAreaChanged, this, [this] {
        layoutOverlays();
        m_crosshair->update();
    });
}

ChartView::~ChartView() = default;

void ChartView::setDark(bool dark)
{
    m_dark = dark;
    QChart* c = chart();
    c->setBackgroundBrush(palette::chartBackground(dark));
    c->setBackgroundPen(Qt::NoPen);
    c->setTitleBrush(palette::textColor(dark));
    m_crosshair->setDark(dark);
    setBackgroundBrush(palette::chartBackground(dark));
    restyle();
    layoutOverlays();
}

QList<QPair<QPointF, QColor>> ChartView::markersAt(double) const
{
    return {};
}

void ChartView::restyle()
{
    for (QAbstractAxis* axis : chart()->axes())
        styleAxis(axis, axis->titleText(), m_dark);
}

void ChartView::setChartTitle(const QString& title)
{
    setAccessibleName(title.simplified());
    chart()->setTitle(title);
    chart()->setTitleFont(chartTitleFont());
    chart()->setTitleBrush(palette::textColor(m_dark));
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
    m_crosshair->update();
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

void ChartView::resizeEvent(QResizeEvent* event)
{
    QChartView::resizeEvent(event);
    scheduleRefresh();
}

}  // namespace ratelab
