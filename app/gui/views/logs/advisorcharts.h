#pragma once
// The advisor's two charts (gui-guide.md 4.3), side by side or, in a narrow window, as tabs: on
// the left the window selector ("window [1 s] [10 s] [1 min] [1 h]") and the rate unit over the
// per-key rate distribution, on the right the live readout over the trade-off chart. Narrow,
// the unit sits in the tabs' corner so it shows whichever chart is picked. A window picked
// redraws the distribution at once; the view hears of it (windowPicked()) and decides when the
// advisor runs. It shows what it is given and never runs the advisor nor keeps a setting.

#include "app/models/text/formatting.h"
#include "engine/advisor/advisor.h"

#include <QWidget>

#include <memory>

class QButtonGroup;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QSplitter;
class QTabWidget;

namespace ratelab {

class RateDistributionChart;
class TradeoffChart;

class AdvisorCharts : public QWidget {
    Q_OBJECT
public:
    explicit AdvisorCharts(QWidget* parent = nullptr);

    RateDistributionChart* distributionChart() const { return m_distribution; }
    TradeoffChart* tradeoffChart() const { return m_tradeoff; }
    QButtonGroup* windowButtons() const { return m_windows; }
    QComboBox* rateUnitCombo() const { return m_unitCombo; }
    QTabWidget* tabs() const { return m_tabs; }
    // The charts as tabs (narrow) or side by side.
    void setAsTabs(bool asTabs);
    bool asTabs() const { return m_asTabs; }

    // The distribution of `result` at the window picked (null: none).
    void setResult(std::shared_ptr<const AdvisorResult> result);
    // The unit both charts read in, shown in the combo (without emitting unitPicked()).
    void setRateUnit(fmt::RateUnit unit);
    void setDark(bool dark);
    // The readout over the trade-off chart: `selected`'s family swatch and name and what the
    // chart reads at its target (nothing without a selected recommendation).
    void showReadout(const Recommendation* selected);
    QString readoutText() const;

signals:
    void unitPicked(ratelab::fmt::RateUnit unit);
    // A window clicked, the distribution already drawn at it.
    void windowPicked(ratelab::Duration windowUs);

private:
    void createDistributionPanel();
    void createUnitCombo(QHBoxLayout* row);
    void createTradeoffPanel();

    bool m_dark = false;
    bool m_asTabs = false;
    QSplitter* m_splitter = nullptr;
    QTabWidget* m_tabs = nullptr;
    QWidget* m_distributionPanel = nullptr;
    QWidget* m_tradeoffPanel = nullptr;
    RateDistributionChart* m_distribution = nullptr;
    TradeoffChart* m_tradeoff = nullptr;
    QButtonGroup* m_windows = nullptr;
    QComboBox* m_unitCombo = nullptr;
    QWidget* m_unitBox = nullptr;      // "rates in" and the combo
    QHBoxLayout* m_unitRow = nullptr;  // where the box sits when the charts are side by side
    QLabel* m_readout = nullptr;
};

}  // namespace ratelab
