#include "app/gui/views/logs/advisorview.h"

#include "app/gui/charts/logs/ratedistributionchart.h"
#include "app/gui/charts/logs/tradeoffchart.h"
#include "app/gui/dialogs/exportdialog.h"
#include "app/gui/parts/recommendationactions.h"
#include "app/gui/parts/recommendationcard.h"
#include "app/gui/parts/recommendationtarget.h"
#include "app/models/document/advisorreplay.h"
#include "app/models/style/palette.h"
#include "app/models/tables/topkeysmodel.h"
#include "app/models/text/formatting.h"
#include "app/models/text/limitexports.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace ratelab {

namespace {
constexpr int kDefaultWindow = 2;  // 1 min, the families' default W
}  // namespace

AdvisorView::AdvisorView(QWidget* parent) : QWidget(parent)
{
    m_controller = new AdvisorController(this);
    m_options.curvePoints = kCurvePoints;
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    createDistributionPanel();
    createTradeoffPanel();
    QWidget* charts = createChartsHost();
    m_card = new RecommendationCard(this);
    createDetails();
    m_bottom = new QSplitter(Qt::Horizontal, this);
    m_bottom->addWidget(m_card);
    m_bottom->addWidget(m_details);
    m_bottom->setSizes({11'000, 9'000});  // in proportion: the card a little wider than the top keys
    m_bottom->setChildrenCollapsible(false);

    m_split = new QSplitter(Qt::Vertical, this);
    m_split->addWidget(charts);
    m_split->addWidget(m_bottom);
    m_split->setChildrenCollapsible(false);
    m_split->setSizes({12'000, 8'000});  // in proportion: the charts get three fifths
    layout->addWidget(m_split);

    m_replay = new QPushButton(tr("Replay"), m_card);
    m_replay->setToolTip(tr("Run the log through these limits in Compare: the same requests, decided by each algorithm "
                            "with its recommended parameters"));
    m_replay->setEnabled(false);
    m_card->actions().addButton(m_replay);
    connect(m_replay, &QPushButton::clicked, this, &AdvisorView::replay);
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
    {
        const QSignalBlocker block(m_unitCombo);
        m_unitCombo->setCurrentIndex(m_unitCombo->findData(int(m_unit)));
    }
    m_distribution->setRateUnit(m_unit);
    m_tradeoff->setRateUnit(m_unit);
    m_card->model()->setRateUnit(m_unit);
    m_topKeys->setRateUnit(m_unit);
    updateTopKeysTitle();
    updateReadout();
}

// Left panel: the window selector over the distribution.
void AdvisorView::createDistributionPanel()
{
    m_distributionPanel = new QWidget(this);
    auto* distLayout = new QVBoxLayout(m_distributionPanel);
    distLayout->setContentsMargins(0, 0, 0, 0);
    distLayout->setSpacing(2);
    auto* windowRow = new QHBoxLayout;
    windowRow->addWidget(new QLabel(tr("window"), m_distributionPanel));
    m_windows = new QButtonGroup(this);
    const std::vector<Duration>& windows = AdvisorController::rateWindows();
    for (std::size_t i = 0; i < windows.size(); ++i) {
        auto* button = new QToolButton(m_distributionPanel);
        button->setText(fmt::windowLength(windows[i]));
        button->setCheckable(true);
        button->setToolTip(tr("Each key's rate is the most requests it sent in any window of this length; "
                              "the advisor's limits are per the same window W"));
        m_windows->addButton(button, int(i));
        windowRow->addWidget(button);
    }
    m_windows->button(kDefaultWindow)->setChecked(true);
    windowRow->addStretch(1);
    createUnitCombo(windowRow);
    distLayout->addLayout(windowRow);
    m_distribution = new RateDistributionChart(m_distributionPanel);
    m_distribution->setMinimumSize(320, 180);
    distLayout->addWidget(m_distribution, 1);
}

