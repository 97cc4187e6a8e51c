#include "app/gui/charts/logs/tradeoffmarks.h"

#include "app/gui/charts/base/chartstyle.h"
#include "app/gui/charts/base/labelplacement.h"
#include "app/models/style/palette.h"

#include <QChart>
#include <QGraphicsEllipseItem>
#include <QGraphicsLineItem>
#include <QGraphicsPolygonItem>
#include <QGraphicsSimpleTextItem>
#include <QPen>

#include <algorithm>
#include <cmath>

namespace ratelab {

TradeoffMarks::TradeoffMarks(QChart* chart)
{
    m_line = new QGraphicsLineItem(chart);
    m_line->setZValue(12);
    m_handle = new QGraphicsPolygonItem(chart);
    m_handle->setZValue(12);
    m_keepHandle = new QGraphicsPolygonItem(chart);
    m_keepHandle->setZValue(12);
    m_keepGuide = new QGraphicsLineItem(chart);
    m_keepGuide->setZValue(11);
    m_keepLabel = new QGraphicsSimpleTextItem(chart);
    m_keepLabel->setZValue(12);
    m_kneeRing = new QGraphicsEllipseItem(chart);
    m_kneeRing->setZValue(12);
    m_kneeLabel = new QGraphicsSimpleTextItem(chart);
    m_kneeLabel->setZValue(12);
    m_empty = new QGraphicsSimpleTextItem(chart);
    m_empty->setZValue(10);
}

void TradeoffMarks::restyle(bool dark, bool focused)
{
    const QColor text = palette::textColor(dark);
    m_line->setPen(QPen(text, focused ? 2.5 : 1.5));
    m_handle->setBrush(text);
    m_handle->setPen(Qt::NoPen);
    m_keepHandle->setBrush(text);
    m_keepHandle->setPen(Qt::NoPen);
    m_keepGuide->setPen(QPen(text, 1, Qt::DotLine));
    m_keepLabel->setFont(chartLabelFont());
    m_keepLabel->setBrush(text);
    m_kneeRing->setPen(QPen(text, 1.5));
    m_kneeRing->setBrush(Qt::NoBrush);
    m_kneeLabel->setFont(chartLabelFont());
    m_kneeLabel->setBrush(text);
    QFont f = chartLabelFont();
    f.setPointSizeF(f.pointSizeF() + 1);
    m_empty->setFont(f);
    m_empty->setBrush(palette::mutedTextColor(dark));
}

void TradeoffMarks::setEmptyText(const QString& text, bool shown)
{
    m_empty->setVisible(shown);
    m_empty->setText(text);
}

QString TradeoffMarks::shownSentence() const
{
    return m_empty->isVisible() ? m_empty->text() : QString();
}

void TradeoffMarks::showEmpty(const QRectF& area)
{
    for (QGraphicsItem* item :
         std::initializer_list<QGraphicsItem*>{m_line, m_handle, m_keepHandle, m_keepGuide, m_keepLabel, m_kneeRing, m_kneeLabel})
        item->hide();
    const QRectF br = m_empty->boundingRect();
    m_empty->setPos(area.center().x() - br.width() / 2, area.center().y() - br.height() / 2);
}

void TradeoffMarks::layoutTarget(double x, const QRectF& plot, bool dark, bool focused)
{
    const bool shown = std::isfinite(x);
    m_line->setVisible(shown);
    m_handle->setVisible(shown);
    if (!shown)
        return;
    m_line->setLine(x, plot.top(), x, plot.bottom());
    // A handle on the x axis: a small triangle pointing up at the line.
    const double h = kHandlePx;
    m_handle->setPolygon(
        QPolygonF({QPointF(x, plot.bottom() - h), QPointF(x - h, plot.bottom() + 1), QPointF(x + h, plot.bottom() + 1)}));
    m_line->setPen(QPen(palette::textColor(dark), focused ? 2.5 : 1.5));
}

// The keep handle: a triangle on the left axis pointing into the plot, a dotted guide from it
// to the target line, and its share along the guide, above or below it, at its left end or as
// near to it as no curve is.
void TradeoffMarks::layoutKeep(double y, double lineX, const QString& label, const QRectF& plot, const QList<QPolygonF>& paths)
{
    const double h = kHandlePx;
    m_keepHandle->setPolygon(
        QPolygonF({QPointF(plot.left() + h, y), QPointF(plot.left() - 1, y - h), QPointF(plot.left() - 1, y + h)}));
    const double guideEnd = std::isfinite(lineX) ? std::max(lineX, plot.left() + h) : plot.right();
    m_keepGuide->setLine(plot.left() + h, y, guideEnd, y);
    m_keepLabel->setText(label);
    const QSizeF size = m_keepLabel->boundingRect().size();
    QList<QRectF> candidates;
    for (double x = plot.left() + h + 3; x + size.width() <= plot.right(); x += size.width() / 2)
        for (double labelY : {y - size.height() - 1, y + 2})
            candidates.append(QRectF(QPointF(x, labelY), size));
    m_keepLabel->setPos(labelplacement::place(candidates, plot, paths).topLeft());
    for (QGraphicsItem* item : std::initializer_list<QGraphicsItem*>{m_keepHandle, m_keepGuide, m_keepLabel})
        item->show();
}

// The knee: a ring on the kept curve with "knee" and its limit beside it: below right, else at
// another corner of the ring, else further out, wherever no curve and not the keep label is.
void TradeoffMarks::layoutKnee(const QPointF* at, const QString& label, const QRectF& plot, const QList<QPolygonF>& paths)
{
    m_kneeRing->setVisible(at);
    m_kneeLabel->setVisible(at);
    if (!at)
        return;
    const double r = 7;
    m_kneeRing->setRect(at->x() - r, at->y() - r, 2 * r, 2 * r);
    m_kneeLabel->setText(label);
    const QSizeF size = m_kneeLabel->boundingRect().size();
    QList<QRectF> candidates;
    for (int away = 0; away < 8; ++away) {
        const double dy = away * (size.height() + 2);
        for (double x : {at->x() + r + 2, at->x() - r - 2 - size.width()})
            for (double y : {at->y() + r - 2 + dy, at->y() - r + 2 - size.height() - dy})
                candidates.append(QRectF(QPointF(x, y), size));
    }
    const QRectF keep = m_keepLabel->mapRectToParent(m_keepLabel->boundingRect());
    m_kneeLabel->setPos(labelplacement::place(candidates, plot, paths, {keep}).topLeft());
}

QList<QGraphicsSimpleTextItem*> TradeoffMarks::labels() const
{
    QList<QGraphicsSimpleTextItem*> out;
    for (QGraphicsSimpleTextItem* label : {m_keepLabel, m_kneeLabel})
        if (label->isVisible())
            out.append(label);
    return out;
}

}  // namespace ratelab
