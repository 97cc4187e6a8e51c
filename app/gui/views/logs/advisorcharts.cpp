#include "app/gui/views/logs/advisorcharts.h"

#include "app/gui/charts/logs/ratedistributionchart.h"
#include "app/gui/charts/logs/tradeoffchart.h"
#include "app/models/jobs/advisorcontroller.h"
#include "app/models/style/palette.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTabBar>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace ratelab {

namespace {
constexpr int kDefaultWindow = 2;  // 1 min, the families' default W
}  // namespace

AdvisorCharts::AdvisorCharts(QWidget* parent) : QWidget(parent)
{
    createDistributionPanel();
    createTradeoffPanel();
    // The two panels side by side, or (narrow) as tabs.
    auto* hostLayout = new QVBoxLayout(this);
    hostLayout->setContentsMargins(0, 0, 0, 0);
    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->addWidget(m_distributionPanel);
    m_splitter->addWidget(m_tradeoffPanel);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->setSizes({10'000, 10'000});  // in proportion: halves
    hostLayout->addWidget(m_splitter);
    m_tabs = new QTabWidget(this);
    m_tabs->tabBar()->setAccessibleName(tr("Advisor charts"));
    m_tabs->setDocumentMode(true);
    m_tabs->hide();
    hostLayout->addWidget(m_tabs);

    connect(m_windows, &QButtonGroup::idClicked, this, [this](int id) {
        m_distribution->setWindow(id);
        emit windowPicked(AdvisorController::rateWindows()[std::size_t(id)]);
    });
}

// Left panel: the window selector over the distribution.
void AdvisorCharts::createDistributionPanel()
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

// "rates in [req/min]": the unit of every rate in the view, which the view picks and keeps.
void AdvisorCharts::createUnitCombo(QHBoxLayout* row)
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
    box->addWidget(m_unitCombo);
    row->addWidget(m_unitBox);
    connect(m_unitCombo, &QComboBox::currentIndexChanged, this,
            [this] { emit unitPicked(fmt::RateUnit(m_unitCombo->currentData().toInt())); });
}

// Right panel: the live readout over the trade-off chart.
void AdvisorCharts::createTradeoffPanel()
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

void AdvisorCharts::setResult(std::shared_ptr<const AdvisorResult> result)
{
    m_distribution->setResult(std::move(result), m_windows->checkedId());
}

void AdvisorCharts::setRateUnit(fmt::RateUnit unit)
{
    {
        const QSignalBlocker block(m_unitCombo);
        m_unitCombo->setCurrentIndex(m_unitCombo->findData(int(unit)));
    }
    m_distribution->setRateUnit(unit);
    m_tradeoff->setRateUnit(unit);
}

void AdvisorCharts::setDark(bool dark)
{
    m_dark = dark;
    m_distribution->setDark(dark);
    m_tradeoff->setDark(dark);
}

QString AdvisorCharts::readoutText() const
{
    return m_tradeoff->grid().readout();
}

void AdvisorCharts::showReadout(const Recommendation* selected)
{
    const QString text = m_tradeoff->grid().readout();
    if (!selected || text.isEmpty()) {
        m_readout->clear();
        return;
    }
    const QColor color = palette::familyColor(selected->algorithm, m_dark);
    m_readout->setText(QStringLiteral("<span style='color:%1'>&#9632;</span> <b>%2</b> &nbsp;%3")
                           .arg(color.name(), QString::fromStdString(selected->algorithm), text.toHtmlEscaped()));
}

void AdvisorCharts::setAsTabs(bool asTabs)
{
    if (asTabs == m_asTabs)
        return;
    m_asTabs = asTabs;
    if (asTabs) {
        m_tabs->addTab(m_distributionPanel, tr("Rate distribution"));
        m_tabs->addTab(m_tradeoffPanel, tr("Trade-off"));
        m_tabs->setCornerWidget(m_unitBox, Qt::TopRightCorner);
        m_unitBox->show();
        m_splitter->hide();
        m_tabs->show();
    } else {
        m_tabs->setCornerWidget(nullptr, Qt::TopRightCorner);
        m_unitRow->addWidget(m_unitBox);  // back beside the window buttons
        m_unitBox->show();
        m_tabs->clear();  // removes the tabs, not the pages
        m_splitter->addWidget(m_distributionPanel);
        m_splitter->addWidget(m_tradeoffPanel);
        m_splitter->setSizes({10'000, 10'000});
        m_distributionPanel->show();
        m_tradeoffPanel->show();
        m_tabs->hide();
        m_splitter->show();
    }
}

}  // namespace ratelab
