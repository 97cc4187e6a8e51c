#include "app/gui/views/cluster/clusterview.h"

#include "app/gui/canvases/faultstimeline.h"
#include "app/gui/canvases/topologypanel.h"
#include "app/gui/charts/base/chartgrid.h"
#include "app/gui/charts/base/legendstrip.h"
#include "app/gui/charts/cluster/collapsiblechart.h"
#include "app/gui/charts/cluster/globalallowedchart.h"
#include "app/gui/charts/cluster/instanceallowedchart.h"
#include "app/gui/charts/cluster/lanerejectedchart.h"
#include "app/gui/charts/cluster/outagedecisionschart.h"
#include "app/gui/charts/cluster/overshootchart.h"
#include "app/gui/editors/clusterparteditor.h"
#include "app/gui/parts/clusteremptystate.h"
#include "app/gui/parts/topologysummary.h"
#include "app/models/document/scenarioedits.h"
#include "app/models/plotdata/chartinput.h"
#include "app/models/text/formatting.h"

#include <QComboBox>
#include <QFrame>
#include <QGraphicsLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QRegularExpression>
#include <QStackedWidget>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace ratelab {

namespace {
constexpr double kBaseLeftMargin = 6;
constexpr int kStatCount = 8;
// The height a stacked chart needs to stay readable, and a folded one's line: below their sum
// the charts go to tabs.
constexpr int kStackedChartMinHeight = 130;
constexpr int kFoldedChartHeight = 30;
}  // namespace

ClusterView::ClusterView(QWidget* parent) : QWidget(parent)
{
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    m_stack = new QStackedWidget(this);
    outer->addWidget(m_stack);
    m_empty = new ClusterEmptyState(m_stack);
    m_stack->addWidget(m_empty);
    connect(m_empty, &ClusterEmptyState::exampleRequested, this, &ClusterView::exampleRequested);

    auto* content = new QWidget(m_stack);
    m_stack->addWidget(content);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->setSpacing(4);
    createTopBar(content, layout);
    layout->addLayout(createBody(content), 1);
    layout->addWidget(createSummary(content));

    m_alignTimer = new QTimer(this);
    m_alignTimer->setSingleShot(true);
    m_alignTimer->setInterval(50);
    connect(m_alignTimer, &QTimer::timeout, this, &ClusterView::alignPlots);

    connectSignals();
    m_stack->setCurrentWidget(m_empty);
}

// The algorithm picker and its description, over the topology summary of narrow windows.
void ClusterView::setDraft(ScenarioDraft* draft)
{
    m_draft = draft;
    connect(m_empty, &ClusterEmptyState::addClusterRequested, this, [this] {
        m_draft->apply(scenarioedits::withCluster(m_draft->document()->scenario(), true, m_draft->baseDir()),
                       tr("Add a cluster"));
    });
}

ClusterPartEditor* ClusterView::editPart(TopologyPanel::Part part)
{
    if (part == TopologyPanel::Part::Clients) {
        emit trafficRequested();
        return nullptr;
    }
    if (!m_draft || !m_draft->document()->scenario().cluster)
        return nullptr;
    auto* editor = new ClusterPartEditor(m_draft, part, this);
    const QRect box = m_topology->partRect(part).toAlignedRect();
    editor->move(m_topology->mapToGlobal(box.isEmpty() ? QPoint(0, 0) : QPoint(box.right() + 8, box.top())));
    editor->show();
    return editor;
}

