#pragma once
// The one time scale of the Learn lanes (LaneCanvas), read from the first lane's requests:
// the span in view (about sixty requests, or fitted to a burst, or zoomed by the wheel) and
// where it sits (the cursor at two thirds of the width; a fitted burst stays while the cursor
// is in it; frozen while the playground edits), and where the lanes lie on the canvas, so that
// a point reads as a time or as a request. Times from the scenario start; ranges in seconds.

#include "engine/core/units.h"

#include <QPointF>
#include <QRectF>

#include <optional>
#include <utility>
#include <vector>

namespace ratelab {

class LaneTimeScale {
public:
    // A time in microseconds as the scale's seconds.
    static double seconds(qint64 us) { return double(us) / 1e6; }

    // The first lane's requests, their times in order; the span goes back to automatic.
    void setRequests(std::vector<SimTime> atUs);
    int requestCount() const { return int(m_atUs.size()); }
    qint64 firstUs() const;  // the first request's time (0 without requests)
    qint64 lastUs() const;
    // The cursor's time, which the range follows.
    void setNow(qint64 nowUs) { m_nowUs = nowUs; }
    qint64 nowUs() const { return m_nowUs; }

    // Zooms to the burst around `step` (the requests that follow each other closely, up to 30
    // on either side) or to a span of time, so that its requests are separate dots.
    void fitAround(int step);
    void fitSpan(qint64 fromUs, qint64 toUs);
    // Wheel notches in (positive) or out, the cursor kept in view (frozen: the middle kept).
    void zoom(double notches);
    // Frozen, the range stays where it is while the requests change (the playground).
    void setFrozen(bool frozen);
    bool isFrozen() const { return m_frozenRange.has_value(); }
    std::pair<double, double> visibleSeconds() const;

    // Where the lanes lie: the plot (every lane right of the labels, above the time axis) and
    // the bottom of the request lanes, as the last paint laid them out.
    void setLayout(const QRectF& plot, double requestLanesBottom);
    const QRectF& plot() const { return m_plot; }
    bool onRequestLanes(QPointF at) const;
    qint64 timeAt(double x) const;
    QPointF requestPoint(int lane, qint64 atUs) const;
    int requestNear(QPointF at) const;  // the first lane's step within a dot of `at`, or -1

    // A time's x in `rect` showing `range`, and the part of `rect` between two times, clipped to it.
    static double toX(double seconds, const QRectF& rect, const std::pair<double, double>& range);
    static double xAt(qint64 us, const QRectF& rect, const std::pair<double, double>& range)
    {
        return toX(double(us) / 1e6, rect, range);
    }
    static QRectF spanRect(const QRectF& rect, const std::pair<double, double>& range, qint64 fromUs, qint64 toUs);

private:
    std::vector<SimTime> m_atUs;
    qint64 m_nowUs = 0;
    double m_spanSeconds = 0;                                // 0: automatic
    std::optional<double> m_fittedFrom;                      // seconds: the left edge of a range fitted to a burst
    std::optional<std::pair<double, double>> m_frozenRange;  // seconds, while frozen
    QRectF m_plot;
    double m_requestLanesBottom = 0;
};

}  // namespace ratelab
