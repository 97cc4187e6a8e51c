#include "app/gui/views/compare/compareview.h"

#include "app/gui/charts/base/chartgrid.h"
#include "app/gui/charts/base/legendstrip.h"
#include "app/gui/charts/compare/allowedchart.h"
#include "app/gui/charts/compare/burstchart.h"
#include "app/gui/parts/countsselector.h"
#include "app/gui/parts/redischeckbar.h"
#include "app/gui/views/compare/comparebar.h"
#include "app/gui/views/compare/comparecharts.h"
#include "app/gui/views/compare/comparetables.h"
#include "app/models/jobs/comparecounting.h"
#include "app/models/plotdata/comparecounts.h"
#include "app/models/tables/reportmodel.h"

#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>

namespace ratelab {

CompareView::CompareView(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->setSpacing(4);

    m_bar = new CompareBar(this);
    layout->addWidget(m_bar);
    m_charts = new CompareCharts(m_input, this);
    m_tables = new CompareTables(this);
    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->addWidget(m_charts->grid());
    m_splitter->addWidget(m_tables);
    m_splitter->setStretchFactor(0, 4);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setChildrenCollapsible(false);
    layout->addWidget(m_splitter, 1);

    connectParts();
    connectCounting();
    setDark(false);
}

void CompareView::connectParts()
{
    connect(m_bar->pinButton(), &QToolButton::toggled, this, &CompareView::setPinned);
    connect(m_tables, &CompareTables::rowActivated, this, &CompareView::learnOnBurst);
    connect(m_tables, &CompareTables::definitionRequested, this, &CompareView::definitionRequested);
    connect(m_charts->burst(), &BarsChart::barDoubleClicked, this, &CompareView::learnOnBurst);
    connect(m_charts->burst(), &BarsChart::barClicked, this, &CompareView::zoomToBurst);
    connect(m_charts, &CompareCharts::staged, this, &CompareView::checkReady);
    connect(m_charts, &CompareCharts::allowedShown, this, &CompareView::showRange);  // the range is chart A's
    connect(m_charts, &CompareCharts::rangeChanged, this, &CompareView::rangeChanged);
    connect(&m_charts->allowed()->crosshair(), &ChartCrosshair::hovered, this,
            [this](double x) { emit readout(m_charts->allowed()->readoutAt(x)); });

    connect(m_bar->legend(), &LegendStrip::hiddenChanged, this, [this](const QSet<QString>& hidden) {
        m_input.hidden = hidden;
        m_tables->model()->setHiddenIds(hidden);
        m_charts->updateAll();
    });
    CountsSelector* selector = m_bar->selector();
    connect(selector, &CountsSelector::modeChanged, this, [this, selector] { m_charts->allowed()->setMode(selector->mode()); });
    connect(selector, &CountsSelector::stripsChanged, this,
            [this, selector] { m_charts->allowed()->setStrips(selector->strips()); });
    connect(selector, &CountsSelector::keyChanged, this, &CompareView::updateCounts);
    connect(selector, &CountsSelector::bucketChanged, this, &CompareView::updateCounts);
}

void CompareView::connectCounting()
{
    m_counting = new CompareCounting(this);
    connect(m_counting, &CompareCounting::statusChanged, m_bar->selector(), &CountsSelector::setStatus);
    connect(m_counting, &CompareCounting::keysListed, m_bar->selector(), &CountsSelector::setKeys);
    connect(m_counting, &CompareCounting::countsChanged, this, [this] {
        m_input.counts = m_counting->counts();
        m_charts->showCounts();
    });
    connect(m_counting, &CompareCounting::idle, this, &CompareView::checkReady);
}

void CompareView::setReport(std::shared_ptr<const Report> report, std::shared_ptr<const Scenario> scenario,
                            const QString& scenarioName, quint64 seed)
{
    m_input.report = report;
    m_bar->redisCheck()->setScenario(scenario);
    m_input.styles = report ? stylesForReport(*report, m_dark) : std::vector<palette::SeriesStyle>{};
    m_counting->setRun(report, std::move(scenario));
    m_input.counts = m_counting->counts();
    const QStringList ids = report ? algorithmIds(*report) : QStringList{};
    m_bar->legend()->setEntries(ids, m_input.styles, m_dark);
    m_input.hidden = m_bar->legend()->hidden();
    if (report) {
        const std::optional<std::size_t> log = exactLogLane(*report);
        m_bar->selector()->setRun(report->bucketUs, report->scenario.durationUs,
                                  log ? std::optional(ids[qsizetype(*log)]) : std::nullopt);
    }
    m_tables->setReport(report, m_input.hidden);
    m_charts->setContext(scenarioName, seed);
    // Room for the tables' rows under the charts; sized before the charts take their data, so
    // that they lay it out once, at their final size.
    const int tableHeight = m_tables->wantedHeight();
    const int total = m_splitter->height();
    if (total > tableHeight + 300)
        m_splitter->setSizes({total - tableHeight, tableHeight});
    m_counting->start(selection());  // the busiest keys, and counts if the selection needs them
    m_charts->stage();
}

void CompareView::setDark(bool dark)
{
    m_dark = dark;
    if (m_input.report) {
        m_input.styles = stylesForReport(*m_input.report, dark);
        m_bar->legend()->setEntries(algorithmIds(*m_input.report), m_input.styles, dark);
    }
    m_tables->model()->setDark(dark);
    m_bar->redisCheck()->setDark(dark);
    m_charts->setDark(dark);
    m_charts->updateAll();
}

void CompareView::setPinned(bool pinned)
{
    pinned = pinned && m_input.report;
    m_input.pinnedReport = pinned ? m_input.report : nullptr;
    m_input.pinnedCounts = pinned ? m_input.counts : nullptr;
    m_bar->showPinned(pinned ? std::optional<quint64>(m_input.report->scenario.seed) : std::nullopt);
    m_tables->model()->setPinned(m_input.pinnedReport);
    m_charts->stage();
}

bool CompareView::isReady() const
{
    return !m_charts->isStaging() && !m_counting->isRunning();
}

void CompareView::checkReady()
{
    if (isReady())
        emit ready();
}

void CompareView::zoomTo(SimTime fromUs, SimTime toUs)
{
    m_charts->zoomTo(fromUs, toUs);
}

// A click on burst bar i: chart A zooms to the window of the peak burst it shows.
void CompareView::zoomToBurst(int i)
{
    const std::optional<PeakBurst> peak = m_charts->burst()->shownPeak(i);
    if (!m_input.report || !peak)
        return;
    zoomTo(peak->atUs - 2 * peak->windowUs, peak->atUs + peak->windowUs);
    emit burstSelected(QString::fromStdString(m_input.report->algorithms[std::size_t(i)].id), QString::fromStdString(peak->key),
                       peak->atUs);
}

// Learn on algorithm i's peak burst shown in B: its key, at its time.
void CompareView::learnOnBurst(int i)
{
    const std::optional<PeakBurst> peak = m_charts->burst()->shownPeak(i);
    if (m_input.report && peak && !peak->key.empty())
        emit learnRequested(QString::fromStdString(m_input.report->algorithms[std::size_t(i)].id),
                            QString::fromStdString(peak->key), peak->atUs);
}

void CompareView::showRange()
{
    m_bar->showRange(m_input.report.get(), m_charts->allowed()->zoom().currentRange());
}

// Chart A's x range changed (zoom, pan, reset, a burst bar): B follows it.
void CompareView::rangeChanged()
{
    showRange();
    if (!m_input.report)
        return;
    m_input.rangeUs = m_charts->rangeUs();
    updateCounts();
}

CountsSelection CompareView::selection() const
{
    return {m_bar->selector()->key(), m_bar->selector()->bucketUs(), m_input.rangeUs.has_value()};
}

// A and B take the counts the selection needs: those at hand, the report's, or, once counted,
// new ones (until then they keep what they show).
void CompareView::updateCounts()
{
    if (!m_input.report)
        return;
    m_counting->select(selection());
    m_input.counts = m_counting->counts();
    if (!m_charts->isStaging())  // else staging hands them the input
        m_charts->showCounts();
}

}  // namespace ratelab
