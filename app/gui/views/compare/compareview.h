#pragma once
// The Compare view (gui-guide.md 4.1), a composition of its parts: over the charts a strip with
// the legend, the key, the bucket and what chart A shows, Pin run and A's range (CompareBar);
// A allowed over time, B peak burst, C state per key, D shaping delay (CompareCharts); under
// them the sortable summary table and, when the scenario has several endpoints, each
// endpoint's acceptance per algorithm (CompareTables). It fills the ChartInput the charts draw:
// the report and its styles, the algorithms hidden in the legend, a pinned run, chart A's range
// and the counts A and B read, which CompareCounting picks or counts on a worker for anything
// but every key at the report's bucket. The x zoom of A is the view's time range: B shows the
// peak bursts within it; a click on a burst bar zooms A to that window.

#include "app/models/plotdata/chartinput.h"

#include <QWidget>

class QSplitter;

namespace ratelab {

class CompareBar;
class CompareCharts;
class CompareCounting;
class CompareTables;
struct CountsSelection;

class CompareView : public QWidget {
    Q_OBJECT
public:
    explicit CompareView(QWidget* parent = nullptr);

    // The legend and the table take a new report at once; the charts take it one per turn of
    // the event loop (CompareCharts::stage), and ready() follows the last and the counting for
    // A and B (the busiest keys, and the key and bucket picked) of `scenario`, the report's.
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

    // Its parts, for the window's actions and exports and the tests.
    CompareBar& bar() const { return *m_bar; }
    CompareCharts& charts() const { return *m_charts; }
    CompareTables& tables() const { return *m_tables; }
    CompareCounting& counting() const { return *m_counting; }

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

private:
    void connectParts();
    void connectCounting();
    void zoomToBurst(int bar);
    void learnOnBurst(int bar);
    void showRange();
    void rangeChanged();
    // A and B's counts for the key and bucket picked: the report's, those at hand, or counted.
    void updateCounts();
    CountsSelection selection() const;
    void checkReady();

    ChartInput m_input;
    bool m_dark = false;
    CompareBar* m_bar = nullptr;
    CompareCharts* m_charts = nullptr;
    CompareTables* m_tables = nullptr;
    CompareCounting* m_counting = nullptr;
    QSplitter* m_splitter = nullptr;  // the charts over the tables
};

}  // namespace ratelab
