#include "app/gui/charts/cluster/lanerejectedchart.h"

#include "app/models/plotdata/downsample.h"
#include "app/models/text/formatting.h"

#include <QGraphicsPathItem>
#include <QPainterPath>

namespace ratelab {

namespace {
// Over the outage bands (2.5) and the clock steps (2.6), under the series (4).
constexpr qreal kWronglyZ = 3;
}  // namespace

LaneRejectedChart::LaneRejectedChart(QWidget* parent)
    : ClusterTimeChart(tr("Rejected per lane (shaded: wrongly rejected)"), tr("req/s"), {}, parent)
{}

void LaneRejectedChart::build()
{
    addLaneLines(&ClusterStats::rejectedByArrival);
    qDeleteAll(m_wronglyFill);
    m_wronglyFill.clear();
    m_wrongly.clear();
    const double bucketSeconds = input().bucketSeconds();
    for (int i = 0; i < lines().size(); ++i) {
        m_wrongly.append(bucketPoints(input().lane(laneOfLine(i)).cluster->wronglyRejectedSeries,
                                      bucketSeconds / input().secondsPerUnit(), 1.0 / bucketSeconds));
        auto* fill = new QGraphicsPathItem(chart());
        fill->setZValue(kWronglyZ);
        fill->setPen(Qt::NoPen);
        m_wronglyFill.append(fill);
    }
}

bool LaneRejectedChart::wronglyShown(int line) const
{
    return line >= 0 && line < m_wronglyFill.size() && m_wronglyFill[line]->isVisible() && !m_wronglyFill[line]->path().isEmpty();
}

void LaneRejectedChart::restyle()
{
    ClusterTimeChart::restyle();
    for (int i = 0; i < m_wronglyFill.size() && i < lines().size(); ++i) {
        QColor color = lines()[i]->pen().color();
        color.setAlphaF(0.3f);
        m_wronglyFill[i]->setBrush(color);
    }
}

void LaneRejectedChart::layoutOverlays()
{
    ClusterTimeChart::layoutOverlays();
    const double lo = zoom().currentRange().first;
    const double hi = zoom().currentRange().second;
    QPainterPath plot;
    plot.addRect(chart()->plotArea());
    for (int i = 0; i < m_wronglyFill.size(); ++i) {
        const bool shown = i < lines().size() && lines()[i]->isVisible();
        m_wronglyFill[i]->setVisible(shown);
        QPainterPath path;
        const QList<QPointF> edge = shown ? downsampleMax(m_wrongly[i], lo, hi, plotColumns()) : QList<QPointF>{};
        bool any = false;
        for (const QPointF& p : edge)
            any = any || p.y() > 0;
        if (any) {
            const auto at = [&](double x, double y) { return chart()->mapToPosition(QPointF(x, y), lines()[i]); };
            path.moveTo(at(edge.front().x(), 0));
            for (const QPointF& p : edge)
                path.lineTo(at(p.x(), p.y()));
            path.lineTo(at(edge.back().x(), 0));
            path.closeSubpath();
        }
        m_wronglyFill[i]->setPath(path.intersected(plot));  // the points beyond the range reach past it
    }
}

QString LaneRejectedChart::lineNote(int line, std::size_t bucket) const
{
    const int lane = laneOfLine(line);
    if (lane < 0)
        return {};
    const std::vector<std::int64_t>& wrongly = input().lane(lane).cluster->wronglyRejectedSeries;
    if (bucket >= wrongly.size())
        return {};
    return tr("%1 wrongly").arg(fmt::ratePerSecond(double(wrongly[bucket]) / input().bucketSeconds()));
}

QString LaneRejectedChart::nothingToShow() const
{
    const ClusterInput& in = input();
    if (!in.valid())
        return {};
    for (int i = 0; i < in.laneCount(); ++i)
        if (in.lane(i).rejectedCost > 0)
            return {};
    return tr("No lane rejected a request.");
}

}  // namespace ratelab
