#include "app/gui/charts/base/chartcrosshair.h"

#include "app/gui/charts/base/chartview.h"
#include "app/gui/charts/base/chartzoom.h"
#include "app/models/style/palette.h"

#include <QGraphicsEllipseItem>
#include <QGraphicsLineItem>

#include <cmath>

namespace ratelab {

ChartCrosshair::ChartCrosshair(ChartView* view) : QObject(view), m_view(view)
{
    m_line = new QGraphicsLineItem(view->chart());
    m_line->setZValue(20);
    m_line->hide();
}

void ChartCrosshair::setX(double x)
{
    m_x = x;
    update();
}

void ChartCrosshair::hover(double x)
{
    if (!m_enabled)
        return;
    setX(x);
    emit hovered(x);
}

void ChartCrosshair::announce(double x)
{
    if (m_enabled)
        emit hovered(x);
}

void ChartCrosshair::update()
{
    QChart* chart = m_view->chart();
    const QRectF plot = chart->plotArea();
    const auto range = m_view->zoom().currentRange();
    const bool show = m_enabled && std::isfinite(m_x) && m_x >= range.first && m_x <= range.second && !chart->series().isEmpty();
    qDeleteAll(m_markers);
    m_markers.clear();
    if (!show) {
        m_line->hide();
        return;
    }
    QAbstractSeries* anchor = chart->series().front();
    const double px = chart->mapToPosition(QPointF(m_x, 0), anchor).x();
    m_line->setLine(px, plot.top(), px, plot.bottom());
    m_line->show();
    for (const auto& [point, color] : m_view->markersAt(m_x)) {
        const QPointF pos = chart->mapToPosition(point, anchor);
        if (!plot.adjusted(-1, -1, 1, 1).contains(pos))
            continue;
        auto* dot = new QGraphicsEllipseItem(QRectF(pos.x() - 3.5, pos.y() - 3.5, 7, 7), chart);
        dot->setBrush(color);
        QColor outline = palette::textColor(m_dark);
        outline.setAlphaF(0.6f);
        dot->setPen(QPen(outline, 1));
        dot->setZValue(21);
        m_markers.append(dot);
    }
}

void ChartCrosshair::setDark(bool dark)
{
    m_dark = dark;
    m_line->setPen(QPen(palette::mutedTextColor(dark), 1, Qt::DashLine));
}

void ChartCrosshair::setHidden(bool hidden)
{
    if (hidden)
        m_lineWasShown = m_line->isVisible();
    m_line->setVisible(!hidden && m_lineWasShown);
    for (QGraphicsEllipseItem* m : m_markers)
        m->setVisible(!hidden);
}

}  // namespace ratelab
