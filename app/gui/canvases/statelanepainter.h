#pragma once
// Paints one state lane of the Learn lanes (LaneCanvas) in one paint: the algorithm's state as
// the function of time the engine computes (KeyStep::curve, lanestate.h), drawn as it is
// held: a token level rising between requests and dropping at each admitted one, a leaky
// bucket's excess draining, counts stepping down as windows reset or log entries leave. Its
// frame and y scale, its limits (KeyHistory::limits) as dashed lines, windows as bands with
// their counts, and at the cursor the value the engine holds then.

#include "app/gui/canvases/lanecanvas.h"

namespace ratelab {

struct LanePaint;

class StateLanePainter {
public:
    explicit StateLanePainter(LanePaint& c) : m_c(c) {}

    // `lane` (which has state) in `laneRect`.
    void paint(const LaneCanvas::Lane& lane, const QRectF& laneRect) const;

private:
    // Its values over time, on a y scale from 0 to vMax, and the value at the cursor.
    void paintCurves(const LaneCanvas::Lane& lane, const QRectF& laneRect, double vMax) const;
    void paintReadout(const LaneCanvas::Lane& lane, const QRectF& laneRect, double vMax) const;
    void paintWindowBands(const LaneCanvas::Lane& lane, const QRectF& laneRect) const;
    // A state value's height in a lane whose scale runs from 0 to vMax.
    static double yAt(double value, const QRectF& lane, double vMax) { return lane.bottom() - value / vMax * lane.height(); }

    LanePaint& m_c;
};

}  // namespace ratelab
