#pragma once
// How a canvas (a widget that paints itself) starts its paint: antialiased, its whole rect in
// the chart background of the theme, so that it sits beside the charts as one of them.

#include "app/models/style/palette.h"

#include <QPainter>
#include <QWidget>

namespace ratelab {

inline void beginCanvasPaint(QPainter& p, const QWidget& canvas, bool dark)
{
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(canvas.rect(), palette::chartBackground(dark));
}

}  // namespace ratelab