void ClusterView::createTopBar(QWidget* content, QVBoxLayout* layout)
{
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Algorithm:"), content));
    m_picker = new QComboBox(content);
    m_picker->setToolTip(tr("The selected lane: drawn wide where every lane is drawn, and the one the per-instance and "
                            "outage charts, the topology and the summary follow"));
    m_picker->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_picker->setIconSize(QSize(palette::kLineSwatchWidth, palette::kLineSwatchHeight));
    top->addWidget(m_picker);
    top->addSpacing(12);
    m_description = new QLabel(content);
    m_description->setEnabled(false);  // muted
    m_description->setMinimumWidth(100);
    top->addWidget(m_description, 1);
    // The topology's boxes open their editors on a click; this menu opens them from the keyboard.
    auto* edit = new QToolButton(content);
    edit->setText(tr("Edit cluster"));
    edit->setToolTip(tr("Edit a part of the cluster (or click its box on the topology)"));
    edit->setPopupMode(QToolButton::InstantPopup);
    auto* parts = new QMenu(edit);
    for (const auto part :
         {TopologyPanel::Part::Balancer, TopologyPanel::Part::Instances, TopologyPanel::Part::Store, TopologyPanel::Part::Policy})
        parts->addAction(ClusterPartEditor::title(part), this, [this, part] { editPart(part); });
    edit->setMenu(parts);
    top->addWidget(edit);
    layout->addLayout(top);
    m_topologySummary = new TopologySummary(content);
    m_topologySummary->hide();
    layout->addWidget(m_topologySummary);
    connect(m_topologySummary, &TopologySummary::expandedChanged, this, [this](bool expanded) {
        m_topology->setVisible(!m_collapsed || expanded);
        m_alignTimer->start();
    });
}

// The topology on the left; the faults timeline over the five time charts on the right.
QHBoxLayout* ClusterView::createBody(QWidget* content)
{
    auto* body = new QHBoxLayout;
    body->setSpacing(6);
    m_topology = new TopologyPanel(content);
    m_topology->setFixedWidth(300);
    connect(m_topology, &TopologyPanel::partClicked, this, [this](TopologyPanel::Part part) { editPart(part); });
    body->addWidget(m_topology);
    auto* right = new QVBoxLayout;
    right->setSpacing(2);
    m_timeline = new FaultsTimeline(content);
    right->addWidget(m_timeline);
    m_legend = new LegendStrip(content);
    right->addWidget(m_legend);
    m_global = new GlobalAllowedChart(content);
    m_overshoot = new OvershootChart(content);
    m_rejected = new LaneRejectedChart(content);
    m_instances = new InstanceAllowedChart(content);
    m_outage = new OutageDecisionsChart(content);
    // Stacked on one time axis; in tabs when there is no height for them all to be readable.
    m_grid = new ChartGrid(1, QSize(0, 5 * kStackedChartMinHeight), content);
    const QStringList tabs{tr("Global"), tr("Overshoot"), tr("Rejected"), tr("Per instance"), tr("During outages")};
    const QList<ClusterTimeChart*> stacked = charts();
    for (int i = 0; i < stacked.size(); ++i) {
        stacked[i]->setMinimumSize(320, 110);
        m_slots.append(new CollapsibleChart(stacked[i], content));
        m_grid->addChart(m_slots.back(), tabs[i]);
    }
    connect(m_grid, &ChartGrid::compactChanged, this, [this] {
        foldEmptyCharts();
        m_alignTimer->start();
    });
    right->addWidget(m_grid, 1);
    body->addLayout(right, 1);
    return body;
}

// The run's numbers in a row of separated cells.
QFrame* ClusterView::createSummary(QWidget* content)
{
    auto* summary = new QFrame(content);
    summary->setFrameShape(QFrame::StyledPanel);
    auto* row = new QHBoxLayout(summary);
    row->setContentsMargins(8, 4, 8, 4);
    for (int i = 0; i < kStatCount; ++i) {
        if (i > 0) {
            auto* sep = new QFrame(summary);
            sep->setFrameShape(QFrame::VLine);
            sep->setFrameShadow(QFrame::Sunken);
            row->addWidget(sep);
        }
        auto* label = new QLabel(summary);
        label->setTextFormat(Qt::RichText);
        row->addWidget(label, 1);
        m_stats.append(label);
    }
    return summary;
}

