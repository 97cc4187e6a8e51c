#include "app/gui/views/compare/compareview.h"

#include "app/gui/charts/base/chartgrid.h"
#include "app/gui/charts/base/legendstrip.h"
#include "app/gui/charts/base/niceaxis.h"
#include "app/gui/charts/compare/allowedchart.h"
#include "app/gui/charts/compare/backendchart.h"
#include "app/gui/charts/compare/burstchart.h"
#include "app/gui/charts/compare/delaychart.h"
#include "app/gui/charts/compare/statechart.h"
#include "app/gui/parts/countsselector.h"
#include "app/gui/parts/redischeckbar.h"
#include "app/models/jobs/bucketcountscontroller.h"
#include "app/models/plotdata/comparecounts.h"
#include "app/models/tables/endpointsharesmodel.h"
#include "app/models/tables/reportmodel.h"
#include "app/models/text/formatting.h"

#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace ratelab {

CompareView::CompareView(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->setSpacing(4);

    layout->addLayout(createTopBar());

    m_allowed = new AllowedChart(this);
    m_burst = new BurstChart(this);
    m_state = new StateChart(this);
    m_delay = new DelayChart(this);
    m_backend = new BackendChart(this);
    m_slotD = new QStackedWidget(this);
    m_slotD->addWidget(m_delay);
    m_slotD->addWidget(m_backend);
    m_grid = new ChartGrid(2, QSize(kCompactBelowPx, 0), this);
    m_grid->addChart(m_allowed, tr("A Allowed"));
    m_grid->addChart(m_burst, tr("B Peak burst"));
    m_grid->addChart(m_state, tr("C State"));
    m_grid->addChart(m_slotD, tr("D Delay"));
    for (ChartView* c : allCharts())
        c->setMinimumSize(320, 200);

    createTable();

    // The summary table, and beside it the breakdown by endpoint when the scenario has several.
    m_tables = new QSplitter(Qt::Horizontal, this);
    m_tables->addWidget(m_table);
    m_tables->addWidget(m_endpointTable);
    m_tables->setStretchFactor(0, 3);
    m_tables->setStretchFactor(1, 1);
    m_tables->setChildrenCollapsible(false);
    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->addWidget(m_grid);
    m_splitter->addWidget(m_tables);
    m_splitter->setStretchFactor(0, 4);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setChildrenCollapsible(false);
    m_table->setMinimumHeight(90);
    layout->addWidget(m_splitter, 1);

    connectSignals();
    setDark(false);
}

QLayout* CompareView::createTopBar()
{
    auto* bar = new QVBoxLayout;
    bar->setSpacing(2);
    m_legend = new LegendStrip(this);
    bar->addWidget(m_legend);
    auto* controls = new QHBoxLayout;
    m_selector = new CountsSelector(this);
    controls->addWidget(m_selector, 1);
    m_pin = new QToolButton(this);
    m_pin->setText(tr("Pin run"));
    m_pin->setCheckable(true);
    m_pin->setToolTip(tr("Keep this run to compare the next ones against (a change of parameter, seed or algorithm): "
                         "its lines faint in chart A, where the key and bucket are the same, and each figure's "
                         "change in the table"));
    controls->addWidget(m_pin);
    m_check = new RedisCheckBar(this);  // its action is in the Run menu, its line under these controls
    m_rangeLabel = new QLabel(this);
    m_rangeLabel->setToolTip(tr("Drag on chart A to zoom, wheel to zoom around the mouse, double-click to reset"));
    controls->addWidget(m_rangeLabel);
    bar->addLayout(controls);
    bar->addWidget(m_check->status());
    return bar;
}

