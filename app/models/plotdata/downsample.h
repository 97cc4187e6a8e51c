#pragma once
// Series downsampling for plotting (contributing.md, habit 8): min/max per pixel column, so a spike one
// sample wide survives at any zoom, with at most 2 x columns points (the max alone for an
// area's edge). NaN and Inf are dropped (QXYSeries::replace stores them as given). Input
// points must be sorted by x.

#include <QList>
#include <QPointF>

#include <cstdint>
#include <vector>

namespace ratelab {

// The points of `points` within [xMin, xMax], reduced to the first min and max of each of
// `columns` equal columns (in x order), plus at most one point on each side of the range so
// lines reach the plot edges, all within the cap of 2 x columns points.
QList<QPointF> downsampleMinMax(const QList<QPointF>& points, double xMin, double xMax, int columns);

// The same over the whole series.
QList<QPointF> downsampleMinMax(const QList<QPointF>& points, int columns);

// As downsampleMinMax, but only the highest point of each column (at most `columns` points):
// for the upper edge of a filled area. A column's lower points lie inside the fill anyway,
// and an edge that zigzags down to them makes a polygon that Qt takes tens of milliseconds
// to fill, where the envelope takes one or two.
QList<QPointF> downsampleMax(const QList<QPointF>& points, double xMin, double xMax, int columns);

// A per-bucket series as points: x = (bucket start + offset x bucket) in seconds, y = value
// x yScale; for series of integer counts per metric bucket.
QList<QPointF> bucketPoints(const std::vector<std::int64_t>& values, double bucketSeconds, double yScale,
                            double xOffsetBuckets = 0.5);

}  // namespace ratelab
