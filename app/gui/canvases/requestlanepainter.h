#pragma once
// Paints one request lane of the Learn lanes (LaneCanvas) in one paint: the algorithm's label
// in the gutter, a dot per request in view (LaneDots) in the family's colour, the future
// faded, the current one larger with, when it was delayed, an arrow to its forward time; a
// ring where the cluster decided otherwise than the exact limiter; and, under the dots, the
// window the decision at the cursor looks at (the log's last window, the counter's previous
// and current windows, GCRA's wait until TAT + T − τ).

#include "app/gui/canvases/lanecanvas.h"

#include <QCoreApplication>

namespace ratelab {

class LaneDots;
struct LanePaint;

class RequestLanePainter {
    Q_DECLARE_TR_FUNCTIONS(RequestLanePainter)
public:
    RequestLanePainter(LanePaint& c, LaneDots& dots) : m_c(c), m_dots(dots) {}

    // `lane` in `laneRect`; `current`: its step at the cursor (-1: before its first).
    void paint(const LaneCanvas::Lane& lane, const QRectF& laneRect, int current) const;

private:
    void paintCursorWindow(const LaneCanvas::Lane& lane, const QRectF& laneRect) const;

    LanePaint& m_c;
    LaneDots& m_dots;
};

}  // namespace ratelab
