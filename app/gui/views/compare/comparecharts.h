#pragma once
// Compare's four charts in their grid (tabs in a narrow window): A allowed over time, B peak
// burst, C state per key, D the shaping delay or, when the report has a backend, the backend's
// (the other kept in reserve). It hands them the view's ChartInput, a new one a chart per turn
// of the event loop (stage), and keeps chart A's x range as the view's time range, which D's
// backend chart follows. It decides nothing about the input: the view fills it.

#include "app/models/plotdata/chartinput.h"

#include <QList>
#include <QObject>
#include <QTimer>

#include <optional>
#include <utility>

class QStackedWidget;
class QWidget;

namespace ratelab {

class AllowedChart;
class BackendChart;
class BurstChart;
class ChartGrid;
class ChartView;
class DelayChart;
class StateChart;

class CompareCharts : public QObject {
    Q_OBJECT
public:
    // The charts draw `input` (the view's, which outlives them) and are children of `view`.
    CompareCharts(const ChartInput& input, QWidget* view);

    AllowedChart* allowed() const { return m_allowed; }
    BurstChart* burst() const { return m_burst; }
    StateChart* state() const { return m_state; }
    DelayChart* delay() const { return m_delay; }
    BackendChart* backend() const { return m_backend; }
    ChartGrid* grid() const { return m_grid; }
    // The four charts shown (D: the delay chart, or the backend's when the report has one).
    QList<ChartView*> shown() const;

    void setDark(bool dark);  // the charts draw it with the next input
    // What the charts' exports name: the scenario and the seed.
    void setContext(const QString& scenarioName, quint64 seed);

    // A chart's share of a large report (its series built, laid out and painted) takes a few
    // milliseconds; all four in one turn of the event loop would stall it for their sum. So a
    // new input goes to one chart per turn; staged() follows the last.
    void stage();
    bool isStaging() const { return m_nextStaged < kChartCount; }
    // All four at once (a change of theme or of the hidden algorithms, cheap beside a new
    // report's data), ending any staging.
    void updateAll();
    // Charts A and B take the input now (new counts or range).
    void showCounts();

    // Chart A's time range from the scenario start; none: the whole run (or no report).
    std::optional<std::pair<SimTime, SimTime>> rangeUs() const;
    // Zooms chart A to [fromUs, toUs) from the scenario start, as a drag on it does.
    void zoomTo(SimTime fromUs, SimTime toUs);

    // Narrower than this, the four charts are tabs (gui-guide.md 2: a 1200 px window with the dock folded).
    static constexpr int kCompactBelowPx = 1100;

signals:
    // Every chart has the input last staged.
    void staged();
    // Chart A took the input (its range may be new).
    void allowedShown();
    // Chart A's x range changed (zoom, pan, reset, zoomTo); D's backend chart has followed.
    void rangeChanged();

private:
    static constexpr int kChartCount = 4;

    QList<ChartView*> all() const;  // the shown and the one D holds in reserve
    void apply(int chart);
    void followRange();

    const ChartInput& m_input;
    AllowedChart* m_allowed = nullptr;
    BurstChart* m_burst = nullptr;
    StateChart* m_state = nullptr;
    DelayChart* m_delay = nullptr;
    BackendChart* m_backend = nullptr;
    QStackedWidget* m_slotD = nullptr;  // the delay chart, or the backend's when the report has one
    ChartGrid* m_grid = nullptr;
    QTimer m_staging;
    int m_nextStaged = kChartCount;  // the next chart stage() hands the input to
};

}  // namespace ratelab
