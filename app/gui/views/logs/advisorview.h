#pragma once
// The advisor half of the Logs view (gui-guide.md 4.3): the per-key rate distribution and the
// trade-off chart side by side (tabs below 1200 px), the recommendation card and, beside it,
// tabs with the top keys (the Logs view adds its import details there). It runs the advisor
// (AdvisorController) on each import and again, debounced, when the target moves or the
// window W changes (the distribution's window selector sets the advisor's W too); it only
// displays what the engine computes. Every rate in it (both charts' axes and labels, the
// card, the top keys) reads in one unit, req/s or req/min, picked beside the window selector
// and remembered (QSettings "logs/rateUnit"; req/min by default).

#include "app/models/jobs/advisorcontroller.h"
#include "app/models/text/formatting.h"
#include "app/models/text/limitexports.h"
#include "engine/scenario/scenario.h"

#include <QWidget>

class QButtonGroup;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QPushButton;
class QSplitter;
class QTabWidget;
class QTableView;

namespace ratelab {

class ExportDialog;
class RateDistributionChart;
class RecommendationCard;
class TopKeysModel;
class TradeoffChart;

class AdvisorView : public QWidget {
    Q_OBJECT
public:
    explicit AdvisorView(QWidget* parent = nullptr);

    // Advises on an import's requests (null: clears the view).
    void setImport(std::shared_ptr<const LogImportResult> import);
    void setDark(bool dark);
    // The unit of every rate shown; remembered for the next start.
    void setRateUnit(fmt::RateUnit unit);
    fmt::RateUnit rateUnit() const { return m_unit; }
    QComboBox* rateUnitCombo() const { return m_unitCombo; }
    static constexpr auto kRateUnitKey = "logs/rateUnit";

    // Nothing running or scheduled, and a result, a failure or nothing to advise on is shown.
    bool isReady() const;
    // The options the next run takes (the target follows the line and the card).
    AdvisorOptions options() const { return m_options; }
    std::shared_ptr<const AdvisorResult> result() const { return m_result; }

    // Opens (non-modal) the export of the selected algorithm's recommendation.
    ExportDialog* openExport(ExportTarget target);
    // Emits replayRequested() with the log replayed through the current recommendations;
    // false (the reason in the card's status) when there is nothing to replay.
    bool replay();
    QPushButton* replayButton() const { return m_replay; }

    AdvisorController* controller() const { return m_controller; }
    RateDistributionChart* distributionChart() const { return m_distribution; }
    TradeoffChart* tradeoffChart() const { return m_tradeoff; }
    RecommendationCard* card() const { return m_card; }
    QButtonGroup* windowButtons() const { return m_windows; }
    TopKeysModel* topKeysModel() const { return m_topKeys; }
    QTableView* topKeysTable() const { return m_topKeysTable; }
    QTabWidget* detailTabs() const { return m_details; }
    QString readoutText() const;
    // Below 1200 px the charts are tabs.
    QTabWidget* chartTabs() const { return m_chartTabs; }
    bool chartsAsTabs() const { return m_narrow; }

    static constexpr int kNarrowWidth = 1200;
    static constexpr int kCompactHeight = 900;
    // Curve points per algorithm: fine enough for the target line to move in small steps.
    static constexpr std::size_t kCurvePoints = 40;

signals:
    void ready();
    // [Replay]: run this scenario in Compare (gui-guide.md 4.3); its acceptance per algorithm is
    // 100% minus the card's requests rejected.
    void replayRequested(const ratelab::Scenario& scenario);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void createDistributionPanel();
    void createUnitCombo(QHBoxLayout* row);
    void applyRateUnit();  // m_unit to the combo, the charts, the card and the top keys
    void createTradeoffPanel();
    QWidget* createChartsHost();
    void createDetails();
    void connectTarget();
    void connectController();
    void showResult(std::shared_ptr<const AdvisorResult> result);
    void showSelected();
    // A new share to keep (the card or the keep handle): the card, the handle and the line
    // follow; the caller decides when the worker is asked.
    void applyKeep(std::int64_t ppm, AdvisorTarget by);
    void updateReadout();
    void updateTopKeysTitle();
    void setNarrow(bool narrow);
    void checkReady();

    AdvisorController* m_controller = nullptr;
    AdvisorOptions m_options;
    std::shared_ptr<const AdvisorResult> m_result;
    std::shared_ptr<const LogImportResult> m_import;
    QPushButton* m_replay = nullptr;
    bool m_hasImport = false;
    bool m_nothingToDo = false;
    bool m_failed = false;
    bool m_dark = false;
    bool m_narrow = false;
    fmt::RateUnit m_unit = fmt::RateUnit::PerMinute;

    QSplitter* m_split = nullptr;  // charts over the card and tabs
    QSplitter* m_charts = nullptr;
    QTabWidget* m_chartTabs = nullptr;
    QWidget* m_distributionPanel = nullptr;
    QWidget* m_tradeoffPanel = nullptr;
    RateDistributionChart* m_distribution = nullptr;
    TradeoffChart* m_tradeoff = nullptr;
    QButtonGroup* m_windows = nullptr;
    QComboBox* m_unitCombo = nullptr;
    QWidget* m_unitBox = nullptr;      // "rates in" and the combo
    QHBoxLayout* m_unitRow = nullptr;  // where the box sits when the charts are side by side
    QLabel* m_readout = nullptr;
    QSplitter* m_bottom = nullptr;
    RecommendationCard* m_card = nullptr;
    QTabWidget* m_details = nullptr;
    QLabel* m_topKeysTitle = nullptr;
    TopKeysModel* m_topKeys = nullptr;
    QTableView* m_topKeysTable = nullptr;
};

}  // namespace ratelab