// The picker selects the lane; each chart's zoom, hover and plot area reach the others.
void ClusterView::connectSignals()
{
    connect(m_legend, &LegendStrip::hiddenChanged, this, [this](const QSet<QString>& hidden) {
        m_input.hiddenLanes = hidden;
        update();
    });
    connect(m_picker, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0 && index != m_input.algorithm) {
            m_input.algorithm = index;
            update();
        }
    });
    for (ClusterTimeChart* c : charts()) {
        connect(&c->zoom(), &ChartZoom::requested, this, [this, c](std::optional<std::pair<double, double>> range) {
            for (ClusterTimeChart* other : charts())
                if (other != c)
                    other->zoom().setRange(range);
            syncTimeline();
        });
        connect(&c->crosshair(), &ChartCrosshair::hovered, this, &ClusterView::onHover);
        connect(c->chart(), &QChart::plotAreaChanged, this, [this] {
            syncTimeline();
            m_alignTimer->start();
        });
    }
}

// The lanes in the strip, keeping the ones hidden that are still there.
void ClusterView::updateLegend()
{
    QStringList ids;
    if (m_input.report)
        for (const AlgorithmReport& a : m_input.report->algorithms)
            ids << QString::fromStdString(a.id);
    const QSignalBlocker block(m_legend);
    m_legend->setEntries(
        ids, m_input.report ? laneStylesForReport(*m_input.report, m_input.dark) : std::vector<palette::SeriesStyle>{},
        m_input.dark);
    m_input.hiddenLanes = m_legend->hidden();
}

QList<ClusterTimeChart*> ClusterView::charts() const
{
    return {m_global, m_overshoot, m_rejected, m_instances, m_outage};
}

CollapsibleChart* ClusterView::slotOf(const ClusterTimeChart* chart) const
{
    for (CollapsibleChart* slot : m_slots)
        if (slot->chart() == chart)
            return slot;
    return nullptr;
}

bool ClusterView::hasCluster() const
{
    return m_input.valid();
}

void ClusterView::setRun(std::shared_ptr<const Report> report, std::shared_ptr<const Scenario> scenario)
{
    const QString previous = m_input.valid() ? QString::fromStdString(m_input.algo().id) : QString();
    m_input.report = std::move(report);
    m_input.scenario = std::move(scenario);
    m_input.algorithm = 0;
    const QSignalBlocker block(m_picker);
    m_picker->clear();
    if (m_input.report) {
        const auto styles = laneStylesForReport(*m_input.report, m_input.dark);
        for (std::size_t i = 0; i < m_input.report->algorithms.size(); ++i) {
            const QString id = QString::fromStdString(m_input.report->algorithms[i].id);
            m_picker->addItem(palette::lineSwatch(styles[i], m_input.dark), id);
            if (id == previous)
                m_input.algorithm = int(i);
        }
        m_picker->setCurrentIndex(m_input.algorithm);
    }
    updateLegend();
    for (ClusterTimeChart* c : charts())
        c->exporter().setContext(m_input.report ? QString::fromStdString(m_input.report->scenario.name) : QString(),
                                 m_input.report ? m_input.report->scenario.seed : 0);
    for (ClusterTimeChart* c : charts())
        c->zoom().setRange(std::nullopt);
    update();
}

void ClusterView::setAlgorithm(int index)
{
    m_picker->setCurrentIndex(index);
}

void ClusterView::setDark(bool dark)
{
    m_input.dark = dark;
    for (ClusterTimeChart* c : charts())
        c->setDark(dark);
    if (m_input.report) {
        const auto styles = laneStylesForReport(*m_input.report, dark);
        for (int i = 0; i < m_picker->count() && std::size_t(i) < styles.size(); ++i)
            m_picker->setItemIcon(i, palette::lineSwatch(styles[std::size_t(i)], dark));
    }
    updateLegend();
    update();
}

void ClusterView::update()
{
    if (m_input.report) {
        m_input.styles = laneStylesForReport(*m_input.report, m_input.dark);
        if (std::size_t(m_input.algorithm) < m_input.styles.size())
            m_input.style = m_input.styles[std::size_t(m_input.algorithm)];
    }
    if (!m_input.valid()) {
        m_stack->setCurrentWidget(m_empty);
        return;
    }
    m_stack->setCurrentIndex(1);
    m_description->setText(QString::fromStdString(m_input.report->scenario.name));
    m_description->setToolTip(QString::fromStdString(m_input.scenario->description));
    m_topology->setInput(m_input);
    m_topologySummary->setInput(m_input);
    m_timeline->setInput(m_input);
    updateSummary();
    // The timeline's rows and the summary set the charts' height: lay the page out now, so
    // that the charts take their data at their final size rather than again after the layout.
    m_stack->currentWidget()->layout()->activate();
    for (ClusterTimeChart* c : charts())
        c->setInput(m_input);
    foldEmptyCharts();
    m_stack->currentWidget()->layout()->activate();
    // Align the plots now rather than on the timer: each layout once the data is in repaints
    // every series, thousands of points on a long run.
    for (ClusterTimeChart* c : charts())
        c->chart()->layout()->activate();
    alignPlots();
}

