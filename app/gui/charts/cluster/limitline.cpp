#include "app/gui/charts/cluster/limitline.h"

#include <QChart>
#include <QGraphicsLineItem>
#include <QGraphicsSimpleTextItem>
#include <QPen>

namespace ratelab {

LimitLine::LimitLine(QChart* chart)
    : m_chart(chart), m_line(new QGraphicsLineItem(chart)), m_text(new QGraphicsSimpleTextItem(chart))
{
    m_line->setZValue(6);
    m_text->setZValue(6);
}

void LimitLine::set(std::optional<double> value, const QString& label)
{
    m_value = value;
    m_label = label;
}

void LimitLine::restyle(const QColor& text, const QFont& font)
{
    m_line->setPen(QPen(text, 1.2, Qt::DashLine));
    m_text->setBrush(text);
    m_text->setFont(font);
}

void LimitLine::layout(const QRectF& plot, QAbstractSeries* series, double lo, bool shown)
{
    shown = shown && m_value.has_value();
    m_line->setVisible(shown);
    m_text->setVisible(shown);
    if (!shown)
        return;
    const double y = m_chart->mapToPosition(QPointF(lo, *m_value), series).y();
    m_line->setLine(plot.left(), y, plot.right(), y);
    m_text->setText(m_label);
    const QRectF br = m_text->boundingRect();
    m_text->setPos(plot.right() - br.width() - 4, y - br.height() - 1);
}

}  // namespace ratelab