// "rates in [req/min]": the unit of every rate in the view, as last chosen. Narrow, it sits in
// the chart tabs' corner, so it shows whichever chart is picked.
void AdvisorView::createUnitCombo(QHBoxLayout* row)
{
    m_unitRow = row;
    m_unitBox = new QWidget(m_distributionPanel);
    auto* box = new QHBoxLayout(m_unitBox);
    box->setContentsMargins(0, 0, 0, 0);
    box->addWidget(new QLabel(tr("rates in"), m_unitBox));
    m_unitCombo = new QComboBox(m_unitBox);
    m_unitCombo->setAccessibleName(tr("Rate unit"));
    m_unitCombo->setToolTip(tr("The unit of every rate in this view: both charts, the recommendation and the top keys"));
    for (fmt::RateUnit unit : {fmt::RateUnit::PerSecond, fmt::RateUnit::PerMinute})
        m_unitCombo->addItem(fmt::rateUnitName(unit), int(unit));
    const QString saved = QSettings().value(QLatin1String(kRateUnitKey)).toString();
    m_unit = saved == QLatin1String("s") ? fmt::RateUnit::PerSecond : fmt::RateUnit::PerMinute;
    m_unitCombo->setCurrentIndex(m_unitCombo->findData(int(m_unit)));
    box->addWidget(m_unitCombo);
    row->addWidget(m_unitBox);
    connect(m_unitCombo, &QComboBox::currentIndexChanged, this,
            [this] { setRateUnit(fmt::RateUnit(m_unitCombo->currentData().toInt())); });
}

// Right panel: the live readout over the trade-off chart.
void AdvisorView::createTradeoffPanel()
{
    m_tradeoffPanel = new QWidget(this);
    auto* tradeLayout = new QVBoxLayout(m_tradeoffPanel);
    tradeLayout->setContentsMargins(0, 0, 0, 0);
    tradeLayout->setSpacing(2);
    m_readout = new QLabel(m_tradeoffPanel);
    m_readout->setToolTip(tr("Drag the line, click in the chart, or use Left/Right (Shift: ten steps) to move the target"));
    m_readout->setMinimumHeight(m_windows->button(0)->sizeHint().height());
    tradeLayout->addWidget(m_readout);
    m_tradeoff = new TradeoffChart(m_tradeoffPanel);
    m_tradeoff->setMinimumSize(320, 180);
    tradeLayout->addWidget(m_tradeoff, 1);
}

// The two panels side by side, or (narrow) as tabs.
QWidget* AdvisorView::createChartsHost()
{
    auto* chartsHost = new QWidget(this);
    auto* hostLayout = new QVBoxLayout(chartsHost);
    hostLayout->setContentsMargins(0, 0, 0, 0);
    m_charts = new QSplitter(Qt::Horizontal, chartsHost);
    m_charts->addWidget(m_distributionPanel);
    m_charts->addWidget(m_tradeoffPanel);
    m_charts->setChildrenCollapsible(false);
    m_charts->setSizes({10'000, 10'000});  // in proportion: halves
    hostLayout->addWidget(m_charts);
    m_chartTabs = new QTabWidget(chartsHost);
    m_chartTabs->tabBar()->setAccessibleName(tr("Advisor charts"));
    m_chartTabs->setDocumentMode(true);
    m_chartTabs->hide();
    hostLayout->addWidget(m_chartTabs);
    return chartsHost;
}

// The tabs beside the card: the top keys (the Logs view adds its import details).
void AdvisorView::createDetails()
{
    m_details = new QTabWidget(this);
    m_details->tabBar()->setAccessibleName(tr("Key details"));
    auto* topPage = new QWidget(m_details);
    auto* topLayout = new QVBoxLayout(topPage);
    topLayout->setContentsMargins(4, 4, 4, 4);
    m_topKeysTitle = new QLabel(topPage);
    m_topKeysTitle->setWordWrap(true);
    topLayout->addWidget(m_topKeysTitle);
    m_topKeys = new TopKeysModel(this);
    m_topKeysTable = new QTableView(topPage);
    m_topKeysTable->setAccessibleName(tr("Top keys"));
    m_topKeysTable->setModel(m_topKeys);
    m_topKeysTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_topKeysTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_topKeysTable->setAlternatingRowColors(true);
    m_topKeysTable->setWordWrap(false);
    m_topKeysTable->verticalHeader()->hide();
    m_topKeysTable->verticalHeader()->setDefaultSectionSize(m_topKeysTable->fontMetrics().height() + 6);
    m_topKeysTable->horizontalHeader()->setHighlightSections(false);
    m_topKeysTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_topKeysTable->horizontalHeader()->setStretchLastSection(true);
    topLayout->addWidget(m_topKeysTable, 1);
    m_details->addTab(topPage, tr("Top keys"));
}