// Charts with nothing to show in this run fold to one line; the stack then needs less height
// before it goes to tabs, and the x title goes to the lowest chart still shown.
void ClusterView::foldEmptyCharts()
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
    for (ClusterTimeChart* c : charts())
        c->setXTitleVisible(m_grid->isCompact() || c == lowest);
    const int folded = int(m_slots.size()) - shown;
    m_grid->setCompactBelow(QSize(0, shown * kStackedChartMinHeight + folded * kFoldedChartHeight));
}

void ClusterView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    setCollapsed(window()->width() < kCollapseTopologyBelowPx);
}

// Only on crossing the threshold: the row starts folded, whatever was expanded before.
void ClusterView::setCollapsed(bool collapsed)
{
    if (collapsed == m_collapsed)
        return;
    m_collapsed = collapsed;
    m_topologySummary->setExpanded(false);
    m_topologySummary->setVisible(collapsed);
    m_topology->setVisible(!collapsed);
    m_alignTimer->start();
}

void ClusterView::syncTimeline()
{
    const QRectF plot = m_global->chart()->plotArea();
    const QPointF l = m_timeline->mapFrom(this, m_global->mapTo(this, QPointF(plot.left(), 0)));
    const QPointF r = m_timeline->mapFrom(this, m_global->mapTo(this, QPointF(plot.right(), 0)));
    m_timeline->setPlotSpan(l.x(), r.x());
    const auto [lo, hi] = m_global->zoom().currentRange();
    m_timeline->setXRange(lo, hi);
}

void ClusterView::alignPlots()
{
    // One plot-area left edge for the stacked charts (gui-guide.md 5): the widest y labels win.
    // Folded charts keep their last plot area: they neither set the edge nor follow it.
    QList<ClusterTimeChart*> list;
    for (ClusterTimeChart* c : charts())
        if (!c->isHidden())
            list.append(c);
    double target = 0;
    QList<double> natural;
    for (ClusterTimeChart* c : list)
        target = std::max(target,
                          natural.emplace_back(c->chart()->plotArea().left() - (c->chart()->margins().left() - kBaseLeftMargin)));
    for (int i = 0; i < list.size(); ++i) {
        QMargins m = list[i]->chart()->margins();
        const int left = int(std::lround(kBaseLeftMargin + target - natural[i]));
        if (m.left() == left)
            continue;
        m.setLeft(left);
        list[i]->chart()->setMargins(m);
        list[i]->chart()->layout()->activate();  // the aligned plot area now, for whoever reads it next
    }
    syncTimeline();
}

