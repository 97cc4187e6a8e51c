#include "app/gui/views/compareview.h"

#include "app/gui/charts/allowedchart.h"
#include "app/gui/charts/burstchart.h"
#include "app/gui/charts/chartgrid.h"
#include "app/gui/charts/delaychart.h"
#include "app/gui/charts/legendstrip.h"
#include "app/gui/charts/niceaxis.h"
#include "app/gui/charts/statechart.h"
#include "app/models/formatting.h"
#include "app/models/reportmodel.h"

#include <QButtonGroup>
#include <QHeaderView>
#include <QLabel>
#include <QRadioButton>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
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
    m_grid = new ChartGrid(2, QSize(kCompactBelowPx, 0), this);
    m_grid->addChart(m_allowed, tr("A Allowed"));
    m_grid->addChart(m_burst, tr("B Peak burst"));
    m_grid->addChart(m_state, tr("C State"));
    m_grid->addChart(m_delay, tr("D Delay"));
    for (ChartView* c : charts())
        c->setMinimumSize(320, 200);

    createTable();

    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->addWidget(m_grid);
    m_splitter->addWidget(m_table);
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
    auto* top = new QHBoxLayout;
    m_legend = new LegendStrip(this);
    top->addWidget(m_legend, 1);
    top->addWidget(new QLabel(tr("Y:"), this));
    m_mode = new QButtonGroup(this);
    auto* rate = new QRadioButton(tr("rate"), this);
    auto* share = new QRadioButton(tr("share"), this);
    rate->setToolTip(tr("Chart A shows allowed requests per second"));
    share->setToolTip(tr("Chart A shows the share of requests allowed in each bucket"));
    rate->setChecked(true);
    m_mode->addButton(rate, 0);
    m_mode->addButton(share, 1);
    top->addWidget(rate);
    top->addWidget(share);
    top->addSpacing(12);
    m_rangeLabel = new QLabel(this);
    m_rangeLabel->setToolTip(tr("Drag on chart A to zoom, wheel to zoom around the mouse, double-click to reset"));
    top->addWidget(m_rangeLabel);
    return top;
}

