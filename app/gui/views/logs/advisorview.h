#pragma once
// The advisor half of the Logs view (gui-guide.md 4.3), a composition of its parts: the per-key
// rate distribution and the trade-off chart side by side (tabs below 1200 px; AdvisorCharts),
// the recommendation card and, beside it, tabs with the top keys (AdvisorDetails; the Logs
// view adds its import details there), and what it hands on (AdvisorExports: Export, Replay).
// It runs the advisor (AdvisorController) on each import and again, debounced, when the
// target moves or the window W changes (the distribution's window selector sets the
// advisor's W too); it only displays what the engine computes. Every rate in it (both charts'
// axes and labels, the card, the top keys) reads in one unit, req/s or req/min, picked beside
// the window selector and remembered (QSettings "logs/rateUnit"; req/min by default).

#include "app/models/jobs/advisorcontroller.h"
#include "app/models/text/formatting.h"
#include "engine/scenario/scenario.h"

#include <QWidget>

class QSplitter;

namespace ratelab {

class AdvisorCharts;
class AdvisorDetails;
class AdvisorExports;
class RecommendationCard;

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
    static constexpr auto kRateUnitKey = "logs/rateUnit";

    // Nothing running or scheduled, and a result, a failure or nothing to advise on is shown.
    bool isReady() const;
    // The options the next run takes (the target follows the line and the card).
    AdvisorOptions options() const { return m_options; }
    std::shared_ptr<const AdvisorResult> result() const { return m_result; }

    // Its parts, for the Logs view, the window's actions and the tests.
    AdvisorController* controller() const { return m_controller; }
    AdvisorCharts& charts() const { return *m_charts; }
    RecommendationCard* card() const { return m_card; }
    AdvisorDetails& details() const { return *m_details; }
    AdvisorExports& exports() const { return *m_exports; }

    static constexpr int kNarrowWidth = 1200;  // below it the charts are tabs
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
    void applyRateUnit();  // m_unit to the charts, the card and the top keys
    void connectTarget();
    void connectController();
    void showResult(std::shared_ptr<const AdvisorResult> result);
    void showSelected();
    // A new share to keep (the card or the keep handle): the card, the handle and the line
    // follow; the caller decides when the worker is asked.
    void applyKeep(std::int64_t ppm, AdvisorTarget by);
    void updateReadout();
    void setNarrow(bool narrow);
    void checkReady();

    AdvisorController* m_controller = nullptr;
    AdvisorOptions m_options;
    std::shared_ptr<const AdvisorResult> m_result;
    bool m_hasImport = false;
    bool m_nothingToDo = false;
    bool m_failed = false;
    fmt::RateUnit m_unit = fmt::RateUnit::PerMinute;

    QSplitter* m_split = nullptr;   // the charts over the card and the details
    QSplitter* m_bottom = nullptr;  // the card and the details
    AdvisorCharts* m_charts = nullptr;
    RecommendationCard* m_card = nullptr;
    AdvisorDetails* m_details = nullptr;
    AdvisorExports* m_exports = nullptr;
};

}  // namespace ratelab
