#include "app/gui/views/compare/comparecharts.h"

#include "app/gui/charts/base/chartgrid.h"
#include "app/gui/charts/compare/allowedchart.h"
#include "app/gui/charts/compare/backendchart.h"
#include "app/gui/charts/compare/burstchart.h"
#include "app/gui/charts/compare/delaychart.h"
#include "app/gui/charts/compare/statechart.h"
#include "app/models/text/formatting.h"

#include <QStackedWidget>

#include <cmath>

namespace ratelab {

CompareCharts::CompareCharts(const ChartInput& input, QWidget* view) : QObject(view), m_input(input)
{
    m_allowed = new AllowedChart(view);
    m_burst = new BurstChart(view);
    m_state = new StateChart(view);
    m_delay = new DelayChart(view);
    m_backend = new BackendChart(view);
    m_slotD = new QStackedWidget(view);
    m_slotD->addWidget(m_delay);
    m_slotD->addWidget(m_backend);
    m_grid = new ChartGrid(2, QSize(kCompactBelowPx, 0), view);
    m_grid->addChart(m_allowed, tr("A Allowed"));
    m_grid->addChart(m_burst, tr("B Peak burst"));
    m_grid->addChart(m_state, tr("C State"));
    m_grid->addChart(m_slotD, tr("D Delay"));
    for (ChartView* c : all())
        c->setMinimumSize(320, 200);

    m_staging.setSingleShot(true);
    m_staging.setInterval(0);
    connect(&m_staging, &QTimer::timeout, this, [this] {
        apply(m_nextStaged++);
        if (m_nextStaged >= kChartCount)
            emit staged();
        else
            m_staging.start();
    });
    connect(&m_allowed->zoom(), &ChartZoom::requested, this, &CompareCharts::followRange);
}

QList<ChartView*> CompareCharts::all() const
{
    return {m_allowed, m_burst, m_state, m_delay, m_backend};
}

QList<ChartView*> CompareCharts::shown() const
{
    ChartView* d = BackendChart::applies(m_input.report.get()) ? static_cast<ChartView*>(m_backend) : m_delay;
    return {m_allowed, m_burst, m_state, d};
}

void CompareCharts::setDark(bool dark)
{
    for (ChartView* c : all())
        c->setDark(dark);
}

void CompareCharts::setContext(const QString& scenarioName, quint64 seed)
{
    for (ChartView* c : shown())
        c->exporter().setContext(scenarioName, seed);
}

void CompareCharts::stage()
{
    m_nextStaged = 0;
    m_staging.start();
}

void CompareCharts::updateAll()
{
    const bool wasStaging = isStaging();
    m_staging.stop();
    m_nextStaged = kChartCount;
    for (int chart = 0; chart < kChartCount; ++chart)
        apply(chart);
    if (wasStaging)
        emit staged();
}

void CompareCharts::showCounts()
{
    m_allowed->setInput(m_input);
    m_burst->setInput(m_input);
}

void CompareCharts::apply(int chart)
{
    switch (chart) {
    case 0:
        m_allowed->setInput(m_input);
        emit allowedShown();
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

std::optional<std::pair<SimTime, SimTime>> CompareCharts::rangeUs() const
{
    if (!m_input.report)
        return std::nullopt;
    const auto [lo, hi] = m_allowed->zoom().currentRange();
    const double unit = fmt::timeScaleFor(double(m_input.report->scenario.durationUs) / 1e6).secondsPerUnit;
    const auto from = SimTime(std::llround(lo * unit * 1e6));
    const auto to = SimTime(std::llround(hi * unit * 1e6));
    if (from <= 0 && to >= m_input.report->scenario.durationUs)
        return std::nullopt;
    return std::make_pair(from, to);
}

void CompareCharts::zoomTo(SimTime fromUs, SimTime toUs)
{
    if (!m_input.report)
        return;
    const double unit = fmt::timeScaleFor(double(m_input.report->scenario.durationUs) / 1e6).secondsPerUnit;
    m_allowed->zoom().setRange(std::make_pair(double(fromUs) / 1e6 / unit, double(toUs) / 1e6 / unit));
    followRange();
}

void CompareCharts::followRange()
{
    if (m_input.report)  // D shares A's time axis when it shows the backend
        m_backend->zoom().setRange(m_allowed->zoom().currentRange());
    emit rangeChanged();
}

}  // namespace ratelab
