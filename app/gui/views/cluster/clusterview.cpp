#include "app/gui/views/cluster/clusterview.h"

#include "app/gui/canvases/faultstimeline.h"
#include "app/gui/canvases/topologypanel.h"
#include "app/gui/charts/base/legendstrip.h"
#include "app/gui/charts/cluster/globalallowedchart.h"
#include "app/gui/editors/clusterparteditor.h"
#include "app/gui/parts/clusteremptystate.h"
#include "app/gui/parts/topologysummary.h"
#include "app/gui/views/cluster/clustercharts.h"
#include "app/gui/views/cluster/clustersummaryrow.h"
#include "app/models/document/scenarioedits.h"
#include "app/models/plotdata/chartinput.h"
#include "app/models/text/formatting.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QStackedWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace ratelab {

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
    // The topology on the left; the faults timeline over the five time charts on the right.
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
    m_charts = new ClusterCharts(content);
    right->addWidget(m_charts, 1);
    body->addLayout(right, 1);
    layout->addLayout(body, 1);
    m_summary = new ClusterSummaryRow(content);
    layout->addWidget(m_summary);

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
        m_charts->alignSoon();
    });
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
    connect(m_charts, &ClusterCharts::hovered, this, &ClusterView::onHover);
    connect(m_charts, &ClusterCharts::plotsMoved, this, &ClusterView::syncTimeline);
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
    m_charts->startRun(m_input.report ? QString::fromStdString(m_input.report->scenario.name) : QString(),
                       m_input.report ? m_input.report->scenario.seed : 0);
    update();
}

void ClusterView::setDark(bool dark)
{
    m_input.dark = dark;
    m_charts->setDark(dark);
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
    m_summary->setInput(m_input);
    // The timeline's rows and the summary set the charts' height: lay the page out now, so
    // that the charts take their data at their final size rather than again after the layout.
    m_stack->currentWidget()->layout()->activate();
    m_charts->setInput(m_input);
    m_stack->currentWidget()->layout()->activate();
    m_charts->alignNow();
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
    m_charts->alignSoon();
}

void ClusterView::syncTimeline()
{
    const GlobalAllowedChart* global = m_charts->global();
    const QRectF plot = global->chart()->plotArea();
    const QPointF l = m_timeline->mapFrom(this, global->mapTo(this, QPointF(plot.left(), 0)));
    const QPointF r = m_timeline->mapFrom(this, global->mapTo(this, QPointF(plot.right(), 0)));
    m_timeline->setPlotSpan(l.x(), r.x());
    const auto [lo, hi] = m_charts->global()->zoom().currentRange();
    m_timeline->setXRange(lo, hi);
}

void ClusterView::onHover(double x)
{
    m_charts->setCrosshair(x);
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
