#pragma once
// The Compare view (gui-guide.md 4.1): A allowed over time, B peak burst, C state per key, D shaping
// delay, E the sortable summary table, under one legend strip. The x zoom of A is the view's
// time range; a click on a burst bar zooms A to that window.

#include "app/gui/charts/chartinput.h"

#include <QTimer>
#include <QWidget>

class QButtonGroup;
class QLabel;
class QSortFilterProxyModel;
class QTableView;
class QSplitter;

namespace ratelab {

class AllowedChart;
class BurstChart;
class ChartGrid;
class ChartView;
class DelayChart;
class LegendStrip;
class ReportModel;
class StateChart;

class CompareView : public QWidget {
    Q_OBJECT
public:
    explicit CompareView(QWidget* parent = nullptr);

    // The legend and the table take a new report at once; the charts take it one per turn of
    // the event loop (see stageCharts), and ready() follows the last.
    void setReport(std::shared_ptr<const Report> report, const QString& scenarioName, quint64 seed);
    void setDark(bool dark);
    bool isReady() const { return m_nextStaged >= kChartCount; }

    AllowedChart* allowedChart() const { return m_allowed; }
    BurstChart* burstChart() const { return m_burst; }
    StateChart* stateChart() const { return m_state; }
    DelayChart* delayChart() const { return m_delay; }
    QList<ChartView*> charts() const;
    ReportModel* reportModel() const { return m_model; }
    QTableView* table() const { return m_table; }
    LegendStrip* legend() const { return m_legend; }
    ChartGrid* chartGrid() const { return m_grid; }

    // Narrower than this, the four charts are tabs (gui-guide.md 2: a 1200 px window with the dock folded).
    static constexpr int kCompactBelowPx = 1100;

signals:
    // Hover readout for the status bar ("t = 61.240 s | token_bucket 412 req/s ...").
    void readout(const QString& text);
    // A burst bar was clicked: the Learn view can jump to that key and time.
    void burstSelected(const QString& algorithmId, const QString& key, qint64 atUs);
    // Every chart shows the report last set.
    void ready();

private:
    static constexpr int kChartCount = 4;

    void updateCharts();
    void stageCharts();
    QLayout* createTopBar();  // legend, Y mode and range label
    void createTable();
    void connectSignals();
    void emitReadout(double x);
    void zoomToBurst(int bar);
    void applyInput(int chart);
    void updateRangeLabel();

    ChartInput m_input;
    bool m_dark = false;
    LegendStrip* m_legend = nullptr;
    QButtonGroup* m_mode = nullptr;
    QLabel* m_rangeLabel = nullptr;
    AllowedChart* m_allowed = nullptr;
    BurstChart* m_burst = nullptr;
    StateChart* m_state = nullptr;
    DelayChart* m_delay = nullptr;
    ReportModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QTableView* m_table = nullptr;
    ChartGrid* m_grid = nullptr;
    QSplitter* m_splitter = nullptr;
    QTimer m_staging;
    int m_nextStaged = kChartCount;  // the next chart stageCharts hands the input to
};

}  // namespace ratelab
