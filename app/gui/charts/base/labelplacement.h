#pragma once
// Where a chart's text label goes so that it never sits on a curve (gui-guide.md 3.2): the
// first of a list of candidate rectangles that holds no point of any visible series, crosses
// none of their segments and overlaps no label placed before, all in chart coordinates (the
// series' points through QChart::mapToPosition). When every candidate collides, the one that
// covers the fewest points, then crosses the fewest segments.

#include <QList>
#include <QPolygonF>
#include <QRectF>

class QChart;

namespace ratelab::labelplacement {

// Each visible series as drawn, a polyline in chart coordinates (an area series: its upper
// line), clipped to nothing: points outside the plot are dropped by the callers' bounds.
QList<QPolygonF> seriesPaths(QChart* chart);

// The points of `paths` inside `rect`, weighted above the segments crossing it and the
// rectangles of `taken` it overlaps: 0 when the rectangle is clear.
int collisions(const QRectF& rect, const QList<QPolygonF>& paths, const QList<QRectF>& taken);

// The first candidate inside `bounds` without a collision, else the least colliding one inside
// (else the first candidate).
QRectF place(const QList<QRectF>& candidates, const QRectF& bounds, const QList<QPolygonF>& paths,
             const QList<QRectF>& taken = {});

}  // namespace ratelab::labelplacement
