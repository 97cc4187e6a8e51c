#include "app/gui/views/clusterview.h"

#include "app/gui/charts/chartgrid.h"
#include "app/gui/charts/chartinput.h"
#include "app/gui/charts/globalallowedchart.h"
#include "app/gui/charts/instanceallowedchart.h"
#include "app/gui/charts/outagedecisionschart.h"
#include "app/gui/charts/overshootchart.h"
#include "app/gui/panels/clusteremptystate.h"
#include "app/gui/panels/faultstimeline.h"
#include "app/gui/panels/topologypanel.h"
#include "app/gui/panels/topologysummary.h"
#include "app/models/formatting.h"

#include <QComboBox>
#include <QFrame>
#include <QGraphicsLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QRegularExpression>
#include <QStackedWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>

namespace ratelab {

namespace {
constexpr double kBaseLeftMargin = 6;
constexpr int kStatCount = 7;
constexpr int kStackedChartMinHeight = 140;
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
void ClusterView::createTopBar(QWidget* content, QVBoxLayout* layout)
{
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Algorithm:"), content));
    m_picker = new QComboBox(content);
    m_picker->setToolTip(tr("The algorithm whose cluster run the view shows (one at a time)"));
    m_picker->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    top->addWidget(m_picker);
    top->addSpacing(12);
    m_description = new QLabel(content);
    m_description->setEnabled(false);  // muted
    m_description->setMinimumWidth(100);
    top->addWidget(m_description, 1);
    layout->addLayout(top);
    m_topologySummary = new TopologySummary(content);
    m_topologySummary->hide();
    layout->addWidget(m_topologySummary);
    connect(m_topologySummary, &TopologySummary::expandedChanged, this, [this](bool expanded) {
        m_topology->setVisible(!m_collapsed || expanded);
        m_alignTimer->start();
    });
}

// The topology on the left; the faults timeline over the four time charts on the right.
QHBoxLayout* ClusterView::createBody(QWidget* content)
{
    auto* body = new QHBoxLayout;
    body->setSpacing(6);
    m_topology = new TopologyPanel(content);
    m_topology->setFixedWidth(300);
    body->addWidget(m_topology);
    auto* right = new QVBoxLayout;
    right->setSpacing(2);
    m_timeline = new FaultsTimeline(content);
    right->addWidget(m_timeline);
    m_global = new GlobalAllowedChart(content);
    m_instances = new InstanceAllowedChart(content);
    m_outage = new OutageDecisionsChart(content);
    m_overshoot = new OvershootChart(content);
    // Stacked on one time axis; in tabs when there is no height for four readable charts.
    auto* grid = new ChartGrid(1, QSize(0, 4 * kStackedChartMinHeight), content);
    const QStringList tabs{tr("Global"), tr("Per instance"), tr("During outages"), tr("Overshoot")};
    const QList<ClusterTimeChart*> stacked = charts();
    for (int i = 0; i < stacked.size(); ++i) {
        stacked[i]->setXTitleVisible(stacked[i] == m_overshoot);
        stacked[i]->setMinimumSize(320, 120);
        grid->addChart(stacked[i], tabs[i]);
    }
    connect(grid, &ChartGrid::compactChanged, this, [this](bool compact) {
        for (ClusterTimeChart* c : charts())
            c->setXTitleVisible(compact || c == m_overshoot);
        m_alignTimer->start();
    });
    right->addWidget(grid, 1);
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
    connect(m_picker, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0 && index != m_input.algorithm) {
            m_input.algorithm = index;
            update();
        }
    });
    for (ClusterTimeChart* c : charts()) {
        connect(c, &ChartView::xRangeRequested, this, [this, c](std::optional<std::pair<double, double>> range) {
            for (ClusterTimeChart* other : charts())
                if (other != c)
                    other->setXRange(range);
            syncTimeline();
        });
        connect(c, &ChartView::hovered, this, &ClusterView::onHover);
        connect(c->chart(), &QChart::plotAreaChanged, this, [this] {
            syncTimeline();
            m_alignTimer->start();
        });
    }
}

QList<ClusterTimeChart*> ClusterView::charts() const
{
    return {m_global, m_instances, m_outage, m_overshoot};
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
        const auto styles = stylesForReport(*m_input.report, m_input.dark);
        for (std::size_t i = 0; i < m_input.report->algorithms.size(); ++i) {
            const QString id = QString::fromStdString(m_input.report->algorithms[i].id);
            m_picker->addItem(palette::swatch(styles[i], m_input.dark), id);
            if (id == previous)
                m_input.algorithm = int(i);
        }
        m_picker->setCurrentIndex(m_input.algorithm);
    }
    for (ClusterTimeChart* c : charts())
        c->setExportContext(m_input.report ? QString::fromStdString(m_input.report->scenario.name) : QString(),
                            m_input.report ? m_input.report->scenario.seed : 0);
    for (ClusterTimeChart* c : charts())
        c->setXRange(std::nullopt);
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
        const auto styles = stylesForReport(*m_input.report, dark);
        for (int i = 0; i < m_picker->count() && std::size_t(i) < styles.size(); ++i)
            m_picker->setItemIcon(i, palette::swatch(styles[std::size_t(i)], dark));
    }
    update();
}

void ClusterView::update()
{
    if (m_input.report && std::size_t(m_input.algorithm) < m_input.report->algorithms.size())
        m_input.style = stylesForReport(*m_input.report, m_input.dark)[std::size_t(m_input.algorithm)];
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
    // Align the plots now rather than on the timer: each layout once the data is in repaints
    // every series, thousands of points on a long run.
    for (ClusterTimeChart* c : charts())
        c->chart()->layout()->activate();
    alignPlots();
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
    const auto [lo, hi] = m_global->currentXRange();
    m_timeline->setXRange(lo, hi);
}

void ClusterView::alignPlots()
{
    // One plot-area left edge for the stacked charts (gui-guide.md 5): the widest y labels win.
    double target = 0;
    QList<double> natural;
    for (ClusterTimeChart* c : charts()) {
        const double n = c->chart()->plotArea().left() - (c->chart()->margins().left() - kBaseLeftMargin);
        natural.append(n);
        target = std::max(target, n);
    }
    const QList<ClusterTimeChart*> list = charts();
    for (int i = 0; i < list.size(); ++i) {
        QMargins m = list[i]->chart()->margins();
        const int left = int(std::lround(kBaseLeftMargin + target - natural[i]));
        if (m.left() != left) {
            m.setLeft(left);
            list[i]->chart()->setMargins(m);
        }
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
        c->setCrosshairX(x);
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
    if (b < a.allowedSeries.size())
        parts << tr("%1 allowed %2")
                     .arg(QString::fromStdString(a.id), fmt::ratePerSecond(double(a.allowedSeries[b]) / bucketSeconds));
    const ClusterStats& s = m_input.stats();
    for (std::size_t i = 0; i < s.instanceAllowedSeries.size(); ++i)
        if (b < s.instanceAllowedSeries[i].size())
            parts << QStringLiteral("%1 %2").arg(clusternames::instance(int(i)),
                                                 fmt::ratePerSecond(double(s.instanceAllowedSeries[i][b]) / bucketSeconds));
    emit readout(parts.join(QStringLiteral("  |  ")));
}

}  // namespace ratelab
