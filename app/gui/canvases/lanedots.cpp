#include "app/gui/canvases/lanedots.h"

#include "app/models/style/palette.h"

#include <QPainter>
#include <QPainterPath>

#include <cmath>

namespace ratelab {

void LaneDots::setDark(bool dark)
{
    m_dark = dark;
    m_dots.clear();
}

void LaneDots::draw(QPainter& p, QPointF c, double r, const KeyStep& step, const QColor& color, double dpr)
{
    const Decision& d = step.decision;
    const Shape shape = !d.allowed ? Shape::Rejected : d.delayUs > 0 ? Shape::Delayed : Shape::Allowed;
    // rgba (32 bits), shape (2), radius in 1/100 px (12), device pixel ratio in 1/100 (15), retry (1).
    const quint64 key = quint64(color.rgba()) | quint64(shape) << 32 | quint64(std::lround(r * 100) & 0xfff) << 34
        | quint64(std::lround(dpr * 100) & 0x7fff) << 46 | quint64(step.retry) << 61;
    auto it = m_dots.constFind(key);
    if (it == m_dots.constEnd())
        it = m_dots.insert(key, render(shape, step.retry, r, color, dpr));
    const double half = it->width() / it->devicePixelRatio() / 2;
    // At whole device pixels: a pixmap drawn in between would be resampled, blurred.
    p.drawPixmap(QPointF(std::round((c.x() - half) * dpr) / dpr, std::round((c.y() - half) * dpr) / dpr), *it);
}

QPixmap LaneDots::render(Shape shape, bool retry, double r, const QColor& color, double dpr) const
{
    const int side = int(std::ceil(2 * r + 6));
    QPixmap pixmap(QSize(side, side) * dpr);
    pixmap.setDevicePixelRatio(dpr);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    const QPointF c(side / 2.0, side / 2.0);
    // A first try is a disc, a retry a diamond of about the same area.
    QPainterPath outline;
    if (retry) {
        const double d = r * 1.3;
        outline.moveTo(c.x(), c.y() - d);
        outline.lineTo(c.x() + d, c.y());
        outline.lineTo(c.x(), c.y() + d);
        outline.lineTo(c.x() - d, c.y());
        outline.closeSubpath();
    } else {
        outline.addEllipse(c, r, r);
    }
    switch (shape) {
    case Shape::Rejected: {
        // Hollow, with a cross.
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(color, 1.8));
        p.drawPath(outline);
        const double k = r * 0.6;
        p.drawLine(QPointF(c.x() - k, c.y() - k), QPointF(c.x() + k, c.y() + k));
        p.drawLine(QPointF(c.x() - k, c.y() + k), QPointF(c.x() + k, c.y() - k));
        break;
    }
    case Shape::Delayed: {
        // Half filled: the lower half.
        p.setPen(QPen(color, 1.5));
        p.setBrush(Qt::NoBrush);
        p.drawPath(outline);
        p.setClipRect(QRectF(0, c.y(), side, side));
        p.setPen(Qt::NoPen);
        p.setBrush(color);
        p.drawPath(outline);
        break;
    }
    case Shape::Allowed: {
        QColor edge = palette::textColor(m_dark);
        edge.setAlphaF(0.4f);
        p.setPen(QPen(edge, 1));
        p.setBrush(color);
        p.drawPath(outline);
        break;
    }
    }
    return pixmap;
}

}  // namespace ratelab
