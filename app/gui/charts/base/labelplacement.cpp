#include "app/gui/charts/base/labelplacement.h"

#include <QAreaSeries>
#include <QChart>
#include <QLineF>
#include <QLineSeries>
#include <QXYSeries>

#include <limits>

namespace ratelab::labelplacement {

namespace {

constexpr int kPointWeight = 10'000;  // a point under a label is far worse than a line through it
constexpr int kLabelWeight = 100;

bool crosses(const QLineF& segment, const QRectF& rect)
{
    if (rect.contains(segment.p1()) || rect.contains(segment.p2()))
        return true;
    const QRectF box = QRectF(segment.p1(), segment.p2()).normalized();
    if (box.right() < rect.left() || box.left() > rect.right() || box.bottom() < rect.top() || box.top() > rect.bottom())
        return false;
    const QLineF edges[] = {{rect.topLeft(), rect.topRight()},
                            {rect.topRight(), rect.bottomRight()},
                            {rect.bottomRight(), rect.bottomLeft()},
                            {rect.bottomLeft(), rect.topLeft()}};
    for (const QLineF& edge : edges)
        if (segment.intersects(edge, nullptr) == QLineF::BoundedIntersection)
            return true;
    return false;
}

}  // namespace

QList<QPolygonF> seriesPaths(QChart* chart)
{
    QList<QPolygonF> out;
    for (QAbstractSeries* series : chart->series()) {
        if (!series->isVisible())
            continue;
        QXYSeries* xy = qobject_cast<QXYSeries*>(series);
        if (auto* area = qobject_cast<QAreaSeries*>(series))
            xy = area->upperSeries();
        if (!xy)
            continue;
        QPolygonF path;
        path.reserve(xy->count());
        for (const QPointF& p : xy->points())
            path.append(chart->mapToPosition(p, series));
        out.append(path);
    }
    return out;
}

int collisions(const QRectF& rect, const QList<QPolygonF>& paths, const QList<QRectF>& taken)
{
    int points = 0;
    int segments = 0;
    for (const QPolygonF& path : paths)
        for (qsizetype i = 0; i < path.size(); ++i) {
            if (rect.contains(path[i]))
                ++points;
            if (i > 0 && crosses(QLineF(path[i - 1], path[i]), rect))
                ++segments;
        }
    int labels = 0;
    for (const QRectF& other : taken)
        if (rect.intersects(other))
            ++labels;
    return points * kPointWeight + labels * kLabelWeight + segments;
}

QRectF place(const QList<QRectF>& candidates, const QRectF& bounds, const QList<QPolygonF>& paths, const QList<QRectF>& taken)
{
    QRectF best = candidates.isEmpty() ? QRectF() : candidates.front();
    int fewest = std::numeric_limits<int>::max();
    for (const QRectF& rect : candidates) {
        if (!bounds.contains(rect))
            continue;
        const int n = collisions(rect, paths, taken);
        if (n == 0)
            return rect;
        if (n < fewest) {
            fewest = n;
            best = rect;
        }
    }
    return best;
}

}  // namespace ratelab::labelplacement