void CompareView::createTable()
{
    m_model = new ReportModel(this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(ReportModel::SortRole);
    m_table = new QTableView(this);
    m_table->setAccessibleName(tr("Summary table"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder);  // scenario order until a header is clicked
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setHighlightSections(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_table->setIconSize(QSize(palette::kLineSwatchWidth, palette::kLineSwatchHeight));
    m_table->setToolTip(tr("Double-click a row to follow its peak burst's key in the Learn view; "
                           "F1 on a column shows its metric's definition"));
    m_table->installEventFilter(this);

    m_endpointModel = new EndpointSharesModel(this);
    m_endpointTable = new QTableView(this);
    m_endpointTable->setAccessibleName(tr("Acceptance per endpoint"));
    m_endpointTable->setModel(m_endpointModel);
    m_endpointTable->setAlternatingRowColors(true);
    m_endpointTable->verticalHeader()->hide();
    m_endpointTable->horizontalHeader()->setHighlightSections(false);
    m_endpointTable->horizontalHeader()->setStretchLastSection(true);
    m_endpointTable->setWordWrap(false);
    m_endpointTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_endpointTable->setSelectionMode(QAbstractItemView::NoSelection);
    m_endpointTable->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_endpointTable->hide();
}

void CompareView::setPinned(bool pinned)
{
    pinned = pinned && m_input.report;
    m_input.pinnedReport = pinned ? m_input.report : nullptr;
    m_input.pinnedCounts = pinned ? m_input.counts : nullptr;
    const QSignalBlocker block(m_pin);
    m_pin->setChecked(pinned);
    m_pin->setText(pinned ? tr("Pinned: seed %1").arg(m_input.report->scenario.seed) : tr("Pin run"));
    m_model->setPinned(m_input.pinnedReport);
    stageCharts();
}

// Learn on algorithm i's peak burst shown in B: its key, at its time.
void CompareView::learnOnBurst(int i)
{
    const std::optional<PeakBurst> peak = m_burst->shownPeak(i);
    if (m_input.report && peak && !peak->key.empty())
        emit learnRequested(QString::fromStdString(m_input.report->algorithms[std::size_t(i)].id),
                            QString::fromStdString(peak->key), peak->atUs);
}

void CompareView::connectSignals()
{
    connect(m_pin, &QToolButton::toggled, this, &CompareView::setPinned);
    connect(m_table, &QTableView::doubleClicked, this,
            [this](const QModelIndex& index) { learnOnBurst(m_proxy->mapToSource(index).row()); });
    connect(m_burst, &BarsChart::barDoubleClicked, this, &CompareView::learnOnBurst);
    m_staging.setSingleShot(true);
    m_staging.setInterval(0);
    connect(&m_staging, &QTimer::timeout, this, [this] {
        applyInput(m_nextStaged++);
        if (m_nextStaged >= kChartCount)
            checkReady();
        else
            m_staging.start();
    });

    connect(m_legend, &LegendStrip::hiddenChanged, this, [this](const QSet<QString>& hidden) {
        m_input.hidden = hidden;
        m_model->setHiddenIds(hidden);
        updateCharts();
    });
    connect(m_selector, &CountsSelector::modeChanged, this, [this] { m_allowed->setMode(m_selector->mode()); });
    connect(m_selector, &CountsSelector::stripsChanged, this, [this] { m_allowed->setStrips(m_selector->strips()); });
    connect(m_selector, &CountsSelector::keyChanged, this, &CompareView::updateCounts);
    connect(m_selector, &CountsSelector::bucketChanged, this, &CompareView::updateCounts);
    connect(&m_allowed->zoom(), &ChartZoom::requested, this, &CompareView::rangeChanged);
    connect(&m_allowed->crosshair(), &ChartCrosshair::hovered, this, [this](double x) { emit readout(m_allowed->readoutAt(x)); });
    connect(m_burst, &BarsChart::barClicked, this, &CompareView::zoomToBurst);
    connectCounting();
}

void CompareView::connectCounting()
{
    m_counts = new BucketCountsController(this);
    connect(m_counts, &BucketCountsController::progress, this,
            [this](quint64, int permille, const QString&) { m_selector->setStatus(tr("counting… %1%").arg(permille / 10)); });
    connect(m_counts, &BucketCountsController::finished, this,
            [this](quint64, std::shared_ptr<const CountsResult> result) { onCounted(*result); });
    connect(m_counts, &BucketCountsController::failed, this,
            [this](quint64, const QString& message) { m_selector->setStatus(tr("Cannot count: %1").arg(message), true); });
    connect(m_counts, &BucketCountsController::cancelled, this, [this] { m_selector->setStatus(QString()); });
    // After the last job's delivery: the view is ready once nothing counts.
    connect(m_counts, &BucketCountsController::runningChanged, this, [this](bool running) {
        if (!running)
            checkReady();
    });
}

bool CompareView::isReady() const
{
    return m_nextStaged >= kChartCount && !m_counts->isRunning();
}

void CompareView::checkReady()
{
    if (isReady())
        emit ready();
}

// Chart A's x range changed (zoom, pan, reset, a burst bar): B follows it.
void CompareView::rangeChanged()
{
    updateRangeLabel();
    if (!m_input.report)
        return;
    const auto [lo, hi] = m_allowed->zoom().currentRange();
    m_backend->zoom().setRange(std::make_pair(lo, hi));  // D shares A's time axis when it shows the backend
    const double unit = fmt::timeScaleFor(double(m_input.report->scenario.durationUs) / 1e6).secondsPerUnit;
    const auto from = SimTime(std::llround(lo * unit * 1e6));
    const auto to = SimTime(std::llround(hi * unit * 1e6));
    if (from <= 0 && to >= m_input.report->scenario.durationUs)
        m_input.rangeUs.reset();
    else
        m_input.rangeUs = std::make_pair(from, to);
    updateCounts();
}

void CompareView::zoomTo(SimTime fromUs, SimTime toUs)
{
    if (!m_input.report)
        return;
    const double unit = fmt::timeScaleFor(double(m_input.report->scenario.durationUs) / 1e6).secondsPerUnit;
    m_allowed->zoom().setRange(std::make_pair(double(fromUs) / 1e6 / unit, double(toUs) / 1e6 / unit));
    rangeChanged();
}

// A click on burst bar i: chart A zooms to the window of the peak burst it shows.
void CompareView::zoomToBurst(int i)
{
    const std::optional<PeakBurst> peak = m_burst->shownPeak(i);
    if (!m_input.report || !peak)
        return;
    zoomTo(peak->atUs - 2 * peak->windowUs, peak->atUs + peak->windowUs);
    emit burstSelected(QString::fromStdString(m_input.report->algorithms[std::size_t(i)].id), QString::fromStdString(peak->key),
                       peak->atUs);
}

bool CompareView::eventFilter(QObject* watched, QEvent* event)
{
    const bool f1 = (event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress)
        && static_cast<QKeyEvent*>(event)->key() == Qt::Key_F1;
    if (watched != m_table || !f1)
        return QWidget::eventFilter(watched, event);
    event->accept();  // an override taken here is not the window's F1 (the whole documentation)
    if (event->type() == QEvent::KeyPress) {
        const QString phrase = ReportModel::definitionPhrase(m_table->currentIndex().column());
        emit definitionRequested(QStringLiteral("report"), phrase);
    }
    return event->type() == QEvent::KeyPress;
}

QList<ChartView*> CompareView::allCharts() const
{
    return {m_allowed, m_burst, m_state, m_delay, m_backend};
}

QList<ChartView*> CompareView::charts() const
{
    ChartView* d = BackendChart::applies(m_input.report.get()) ? static_cast<ChartView*>(m_backend) : m_delay;
    return {m_allowed, m_burst, m_state, d};
}

void CompareView::setReport(std::shared_ptr<const Report> report, std::shared_ptr<const Scenario> scenario,
                            const QString& scenarioName, quint64 seed)
{
    m_input.report = report;
    m_scenario = std::move(scenario);
    m_check->setScenario(m_scenario);
    m_input.styles = report ? stylesForReport(*report, m_dark) : std::vector<palette::SeriesStyle>{};
    m_reportCounts = report ? std::make_shared<const BucketCounts>(countsOfReport(*report)) : nullptr;
    m_input.counts = m_reportCounts;
    m_keysListed = false;
    QStringList ids;
    if (report)
        for (const AlgorithmReport& a : report->algorithms)
            ids << QString::fromStdString(a.id);
    m_legend->setEntries(ids, m_input.styles, m_dark);
    m_input.hidden = m_legend->hidden();
    if (report) {
        const std::optional<std::size_t> log = exactLogLane(*report);
        m_selector->setRun(report->bucketUs, report->scenario.durationUs,
                           log ? std::optional(ids[qsizetype(*log)]) : std::nullopt);
    }
    m_model->setReport(report);
    m_model->setHiddenIds(m_input.hidden);
    m_endpointModel->setReport(report);
    layoutTable(scenarioName, seed);
    if (report && m_scenario)
        startCounting(!countsFit(*m_reportCounts));  // the busiest keys, and counts if the selection needs them
    stageCharts();
}

void CompareView::layoutTable(const QString& scenarioName, quint64 seed)
{
    // Never-admissible requests are a flag: the column shows only when some algorithm has them.
    bool neverAdmissible = false;
    if (m_input.report)
        for (const AlgorithmReport& a : m_input.report->algorithms)
            neverAdmissible = neverAdmissible || a.neverAdmissible > 0;
    m_table->setColumnHidden(ReportModel::NeverAdmissible, !neverAdmissible);
    // A column no algorithm has a value in (no preset, no shaper, no cluster, no backend) is
    // hidden, so that the figures that are there fit.
    for (int column = ReportModel::Preset; column < ReportModel::ColumnCount; ++column) {
        if (column == ReportModel::NeverAdmissible)
            continue;
        bool any = false;
        if (m_input.report)
            for (const AlgorithmReport& a : m_input.report->algorithms)
                any = any || ReportModel::rawValue(a, column).isValid();
        m_table->setColumnHidden(column, !any);
    }
    for (ChartView* c : charts())
        c->exporter().setContext(scenarioName, seed);
    m_table->resizeColumnsToContents();
    // A hidden column leaves the header's stretch on a stale last section: set it again.
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    // The breakdown as wide as its columns (every share whole), the summary table the rest.
    m_endpointTable->setVisible(m_endpointModel->rowCount() > 0);
    m_endpointTable->resizeColumnsToContents();
    if (m_endpointModel->rowCount() > 0) {
        QHeaderView* header = m_endpointTable->horizontalHeader();
        int columns = 0;
        for (int c = 0; c < m_endpointModel->columnCount(); ++c)
            columns += header->sectionSize(c);
        const int wanted = columns + 2 * m_endpointTable->frameWidth() + 4;
        const int width = m_tables->width();
        m_tables->setSizes({std::max(width / 2, width - wanted), std::min(wanted, width / 2)});
    }
    // Room for every row (up to 8) under the charts; sized before the charts take their data,
    // so that they lay it out once, at their final size.
    const int rows = std::min(8, std::max(m_model->rowCount(), m_endpointModel->rowCount()));
    int tableHeight = m_table->horizontalHeader()->height() + rows * m_table->verticalHeader()->defaultSectionSize() + 6;
    if (m_table->horizontalHeader()->length() > m_table->viewport()->width())  // and a scroll bar under them
        tableHeight += m_table->horizontalScrollBar()->sizeHint().height();
    const int total = m_splitter->height();
    if (total > tableHeight + 300)
        m_splitter->setSizes({total - tableHeight, tableHeight});
}

bool CompareView::countsFit(const BucketCounts& counts) const
{
    const Duration bucket = m_selector->bucketUs() > 0 ? m_selector->bucketUs() : m_input.report->bucketUs;
    const bool hasPeaks = !counts.lanes.empty() && !counts.lanes.front().peaks.empty();
    return counts.key == m_selector->key() && counts.bucketUs == bucket && (!m_input.rangeUs || hasPeaks);
}

// A and B take the counts the selection needs: those at hand, the report's, or, once counted,
// new ones (until then they keep what they show).
void CompareView::updateCounts()
{
    if (!m_input.report)
        return;
    if (!m_input.counts || !countsFit(*m_input.counts)) {
        if (countsFit(*m_reportCounts)) {
            m_input.counts = m_reportCounts;
            m_selector->setStatus(QString());
        } else if (m_scenario) {
            startCounting(true);
        }
    }
    if (m_nextStaged >= kChartCount) {  // else staging hands them the input
        m_allowed->setInput(m_input);
        m_burst->setInput(m_input);
    }
}

// Counts for the selection (`counts`) and, once a run, the busiest keys; the latest job wins.
void CompareView::startCounting(bool counts)
{
    if (!counts && m_keysListed)
        return;
    CountsRequest request;
    request.scenario = m_scenario;
    request.key = m_selector->key();
    request.bucketUs = counts ? (m_selector->bucketUs() > 0 ? m_selector->bucketUs() : m_input.report->bucketUs) : 0;
    request.listKeys = !m_keysListed;
    m_selector->setStatus(counts ? tr("counting…") : QString());
    m_counts->start(request);
}

void CompareView::onCounted(const CountsResult& result)
{
    if (result.request.scenario != m_scenario)
        return;
    if (result.request.listKeys) {
        m_selector->setKeys(result.keys);
        m_keysListed = true;
    }
    m_selector->setStatus(QString());
    if (result.counts && countsFit(*result.counts)) {
        m_input.counts = result.counts;
        m_allowed->setInput(m_input);
        m_burst->setInput(m_input);
    }
}

// All four charts at once: for a change of theme or of the hidden algorithms, cheap beside
// a new report's data.
void CompareView::updateCharts()
{
    const bool wasStaging = m_nextStaged < kChartCount;
    m_staging.stop();
    m_nextStaged = kChartCount;
    for (int chart = 0; chart < kChartCount; ++chart)
        applyInput(chart);
    if (wasStaging)
        checkReady();
}

// A chart's share of a large report (its series built, laid out and painted) takes a few
// milliseconds; all four in one turn of the event loop would stall it for their sum.
void CompareView::stageCharts()
{
    m_nextStaged = 0;
    m_staging.start();
}

void CompareView::applyInput(int chart)
{
    switch (chart) {
    case 0:
        m_allowed->setInput(m_input);
        updateRangeLabel();  // the range is chart A's
        break;
    case 1: m_burst->setInput(m_input); break;
    case 2: m_state->setInput(m_input); break;
    case 3: {
        const bool backend = BackendChart::applies(m_input.report.get());
        m_slotD->setCurrentWidget(backend ? static_cast<QWidget*>(m_backend) : m_delay);
        m_grid->setTabLabel(m_slotD, backend ? tr("D Backend") : tr("D Delay"));
        if (backend)
            m_backend->setInput(m_input);
        else
            m_delay->setInput(m_input);
        break;
    }
    }
}

void CompareView::updateRangeLabel()
{
    if (!m_input.report) {
        m_rangeLabel->clear();
        return;
    }
    const auto [lo, hi] = m_allowed->zoom().currentRange();
    const fmt::TimeScale scale = fmt::timeScaleFor(double(m_input.report->scenario.durationUs) / 1e6);
    const QString unit = scale.title.mid(scale.title.indexOf(QLatin1Char('(')) + 1).chopped(1);
    // The reset hint in the tooltip: at 1024 px the row above chart A has no room for it.
    m_rangeLabel->setText(
        tr("Range %1–%2 %3").arg(NiceAxis::plain(lo, (hi - lo) / 100), NiceAxis::plain(hi, (hi - lo) / 100), unit));
    m_rangeLabel->setToolTip(tr("Chart A's visible time range; double-click chart A to see the whole run"));
}

void CompareView::setDark(bool dark)
{
    m_dark = dark;
    if (m_input.report) {
        m_input.styles = stylesForReport(*m_input.report, dark);
        QStringList ids;
        for (const AlgorithmReport& a : m_input.report->algorithms)
            ids << QString::fromStdString(a.id);
        m_legend->setEntries(ids, m_input.styles, dark);
    }
    m_model->setDark(dark);
    m_check->setDark(dark);
    for (ChartView* c : allCharts())
        c->setDark(dark);
    updateCharts();
}

}  // namespace ratelab
