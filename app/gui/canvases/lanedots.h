#pragma once
// A request's dot in the Learn lanes: accepted a filled disc, rejected a hollow ring with a
// cross, delayed half filled (the lower half); a retry is a diamond of about the same area
// instead of a disc. Each look of a dot (shape, radius, colour, device pixel ratio; for the
// theme set) is rendered once and drawn as a pixmap: a lane shows dozens, each a few
// antialiased strokes.

#include "engine/sim/keyhistory.h"

#include <QHash>
#include <QPixmap>

class QPainter;

namespace ratelab {

class LaneDots {
public:
    void setDark(bool dark);  // the rendered dots go: their outline follows the theme
    // The dot of `step` centred on `center`, of radius `r`, at whole device pixels.
    void draw(QPainter& p, QPointF center, double r, const KeyStep& step, const QColor& color, double dpr);

private:
    enum class Shape { Allowed, Delayed, Rejected };
    QPixmap render(Shape shape, bool retry, double r, const QColor& color, double dpr) const;

    bool m_dark = false;
    QHash<quint64, QPixmap> m_dots;
};

}  // namespace ratelab