void ClusterView::updateSummary()
{
    const AlgorithmReport& a = m_input.algo();
    const ClusterStats& s = m_input.stats();
    const auto stat = [](const QString& caption, const QString& value, const QString& tip) {
        return std::make_pair(QStringLiteral("<span style='font-size:small'>%1</span><br><b>%2</b>").arg(caption, value), tip);
    };
    const double overshootShare = a.allowedCost > 0 ? double(s.globalLimitOvershoot) / double(a.allowedCost) : 0;
    const std::int64_t backend =
        m_input.scenario->placement == Placement::After ? a.backend.limiterAfter : a.backend.limiterBefore;
    const QList<std::pair<QString, QString>> items{
        stat(tr("overshoot"), tr("%1 req (%2)").arg(fmt::exact(s.globalLimitOvershoot), fmt::share(overshootShare)),
             tr("Admitted cost that one exact limiter of the same algorithm, fed in true time, would have refused; "
                "share of all allowed")),
        stat(tr("wrongly rejected"),
             tr("%1 req (%2)")
                 .arg(fmt::exact(s.wronglyRejected),
                      fmt::share(a.rejectedCost > 0 ? double(s.wronglyRejected) / double(a.rejectedCost) : 0)),
             tr("Rejected cost that one exact limiter of the same algorithm, deciding every request in true time, admitted (a "
                "clock that "
                "stepped back, windows that disagree, a store that failed closed); share of all rejected")),
        stat(tr("allowed during outage"), fmt::exact(s.allowedDuringOutage),
             tr("Requests the failure policy (%1) let through while the store failed or the breaker was open")
                 .arg(QString::fromStdString(s.policy))),
        stat(tr("rejected during outage"), fmt::exact(s.rejectedDuringOutage), tr("Requests the failure policy refused")),
        stat(tr("round trips / decision"), QString::number(s.roundTripsPerDecision, 'f', 2),
             tr("%1 in all; %2")
                 .arg(fmt::count(s.storeRoundTrips, "store round trip"), fmt::count(s.storeFailures, "store failure"))),
        stat(tr("CAS retries"), tr("%1 (%2 exhausted)").arg(fmt::exact(s.casRetries), fmt::exact(s.casExhausted)),
             tr("CAS writes that found the key changed; requests refused after the last attempt")),
        stat(tr("p99 decision latency"), fmt::duration(s.decisionLatencyP99),
             tr("From arrival to decision: p50 %1, max %2; %3 waited beyond one round trip")
                 .arg(fmt::duration(s.decisionLatencyP50), fmt::duration(s.decisionLatencyMax),
                      fmt::count(s.waitedOnStore, "request"))),
        stat(tr("backend load"), tr("%1 req").arg(fmt::exact(backend)),
             tr("Cost the backend processes with the limiter %1 it (before: %2, after: %3)")
                 .arg(m_input.scenario->placement == Placement::After ? tr("after") : tr("before"),
                      fmt::exact(a.backend.limiterBefore), fmt::exact(a.backend.limiterAfter))),
    };
    for (int i = 0; i < m_stats.size() && i < items.size(); ++i) {
        m_stats[i]->setText(items[i].first);
        m_stats[i]->setToolTip(items[i].second);
    }
}

QString ClusterView::summaryText() const
{
    QStringList parts;
    for (QLabel* l : m_stats) {
        QString t = l->text();
        t.replace(QStringLiteral("<br>"), QStringLiteral(" "));
        t.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
        parts << t;
    }
    return parts.join(QStringLiteral(" | "));
}

void ClusterView::onHover(double x)
{
    for (ClusterTimeChart* c : charts())
        c->crosshair().setX(x);
    m_timeline->setCursorX(x);
    if (!m_input.valid() || !std::isfinite(x)) {
        m_topology->setCursorUs(std::numeric_limits<double>::quiet_NaN());
        emit readout(QString());
        return;
    }
    const double us = x * m_input.secondsPerUnit() * 1e6;
    m_topology->setCursorUs(us);
    const double bucketSeconds = m_input.bucketSeconds();
    const auto b = std::size_t(std::max(0.0, us / 1e6 / bucketSeconds));
    const AlgorithmReport& a = m_input.algo();
    QStringList parts{QStringLiteral("t = %1").arg(fmt::simTime(qint64(us)))};
    const ClusterStats& s = m_input.stats();
    if (b < s.allowedByArrival.size())
        parts << tr("%1 allowed %2")
                     .arg(QString::fromStdString(a.id), fmt::ratePerSecond(double(s.allowedByArrival[b]) / bucketSeconds));
    for (std::size_t i = 0; i < s.instanceAllowedSeries.size(); ++i)
        if (b < s.instanceAllowedSeries[i].size())
            parts << QStringLiteral("%1 %2").arg(clusternames::instance(int(i)),
                                                 fmt::ratePerSecond(double(s.instanceAllowedSeries[i][b]) / bucketSeconds));
    emit readout(parts.join(QStringLiteral("  |  ")));
}

}  // namespace ratelab
