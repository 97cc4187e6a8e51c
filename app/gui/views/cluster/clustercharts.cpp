#include "app/gui/views/cluster/clustercharts.h"

#include "app/gui/charts/base/chartgrid.h"
#include "app/gui/charts/cluster/collapsiblechart.h"
#include "app/gui/charts/cluster/globalallowedchart.h"
#include "app/gui/charts/cluster/instanceallowedchart.h"
#include "app/gui/charts/cluster/lanerejectedchart.h"
#include "app/gui/charts/cluster/outagedecisionschart.h"
#include "app/gui/charts/cluster/overshootchart.h"

#include <QGraphicsLayout>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>

namespace ratelab {

namespace {
constexpr double kBaseLeftMargin = 6;
// The height a stacked chart needs to stay readable, and a folded one's line: below their sum
// the charts go to tabs.
constexpr int kStackedChartMinHeight = 130;
constexpr int kFoldedChartHeight = 30;
}  // namespace

ClusterCharts::ClusterCharts(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_global = new GlobalAllowedChart(this);
    m_overshoot = new OvershootChart(this);
    m_rejected = new LaneRejectedChart(this);
    m_instances = new InstanceAllowedChart(this);
    m_outage = new OutageDecisionsChart(this);
    m_grid = new ChartGrid(1, QSize(0, 5 * kStackedChartMinHeight), this);
    const QStringList tabs{tr("Global"), tr("Overshoot"), tr("Rejected"), tr("Per instance"), tr("During outages")};
    const QList<ClusterTimeChart*> stacked = all();
    for (int i = 0; i < stacked.size(); ++i) {
        stacked[i]->setMinimumSize(320, 110);
        m_slots.append(new CollapsibleChart(stacked[i], this));
        m_grid->addChart(m_slots.back(), tabs[i]);
    }
    layout->addWidget(m_grid);

    m_alignTimer = new QTimer(this);
    m_alignTimer->setSingleShot(true);
    m_alignTimer->setInterval(50);
    connect(m_alignTimer, &QTimer::timeout, this, &ClusterCharts::alignPlots);
    connect(m_grid, &ChartGrid::compactChanged, this, [this] {
        foldEmptyCharts();
        m_alignTimer->start();
    });
    for (ClusterTimeChart* c : stacked) {
        connect(&c->zoom(), &ChartZoom::requested, this, [this, c](std::optional<std::pair<double, double>> range) {
            for (ClusterTimeChart* other : all())
                if (other != c)
                    other->zoom().setRange(range);
            emit plotsMoved();
        });
        connect(&c->crosshair(), &ChartCrosshair::hovered, this, &ClusterCharts::hovered);
        connect(c->chart(), &QChart::plotAreaChanged, this, [this] {
            emit plotsMoved();
            m_alignTimer->start();
        });
    }
}

QList<ClusterTimeChart*> ClusterCharts::all() const
{
    return {m_global, m_overshoot, m_rejected, m_instances, m_outage};
}

CollapsibleChart* ClusterCharts::slotOf(const ClusterTimeChart* chart) const
{
    for (CollapsibleChart* slot : m_slots)
        if (slot->chart() == chart)
            return slot;
    return nullptr;
}

void ClusterCharts::startRun(const QString& scenario, std::uint64_t seed)
{
    for (ClusterTimeChart* c : all())
        c->exporter().setContext(scenario, seed);
    for (ClusterTimeChart* c : all())
        c->zoom().setRange(std::nullopt);
}

void ClusterCharts::setInput(const ClusterInput& input)
{
    for (ClusterTimeChart* c : all())
        c->setInput(input);
    foldEmptyCharts();
}

void ClusterCharts::alignNow()
{
    for (ClusterTimeChart* c : all())
        c->chart()->layout()->activate();
    alignPlots();
}

void ClusterCharts::alignSoon()
{
    m_alignTimer->start();
}

void ClusterCharts::setDark(bool dark)
{
    for (ClusterTimeChart* c : all())
        c->setDark(dark);
}

void ClusterCharts::setCrosshair(double x)
{
    for (ClusterTimeChart* c : all())
        c->crosshair().setX(x);
}

// Charts with nothing to show in this run fold to one line; the stack then needs less height
// before it goes to tabs, and the x title goes to the lowest chart still shown.
void ClusterCharts::foldEmptyCharts()
{
    int shown = 0;
    ClusterTimeChart* lowest = nullptr;
    for (CollapsibleChart* slot : m_slots) {
        slot->setSentence(slot->chart()->nothingToShow());
        if (!slot->isCollapsed()) {
            ++shown;
            lowest = slot->chart();
        }
    }
    for (ClusterTimeChart* c : all())
        c->setXTitleVisible(m_grid->isCompact() || c == lowest);
    const int folded = int(m_slots.size()) - shown;
    m_grid->setCompactBelow(QSize(0, shown * kStackedChartMinHeight + folded * kFoldedChartHeight));
}

void ClusterCharts::alignPlots()
{
    // One plot-area left edge for the stacked charts (gui-guide.md 5): the widest y labels win.
    // Folded charts keep their last plot area: they neither set the edge nor follow it.
    QList<ClusterTimeChart*> list;
    for (ClusterTimeChart* c : all())
        if (!c->isHidden())
            list.append(c);
    double target = 0;
    QList<double> natural;
    for (ClusterTimeChart* c : list) {
        const double n = c->chart()->plotArea().left() - (c->chart()->margins().left() - kBaseLeftMargin);
        natural.append(n);
        target = std::max(target, n);
    }
    for (int i = 0; i < list.size(); ++i) {
        QMargins m = list[i]->chart()->margins();
        const int left = int(std::lround(kBaseLeftMargin + target - natural[i]));
        if (m.left() == left)
            continue;
        m.setLeft(left);
        list[i]->chart()->setMargins(m);
        list[i]->chart()->layout()->activate();  // the aligned plot area now, for whoever reads it next
    }
    emit plotsMoved();
}

}  // namespace ratelab
