#include "app/gui/charts/cluster/instanceallowedchart.h"

#include "app/gui/charts/cluster/windowticks.h"

namespace ratelab {

InstanceAllowedChart::InstanceAllowedChart(QWidget* parent)
    : ClusterTimeChart(tr("Allowed per instance"), tr("req/s"),
                       {.followsLane = true, .endLabels = true, .stepLabels = false, .emptyNote = {}}, parent),
      m_ticks(std::make_unique<WindowTicks>(chart()))
{
    restyle();
}

InstanceAllowedChart::~InstanceAllowedChart() = default;

void InstanceAllowedChart::build()
{
    const ClusterStats& s = input().stats();
    for (std::size_t i = 0; i < s.instanceAllowedSeries.size(); ++i)
        addLine(clusternames::instance(int(i)), s.instanceAllowedSeries[i],
                linePen(input().style.color, palette::dashForInstance(int(i)), i == 0 ? 2 : 1.6));
    buildWindowTicks();
}

// Only where they tell something: clocks that disagree, and windows aligned on them.
void InstanceAllowedChart::buildWindowTicks()
{
    const ClusterInput& in = input();
    const ClusterStats& s = in.stats();
    bool any = false;
    for (const auto& starts : s.instanceWindowStarts)
        any = any || !starts.empty();
    if (!in.clocksSkewed() || !any) {
        m_ticks->clear();
        setTopReservePx(0);
        return;
    }
    QList<QList<double>> rows;
    QStringList names;
    const double unit = in.secondsPerUnit();
    for (std::size_t i = 0; i < s.instanceWindowStarts.size(); ++i) {
        QList<double> row;
        for (SimTime t : s.instanceWindowStarts[i])
            row.append(double(t) / 1e6 / unit);
        rows.append(row);
        names.append(clusternames::instance(int(i)));
    }
    m_ticks->setRows(rows, names);
    setTopReservePx(m_ticks->heightPx());
}

void InstanceAllowedChart::restyle()
{
    ClusterTimeChart::restyle();
    if (!m_ticks)
        return;  // called from the base's constructor
    QColor tick = palette::textColor(isDark());
    tick.setAlphaF(0.75f);
    m_ticks->restyle(tick, palette::mutedTextColor(isDark()), palette::chartBackground(isDark()), chartLabelFont());
}

void InstanceAllowedChart::layoutOverlays()
{
    ClusterTimeChart::layoutOverlays();
    if (m_ticks)
        m_ticks->layout(chart()->plotArea(), zoom().currentRange().first, zoom().currentRange().second);
}

}  // namespace ratelab