// The window, the line, the card and the keep handle move the target.
void AdvisorView::connectTarget()
{
    // The window drives the distribution at once and the advisor's W after the debounce.
    connect(m_windows, &QButtonGroup::idClicked, this, [this](int id) {
        m_distribution->setWindow(id);
        const Duration window = AdvisorController::rateWindows()[std::size_t(id)];
        if (window == m_options.windowUs)
            return;
        m_options.windowUs = window;
        if (m_hasImport && !m_nothingToDo)
            m_controller->schedule(m_options);
    });
    connect(m_card, &RecommendationCard::rowSelected, this, &AdvisorView::showSelected);
    connect(&m_card->actions(), &RecommendationActions::exportRequested, this, &AdvisorView::openExport);
    connect(&m_card->actions(), &RecommendationActions::cancelRequested, this, [this] {
        m_controller->cancel();
        checkReady();  // a scheduled start stops without a signal
    });
    // The line moves the target shown in the card; only a release asks the worker.
    const auto followLine = [this] {
        if (!m_tradeoff->grid().targetPoint() || !m_result)
            return;
        m_options.targetPpm = m_tradeoff->grid().curve().keptPpm(m_tradeoff->grid().target());
        m_card->target().setKeep(m_options.targetPpm, m_options.by);
        m_tradeoff->setKeep(m_options.targetPpm);
        updateReadout();
    };
    connect(m_tradeoff, &TradeoffChart::targetMoved, this, followLine);
    connect(m_tradeoff, &TradeoffChart::targetReleased, this, [this, followLine] {
        followLine();
        m_controller->schedule(m_options);
    });
    // The card and the keep handle move the line to the smallest grid limit keeping the share;
    // the card and the handle's release ask the worker.
    connect(&m_card->target(), &RecommendationTarget::keepEdited, this, [this](std::int64_t ppm, AdvisorTarget by) {
        applyKeep(ppm, by);
        m_controller->schedule(m_options);
    });
    connect(m_tradeoff, &TradeoffChart::keepMoved, this, [this](std::int64_t ppm) { applyKeep(ppm, m_options.by); });
    connect(m_tradeoff, &TradeoffChart::keepReleased, this, [this](std::int64_t ppm) {
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
    m_import = import;
    m_hasImport = import != nullptr;
    m_nothingToDo = import && import->requests.empty();
    m_failed = false;
    m_controller->setImport(import);
    showResult(nullptr);
    m_card->actions().setStatus(m_nothingToDo ? tr("No requests in this log to advise on") : QString());
    if (m_hasImport && !m_nothingToDo)
        m_controller->start(m_options);
    else
        checkReady();
}

bool AdvisorView::replay()
{
    if (!m_result || !m_import)
        return false;
    QString error;
    const std::optional<Scenario> scenario = advisorReplay(*m_import, *m_result, &error);
    if (!scenario) {
        m_card->actions().setStatus(tr("cannot replay: %1").arg(error));
        return false;
    }
    emit replayRequested(*scenario);
    return true;
}

void AdvisorView::showResult(std::shared_ptr<const AdvisorResult> result)
{
    m_result = std::move(result);
    m_replay->setEnabled(m_result && m_import && !m_result->recommendations.empty());
    m_distribution->setResult(m_result, m_windows->checkedId());
    m_card->setResult(m_result);  // selects a row: showSelected() follows
    if (m_card->selectedRow() < 0)
        showSelected();
}

void AdvisorView::applyKeep(std::int64_t ppm, AdvisorTarget by)
{
    const bool byChanged = by != m_options.by;
    m_options.targetPpm = ppm;
    m_options.by = by;
    m_card->target().setKeep(ppm, by);
    if (m_card->selected()) {
        if (byChanged)
            m_tradeoff->setCurve(m_result, m_card->selectedRow(), by);
        m_tradeoff->setTargetIndex(m_tradeoff->grid().curve().firstMeeting(ppm));
    }
    m_tradeoff->setKeep(ppm);
    updateReadout();
}

void AdvisorView::showSelected()
{
    const int row = m_card->selectedRow();
    m_tradeoff->setCurve(m_result, row, m_options.by);
    m_tradeoff->setKeep(m_options.targetPpm);
    m_topKeys->setRecommendation(m_result, row);
    updateTopKeysTitle();
    updateReadout();
}

void AdvisorView::updateTopKeysTitle()
{
    const Recommendation* rec = m_card->selected();
    if (!rec || !m_result) {
        m_topKeysTitle->setText(tr("The keys a recommendation throttles most appear here."));
    } else if (rec->topKeys.empty()) {
        m_topKeysTitle->setText(tr("<b>%1</b> at %2 throttles no key.")
                                    .arg(QString::fromStdString(rec->algorithm), RecommendationModel::paramsText(*rec, m_unit)));
    } else {
        m_topKeysTitle->setText(tr("<b>%1</b> at %2 throttles %3 of %4; the top %5 sent %6 of the rejected requests.")
                                    .arg(QString::fromStdString(rec->algorithm), RecommendationModel::paramsText(*rec, m_unit),
                                         fmt::exact(rec->throttledKeys), fmt::count(rec->keys, "key"))
                                    .arg(fmt::count(qint64(rec->topKeys.size()), "key"))
                                    .arg(fmt::share(rec->topKeysRejectedShare)));
    }
}

QString AdvisorView::readoutText() const
{
    return m_tradeoff->grid().readout();
}

void AdvisorView::updateReadout()
{
    const Recommendation* rec = m_card->selected();
    const QString text = m_tradeoff->grid().readout();
    if (!rec || text.isEmpty()) {
        m_readout->clear();
        return;
    }
    const QColor color = palette::familyColor(rec->algorithm, m_dark);
    m_readout->setText(QStringLiteral("<span style='color:%1'>&#9632;</span> <b>%2</b> &nbsp;%3")
                           .arg(color.name(), QString::fromStdString(rec->algorithm), text.toHtmlEscaped()));
}

ExportDialog* AdvisorView::openExport(ExportTarget target)
{
    const Recommendation* rec = m_card->selected();
    if (!rec)
        return nullptr;
    QString error;
    const QString text = limitexports::text(rec->algorithm, rec->params, target, &error);
    auto* dialog = new ExportDialog(
        tr("%1 (%2) as %3")
            .arg(QString::fromStdString(rec->algorithm), RecommendationModel::paramsText(*rec), limitexports::targetName(target)),
        error.isEmpty() ? text : tr("Cannot export: %1").arg(error),
        QString::fromStdString(rec->algorithm) + limitexports::fileSuffix(target), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

void AdvisorView::setDark(bool dark)
{
    m_dark = dark;
    m_distribution->setDark(dark);
    m_tradeoff->setDark(dark);
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
    m_card->setCompact(m_narrow || window()->height() < kCompactHeight);
}

void AdvisorView::setNarrow(bool narrow)
{
    if (narrow == m_narrow)
        return;
    m_narrow = narrow;
    if (narrow) {
        m_chartTabs->addTab(m_distributionPanel, tr("Rate distribution"));
        m_chartTabs->addTab(m_tradeoffPanel, tr("Trade-off"));
        m_chartTabs->setCornerWidget(m_unitBox, Qt::TopRightCorner);
        m_unitBox->show();
        m_charts->hide();
        m_chartTabs->show();
        // The card moves under the top keys; both get more of the height.
        m_bottom->setOrientation(Qt::Vertical);
        m_bottom->insertWidget(0, m_details);
        m_split->setSizes({9'000, 11'000});
    } else {
        m_chartTabs->setCornerWidget(nullptr, Qt::TopRightCorner);
        m_unitRow->addWidget(m_unitBox);  // back beside the window buttons
        m_unitBox->show();
        m_chartTabs->clear();  // removes the tabs, not the pages
        m_charts->addWidget(m_distributionPanel);
        m_charts->addWidget(m_tradeoffPanel);
        m_charts->setSizes({10'000, 10'000});
        m_distributionPanel->show();
        m_tradeoffPanel->show();
        m_chartTabs->hide();
        m_charts->show();
        m_bottom->setOrientation(Qt::Horizontal);
        m_bottom->insertWidget(0, m_card);
        m_bottom->setSizes({11'000, 9'000});
        m_split->setSizes({12'000, 8'000});
    }
}

}  // namespace ratelab
