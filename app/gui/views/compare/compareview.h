#pragma once
// The Compare view (gui-guide.md 4.1): A allowed over time, B peak burst, C state per key, D shaping
// delay, E the sortable summary table (beside it, when the scenario has several endpoints, each
// endpoint's acceptance per algorithm), under one legend strip. Above A, a key, a bucket and what
// A shows (CountsSelector): for anything but every key at the report's bucket, the view counts
// on a worker (BucketCountsController), and A and B show those counts. The x zoom of A is the
// view's time range: B shows the peak bursts within it; a click on a burst bar zooms A to that
// window.

#include "app/models/plotdata/chartinput.h"

#include <QTimer>
#include <QWidget>

class QLabel;
class QSortFilterProxyModel;
class QTableView;
class QToolButton;
class QSplitter;
class QStackedWidget;

namespace ratelab {

class AllowedChart;
class BucketCountsController;
class BackendChart;
class BurstChart;
class ChartGrid;
class ChartView;
class CountsSelector;
struct CountsResult;
class DelayChart;
class EndpointSharesModel;
class LegendStrip;
class RedisCheckBar;
class ReportModel;
class StateChart;

class CompareView : public QWidget {
    Q_OBJECT
public:
    explicit CompareView(QWidget* parent = nullptr);

    // The legend and the table take a new report at once; the charts take it one per turn of
    // the event loop (see stageCharts), and ready() follows the last and the counting for A and B
    // (the busiest keys, and the key and bucket picked) of `scenario`, the report's.
    void setReport(std::shared_ptr<const Report> report, std::shared_ptr<const Scenario> scenario, const QString& scenarioName,
                   quint64 seed);
    void setDark(bool dark);
    // Pins the run shown (or unpins): later runs are drawn against it, its lines faint in chart A,
    // the table with each figure's change from it.
    void setPinned(bool pinned);
    bool isPinned() const { return m_input.pinnedReport != nullptr; }
    bool isReady() const;
    // Zooms chart A to [fromUs, toUs) from the scenario start, as a drag on it does.
    void zoomTo(SimTime fromUs, SimTime toUs);

    AllowedChart* allowedChart() const { return m_allowed; }
    BurstChart* burstChart() const { return m_burst; }
    StateChart* stateChart() const { return m_state; }
    DelayChart* delayChart() const { return m_delay; }
    BackendChart* backendChart() const { return m_backend; }
    // The four charts shown (D: the delay chart, or the backend's when the report has one).
    QList<ChartView*> charts() const;
    ReportModel* reportModel() const { return m_model; }
    QTableView* table() const { return m_table; }
    // The breakdown by endpoint beside the table; hidden when the scenario has one endpoint.
    QTableView* endpointTable() const { return m_endpointTable; }
    EndpointSharesModel* endpointModel() const { return m_endpointModel; }
    LegendStrip* legend() const { return m_legend; }
    ChartGrid* chartGrid() const { return m_grid; }
    RedisCheckBar* redisCheck() const { return m_check; }
    CountsSelector* countsSelector() const { return m_selector; }
    BucketCountsController* countsController() const { return m_counts; }

    // Narrower than this, the four charts are tabs (gui-guide.md 2: a 1200 px window with the dock folded).
    static constexpr int kCompactBelowPx = 1100;

signals:
    // Hover readout for the status bar ("t = 61.240 s | token_bucket 412 req/s ...").
    void readout(const QString& text);
    // A burst bar was clicked: the Learn view can jump to that key and time.
    void burstSelected(const QString& algorithmId, const QString& key, qint64 atUs);
    // A table row was double-clicked: open the Learn view on that algorithm's peak burst.
    void learnRequested(const QString& algorithmId, const QString& key, qint64 atUs);
    // Every chart shows the report last set.
    void ready();
    // F1 on a table column: show `phrase`, the metric's definition, in the help's `document`.
    void definitionRequested(const QString& document, const QString& phrase);

protected:
    // F1 in the summary table opens the definition of the current column's metric.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    static constexpr int kChartCount = 4;

    void updateCharts();
    QList<ChartView*> allCharts() const;  // the shown and the one D holds in reserve
    void stageCharts();
    QLayout* createTopBar();  // legend, then the counts selector and range label
    void createTable();
    void connectSignals();
    void connectCounting();
    void zoomToBurst(int bar);
    void learnOnBurst(int bar);
    void applyInput(int chart);
    void updateRangeLabel();
    void rangeChanged();
    // A and B's counts for the key and bucket picked: the report's, those at hand, or counted.
    void updateCounts();
    bool countsFit(const BucketCounts& counts) const;
    void startCounting(bool counts);
    void onCounted(const CountsResult& result);
    void checkReady();
    void layoutTable(const QString& scenarioName, quint64 seed);

    ChartInput m_input;
    bool m_dark = false;
    LegendStrip* m_legend = nullptr;
    CountsSelector* m_selector = nullptr;
    QToolButton* m_pin = nullptr;
    RedisCheckBar* m_check = nullptr;
    QLabel* m_rangeLabel = nullptr;
    std::shared_ptr<const Scenario> m_scenario;
    std::shared_ptr<const BucketCounts> m_reportCounts;  // the report's series as counts
    bool m_keysListed = false;                           // the selector has this run's busiest keys
    BucketCountsController* m_counts = nullptr;
    AllowedChart* m_allowed = nullptr;
    BurstChart* m_burst = nullptr;
    StateChart* m_state = nullptr;
    DelayChart* m_delay = nullptr;
    BackendChart* m_backend = nullptr;
    QStackedWidget* m_slotD = nullptr;  // the delay chart, or the backend's when the report has one
    ReportModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QTableView* m_table = nullptr;
    EndpointSharesModel* m_endpointModel = nullptr;
    QTableView* m_endpointTable = nullptr;
    QSplitter* m_tables = nullptr;  // the table and the breakdown by endpoint
    ChartGrid* m_grid = nullptr;
    QSplitter* m_splitter = nullptr;
    QTimer m_staging;
    int m_nextStaged = kChartCount;  // the next chart stageCharts hands the input to
};

}  // namespace ratelab
