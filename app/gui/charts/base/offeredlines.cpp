#include "app/gui/charts/base/offeredlines.h"

#include "app/gui/charts/base/chartseries.h"
#include "app/gui/charts/base/chartview.h"
#include "app/models/plotdata/downsample.h"
#include "app/models/style/palette.h"

#include <QAreaSeries>
#include <QLineSeries>

#include <algorithm>
#include <cmath>
#include <limits>

namespace ratelab {

OfferedLines::OfferedLines(ChartView* view, QAbstractAxis* x, QAbstractAxis* y) : m_view(view), m_x(x), m_y(y)
{
    m_offeredUpper = new QLineSeries(view);
    m_offeredArea = new QAreaSeries(m_offeredUpper);
    m_offeredArea->setName(tr("offered load"));
    addToAxes(view->chart(), m_offeredArea, x, y);
}

QLineSeries* OfferedLines::addLine(const QString& name, QList<QPointF> full)
{
    QLineSeries* line = ratelab::addLine(m_view->chart(), m_view, name, m_x, m_y);
    m_lines.append(line);
    m_full.append(std::move(full));
    return line;
}

void OfferedLines::clear()
{
    for (QLineSeries* s : m_lines) {
        m_view->chart()->removeSeries(s);
        delete s;
    }
    m_lines.clear();
    m_full.clear();
    m_fullOffered.clear();
}

OfferedLines::Sampled OfferedLines::sample(double lo, double hi) const
{
    Sampled out;
    const auto track = [&out](const QList<QPointF>& pts) {
        for (const QPointF& p : pts)
            if (std::isfinite(p.y())) {
                out.yMax = std::max(out.yMax, p.y());
                out.yMin = std::min(out.yMin, p.y());
            }
    };
    out.offered = downsampleMax(m_fullOffered, lo, hi, m_view->plotColumns());
    track(out.offered);
    out.lines.reserve(m_lines.size());
    for (int i = 0; i < m_lines.size(); ++i) {
        out.lines.append(downsampleMinMax(m_full[i], lo, hi, m_view->plotColumnsFor(m_lines[i]->pen())));
        if (m_lines[i]->isVisible())
            track(out.lines.back());
    }
    return out;
}

void OfferedLines::show(const Sampled& sampled)
{
    m_offeredUpper->replace(sampled.offered);
    for (int i = 0; i < m_lines.size(); ++i)
        m_lines[i]->replace(sampled.lines[i]);
}

void OfferedLines::styleOffered()
{
    m_offeredArea->setBrush(palette::offeredLoad());
    QColor edge = palette::offeredLoadLine();
    edge.setAlphaF(0.6f);
    m_offeredArea->setPen(QPen(edge, 1));
}

QPointF OfferedLines::nearest(const QList<QPointF>& points, double x)
{
    if (points.isEmpty())
        return {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN()};
    auto it = std::lower_bound(points.begin(), points.end(), x, [](const QPointF& p, double v) { return p.x() < v; });
    if (it == points.end())
        return points.back();
    if (it != points.begin() && std::abs((it - 1)->x() - x) < std::abs(it->x() - x))
        --it;
    return *it;
}

}  // namespace ratelab