void CompareView::createTable()
{
    m_model = new ReportModel(this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(ReportModel::SortRole);
    m_table = new QTableView(this);
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
}

void CompareView::connectSignals()
{
    m_staging.setSingleShot(true);
    m_staging.setInterval(0);
    connect(&m_staging, &QTimer::timeout, this, [this] {
        applyInput(m_nextStaged++);
        if (isReady())
            emit ready();
        else
            m_staging.start();
    });

    connect(m_legend, &LegendStrip::hiddenChanged, this, [this](const QSet<QString>& hidden) {
        m_input.hidden = hidden;
        m_model->setHiddenIds(hidden);
        updateCharts();
    });
    connect(m_mode, &QButtonGroup::idClicked, this,
            [this](int id) { m_allowed->setMode(id == 0 ? AllowedChart::Mode::Rate : AllowedChart::Mode::Share); });
    connect(m_allowed, &ChartView::xRangeRequested, this, [this] { updateRangeLabel(); });
    connect(m_allowed, &ChartView::hovered, this, &CompareView::emitReadout);
    connect(m_burst, &BarsChart::barClicked, this, &CompareView::zoomToBurst);
}

// The status bar readout for a hover at x on chart A: the time and each shown algorithm's rate.
void CompareView::emitReadout(double x)
{
    if (!std::isfinite(x) || !m_input.report) {
        emit readout(QString());
        return;
    }
    QStringList parts;
    const Report& r = *m_input.report;
    const double seconds = x * fmt::timeScaleFor(double(r.scenario.durationUs) / 1e6).secondsPerUnit;
    const std::size_t bucket = r.bucketUs > 0 ? std::size_t(seconds * 1e6 / double(r.bucketUs)) : 0;
    const double bucketSeconds = double(r.bucketUs) / 1e6;
    parts << QStringLiteral("t = %1").arg(fmt::simTime(qint64(seconds * 1e6)));
    for (std::size_t i = 0; i < r.algorithms.size(); ++i)
        if (!m_input.isHidden(i) && bucket < r.algorithms[i].allowedSeries.size())
            parts << QStringLiteral("%1 %2").arg(
                QString::fromStdString(r.algorithms[i].id),
                fmt::ratePerSecond(double(r.algorithms[i].allowedSeries[bucket]) / bucketSeconds));
    emit readout(parts.join(QStringLiteral("  |  ")));
}

// A click on burst bar i: chart A zooms to that algorithm's peak burst window.
void CompareView::zoomToBurst(int i)
{
    if (!m_input.report || std::size_t(i) >= m_input.report->algorithms.size())
        return;
    const AlgorithmReport& a = m_input.report->algorithms[std::size_t(i)];
    const double unit = fmt::timeScaleFor(double(m_input.report->scenario.durationUs) / 1e6).secondsPerUnit;
    const double end = double(a.peakBurst.atUs) / 1e6 / unit;
    const double window = double(a.peakBurst.windowUs) / 1e6 / unit;
    m_allowed->setXRange(std::make_pair(end - 2 * window, end + window));
    updateRangeLabel();
    emit burstSelected(QString::fromStdString(a.id), QString::fromStdString(a.peakBurst.key), a.peakBurst.atUs);
}

QList<ChartView*> CompareView::charts() const
{
    return {m_allowed, m_burst, m_state, m_delay};
}

void CompareView::setReport(std::shared_ptr<const Report> report, const QString& scenarioName, quint64 seed)
{
    m_input.report = report;
    m_input.styles = report ? stylesForReport(*report, m_dark) : std::vector<palette::SeriesStyle>{};
    QStringList ids;
    if (report)
        for (const AlgorithmReport& a : report->algorithms)
            ids << QString::fromStdString(a.id);
    m_legend->setEntries(ids, m_input.styles, m_dark);
    m_input.hidden = m_legend->hidden();
    m_model->setReport(report);
    m_model->setHiddenIds(m_input.hidden);
    // Never-admissible requests are a flag: the column shows only when some algorithm has them.
    bool neverAdmissible = false;
    if (report)
        for (const AlgorithmReport& a : report->algorithms)
            neverAdmissible = neverAdmissible || a.neverAdmissible > 0;
    m_table->setColumnHidden(ReportModel::NeverAdmissible, !neverAdmissible);
    for (ChartView* c : charts())
        c->setExportContext(scenarioName, seed);
    m_table->resizeColumnsToContents();
    // A hidden column leaves the header's stretch on a stale last section: set it again.
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    // Room for every row (up to 8) under the charts; sized before the charts take their data,
    // so that they lay it out once, at their final size.
    const int rows = std::min(8, m_model->rowCount());
    int tableHeight = m_table->horizontalHeader()->height() + rows * m_table->verticalHeader()->defaultSectionSize() + 6;
    if (m_table->horizontalHeader()->length() > m_table->viewport()->width())  // and a scroll bar under them
        tableHeight += m_table->horizontalScrollBar()->sizeHint().height();
    const int total = m_splitter->height();
    if (total > tableHeight + 300)
        m_splitter->setSizes({total - tableHeight, tableHeight});
    stageCharts();
}

// All four charts at once: for a change of theme or of the hidden algorithms, cheap beside
// a new report's data.
void CompareView::updateCharts()
{
    const bool wasStaging = !isReady();
    m_staging.stop();
    m_nextStaged = kChartCount;
    for (int chart = 0; chart < kChartCount; ++chart)
        applyInput(chart);
    if (wasStaging)
        emit ready();
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
    case 3: m_delay->setInput(m_input); break;
    }
}

void CompareView::updateRangeLabel()
{
    if (!m_input.report) {
        m_rangeLabel->clear();
        return;
    }
    const auto [lo, hi] = m_allowed->currentXRange();
    const fmt::TimeScale scale = fmt::timeScaleFor(double(m_input.report->scenario.durationUs) / 1e6);
    const QString unit = scale.title.mid(scale.title.indexOf(QLatin1Char('(')) + 1).chopped(1);
    m_rangeLabel->setText(tr("Range %1–%2 %3  (double-click resets)")
                              .arg(NiceAxis::plain(lo, (hi - lo) / 100), NiceAxis::plain(hi, (hi - lo) / 100), unit));
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
    for (ChartView* c : charts())
        c->setDark(dark);
    updateCharts();
}

}  // namespace ratelab
