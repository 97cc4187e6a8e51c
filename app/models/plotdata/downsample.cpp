#include "app/models/plotdata/downsample.h"

#include <algorithm>
#include <cmath>

namespace ratelab {
namespace {

bool finite(const QPointF& p)
{
    return std::isfinite(p.x()) && std::isfinite(p.y());
}

// What a column keeps: its lowest and highest point, or only its highest.
enum class Keep { MinAndMax, Max };

QList<QPointF> downsampleColumns(const QList<QPointF>& points, double xMin, double xMax, int columns, Keep keep)
{
    QList<QPointF> out;
    columns = std::max(1, columns);
    const int perColumn = keep == Keep::MinAndMax ? 2 : 1;
    const int cap = perColumn * columns;
    if (points.isEmpty() || !(xMax > xMin))
        return out;

    const auto byX = [](const QPointF& p, double x) { return p.x() < x; };
    const auto first = std::lower_bound(points.begin(), points.end(), xMin, byX);
    const auto last = std::upper_bound(points.begin(), points.end(), xMax, [](double x, const QPointF& p) { return x < p.x(); });
    const qsizetype inRange = last - first;

    // Neighbours outside the range keep the line running to the plot edges.
    const QPointF* before = nullptr;
    for (auto it = first; it != points.begin();) {
        --it;
        if (finite(*it)) {
            before = &*it;
            break;
        }
    }
    const QPointF* after = nullptr;
    for (auto it = last; it != points.end(); ++it) {
        if (finite(*it)) {
            after = &*it;
            break;
        }
    }

    if (inRange <= cap) {
        out.reserve(inRange + 2);
        for (auto it = first; it != last; ++it)
            if (finite(*it))
                out.append(*it);
        if (before && out.size() < cap)
            out.prepend(*before);
        if (after && out.size() < cap)
            out.append(*after);
        return out;
    }

    // Leave room for the neighbours inside the cap.
    const int edge = (before ? 1 : 0) + (after ? 1 : 0);
    const int usableColumns = std::max(1, (cap - edge) / perColumn);
    const double width = (xMax - xMin) / usableColumns;
    out.reserve(cap);
    if (before)
        out.append(*before);
    auto it = first;
    for (int c = 0; c < usableColumns && it != last; ++c) {
        const double end = c + 1 == usableColumns ? xMax : xMin + width * (c + 1);
        const QPointF* lo = nullptr;
        const QPointF* hi = nullptr;
        for (; it != last && (it->x() < end || c + 1 == usableColumns); ++it) {
            if (!finite(*it))
                continue;
            if (!lo || it->y() < lo->y())
                lo = &*it;
            if (!hi || it->y() > hi->y())
                hi = &*it;
        }
        if (!lo)
            continue;
        if (keep == Keep::Max || lo == hi) {
            out.append(*hi);
        } else if (lo < hi) {  // keep the original order within the column
            out.append(*lo);
            out.append(*hi);
        } else {
            out.append(*hi);
            out.append(*lo);
        }
    }
    if (after)
        out.append(*after);
    return out;
}

}  // namespace

QList<QPointF> downsampleMinMax(const QList<QPointF>& points, double xMin, double xMax, int columns)
{
    return downsampleColumns(points, xMin, xMax, columns, Keep::MinAndMax);
}

QList<QPointF> downsampleMax(const QList<QPointF>& points, double xMin, double xMax, int columns)
{
    return downsampleColumns(points, xMin, xMax, columns, Keep::Max);
}

QList<QPointF> downsampleMinMax(const QList<QPointF>& points, int columns)
{
    if (points.isEmpty())
        return {};
    double lo = points.front().x();
    double hi = points.back().x();
    if (!(hi > lo)) {
        QList<QPointF> out;
        for (const QPointF& p : points)
            if (finite(p) && out.size() < 2 * std::max(1, columns))
                out.append(p);
        return out;
    }
    return downsampleMinMax(points, lo, hi, columns);
}

QList<QPointF> bucketPoints(const std::vector<std::int64_t>& values, double bucketSeconds, double yScale, double xOffsetBuckets)
{
    QList<QPointF> out;
    out.reserve(qsizetype(values.size()));
    for (std::size_t i = 0; i < values.size(); ++i)
        out.append(QPointF((double(i) + xOffsetBuckets) * bucketSeconds, double(values[i]) * yScale));
    return out;
}

}  // namespace ratelab
