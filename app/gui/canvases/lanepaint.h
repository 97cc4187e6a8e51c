#pragma once
// What the painters of the Learn lanes (LaneCanvas) share: the lanes' sizes, and one paint's
// context (the painter, the theme's colours, the labels' font metrics, where the lanes lie
// and the time range in view).

#include <QColor>
#include <QFontMetrics>
#include <QRectF>

#include <utility>

class QPainter;

namespace ratelab {

constexpr double kRequestLaneHeight = 34;
constexpr double kLaneAxisHeight = 30;
constexpr double kLaneGap = 8;
constexpr double kDotRadius = 5.5;  // a request dot; the current one is 1.35 times larger

struct LanePaint {
    QPainter& p;
    QColor bg, text, muted, grid;
    QFontMetrics fm;
    QRectF area;                      // every lane and the time axis
    QRectF plot;                      // right of the labels' gutter, above the time axis
    int gutter = 0;                   // the labels' column, left of the plot
    std::pair<double, double> range;  // the time in view, in seconds from the scenario start
    qint64 nowUs = 0;                 // the cursor's time
    double dpr = 1;                   // the canvas's device pixel ratio
};

}  // namespace ratelab
