#include "app/gui/views/logs/advisorview.h"

#include "app/gui/charts/logs/ratedistributionchart.h"
#include "app/gui/charts/logs/tradeoffchart.h"
#include "app/gui/parts/recommendationactions.h"
#include "app/gui/parts/recommendationcard.h"
#include "app/gui/parts/recommendationtarget.h"
#include "app/gui/views/logs/advisorcharts.h"
#include "app/gui/views/logs/advisordetails.h"
#include "app/gui/views/logs/advisorexports.h"

#include <QSettings>
#include <QSplitter>
#include <QVBoxLayout>

namespace ratelab {

AdvisorView::AdvisorView(QWidget* parent) : QWidget(parent)
{
    m_controller = new AdvisorController(this);
    m_options.curvePoints = kCurvePoints;
    const QString saved = QSettings().value(QLatin1String(kRateUnitKey)).toString();
    m_unit = saved == QLatin1String("s") ? fmt::RateUnit::PerSecond : fmt::RateUnit::PerMinute;
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    m_charts = new AdvisorCharts(this);
    m_card = new RecommendationCard(this);
    m_details = new AdvisorDetails(this);
    m_bottom = new QSplitter(Qt::Horizontal, this);
    m_bottom->addWidget(m_card);
    m_bottom->addWidget(m_details);
    m_bottom->setSizes({11'000, 9'000});  // in proportion: the card a little wider than the top keys
    m_bottom->setChildrenCollapsible(false);

    m_split = new QSplitter(Qt::Vertical, this);
    m_split->addWidget(m_charts);
    m_split->addWidget(m_bottom);
    m_split->setChildrenCollapsible(false);
    m_split->setSizes({12'000, 8'000});  // in proportion: the charts get three fifths
    layout->addWidget(m_split);

    m_exports = new AdvisorExports(m_card, this);
    connect(m_exports, &AdvisorExports::replayRequested, this, &AdvisorView::replayRequested);
    connect(m_charts, &AdvisorCharts::unitPicked, this, &AdvisorView::setRateUnit);
    connectTarget();
    connectController();
    showSelected();
    applyRateUnit();
}

void AdvisorView::setRateUnit(fmt::RateUnit unit)
{
    if (unit == m_unit)
        return;
    m_unit = unit;
    QSettings().setValue(QLatin1String(kRateUnitKey),
                         unit == fmt::RateUnit::PerSecond ? QStringLiteral("s") : QStringLiteral("min"));
    applyRateUnit();
}

void AdvisorView::applyRateUnit()
{
    m_charts->setRateUnit(m_unit);
    m_card->model()->setRateUnit(m_unit);
    m_details->setRateUnit(m_unit);
    updateReadout();
}

// The window, the line, the card and the keep handle move the target.
void AdvisorView::connectTarget()
{
    // The window drives the distribution at once and the advisor's W after the debounce.
    connect(m_charts, &AdvisorCharts::windowPicked, this, [this](Duration window) {
        if (window == m_options.windowUs)
            return;
        m_options.windowUs = window;
        if (m_hasImport && !m_nothingToDo)
            m_controller->schedule(m_options);
    });
    connect(m_card, &RecommendationCard::rowSelected, this, &AdvisorView::showSelected);
    connect(&m_card->actions(), &RecommendationActions::cancelRequested, this, [this] {
        m_controller->cancel();
        checkReady();  // a scheduled start stops without a signal
    });
    // The line moves the target shown in the card; only a release asks the worker.
    TradeoffChart* chart = m_charts->tradeoffChart();
    const auto followLine = [this, chart] {
        if (!chart->grid().targetPoint() || !m_result)
            return;
        m_options.targetPpm = chart->grid().curve().keptPpm(chart->grid().target());
        m_card->target().setKeep(m_options.targetPpm, m_options.by);
        chart->setKeep(m_options.targetPpm);
        updateReadout();
    };
    connect(chart, &TradeoffChart::targetMoved, this, followLine);
    connect(chart, &TradeoffChart::targetReleased, this, [this, followLine] {
        followLine();
        m_controller->schedule(m_options);
    });
    // The card and the keep handle move the line to the smallest grid limit keeping the share;
    // the card and the handle's release ask the worker.
    connect(&m_card->target(), &RecommendationTarget::keepEdited, this, [this](std::int64_t ppm, AdvisorTarget by) {
        applyKeep(ppm, by);
        m_controller->schedule(m_options);
    });
    connect(chart, &TradeoffChart::keepMoved, this, [this](std::int64_t ppm) { applyKeep(ppm, m_options.by); });
    connect(chart, &TradeoffChart::keepReleased, this, [this](std::int64_t ppm) {
        applyKeep(ppm, m_options.by);
        m_controller->schedule(m_options);
    });
}

void AdvisorView::connectController()
{
    connect(m_controller, &AdvisorController::runningChanged, &m_card->actions(), &RecommendationActions::setBusy);
    connect(m_controller, &AdvisorController::progress, &m_card->actions(),
            [this](quint64, int permille, const QString& phase) { m_card->actions().setProgress(permille, phase); });
    connect(m_controller, &AdvisorController::finished, this, [this](quint64, std::shared_ptr<const AdvisorResult> r) {
        m_failed = false;
        m_card->actions().setStatus(QString());
        showResult(std::move(r));
        checkReady();
    });
    connect(m_controller, &AdvisorController::failed, this, [this](quint64, const QString& message) {
        m_failed = true;
        m_card->actions().setStatus(tr("advisor failed: %1").arg(message));
        checkReady();
    });
    connect(m_controller, &AdvisorController::cancelled, this, [this] {
        m_failed = !m_result;
        m_card->actions().setStatus(m_result ? tr("cancelled: showing the previous recommendation") : tr("cancelled"));
        checkReady();
    });
}

void AdvisorView::setImport(std::shared_ptr<const LogImportResult> import)
{
    m_hasImport = import != nullptr;
    m_nothingToDo = import && import->requests.empty();
    m_failed = false;
    m_controller->setImport(import);
    m_exports->setImport(import);
    showResult(nullptr);
    m_card->actions().setStatus(m_nothingToDo ? tr("No requests in this log to advise on") : QString());
    if (m_hasImport && !m_nothingToDo)
        m_controller->start(m_options);
    else
        checkReady();
}

void AdvisorView::showResult(std::shared_ptr<const AdvisorResult> result)
{
    m_result = std::move(result);
    m_exports->setResult(m_result);
    m_charts->setResult(m_result);
    m_card->setResult(m_result);  // selects a row: showSelected() follows
    if (m_card->selectedRow() < 0)
        showSelected();
}

void AdvisorView::applyKeep(std::int64_t ppm, AdvisorTarget by)
{
    TradeoffChart* chart = m_charts->tradeoffChart();
    const bool byChanged = by != m_options.by;
    m_options.targetPpm = ppm;
    m_options.by = by;
    m_card->target().setKeep(ppm, by);
    if (m_card->selected()) {
        if (byChanged)
            chart->setCurve(m_result, m_card->selectedRow(), by);
        chart->setTargetIndex(chart->grid().curve().firstMeeting(ppm));
    }
    chart->setKeep(ppm);
    updateReadout();
}

void AdvisorView::showSelected()
{
    const int row = m_card->selectedRow();
    m_charts->tradeoffChart()->setCurve(m_result, row, m_options.by);
    m_charts->tradeoffChart()->setKeep(m_options.targetPpm);
    m_details->showRecommendation(m_result, row);
    updateReadout();
}

void AdvisorView::updateReadout()
{
    m_charts->showReadout(m_card->selected());
}

void AdvisorView::setDark(bool dark)
{
    m_charts->setDark(dark);
    m_card->setDark(dark);
    updateReadout();
}

bool AdvisorView::isReady() const
{
    return !m_controller->isRunning() && !m_controller->isPending() && (!m_hasImport || m_result || m_failed || m_nothingToDo);
}

void AdvisorView::checkReady()
{
    if (isReady())
        emit ready();
}

void AdvisorView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    setNarrow(window()->width() < kNarrowWidth);
    // The card's note gives way to its rows when height is short.
    m_card->setCompact(m_charts->asTabs() || window()->height() < kCompactHeight);
}

void AdvisorView::setNarrow(bool narrow)
{
    if (narrow == m_charts->asTabs())
        return;
    m_charts->setAsTabs(narrow);
    if (narrow) {
        // The card moves under the top keys; both get more of the height.
        m_bottom->setOrientation(Qt::Vertical);
        m_bottom->insertWidget(0, m_details);
        m_split->setSizes({9'000, 11'000});
    } else {
        m_bottom->setOrientation(Qt::Horizontal);
        m_bottom->insertWidget(0, m_card);
        m_bottom->setSizes({11'000, 9'000});
        m_split->setSizes({12'000, 8'000});
    }
}

}  // namespace ratelab
