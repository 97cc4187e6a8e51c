#pragma once
// The counts Compare's charts A and B read (plotdata/comparecounts.h) for the key, the bucket
// and the range the view picks: the counts at hand while they fit, else the report's own
// series when they do (every key at the report's bucket, peaks only for the whole run), else
// counts of its own from a BucketCountsController, the charts keeping what they show until
// those come; and once per run the scenario's busiest keys to pick from. It says what it is
// doing in one status line (the view shows it beside the selector). A result for another run,
// or one that no longer fits the selection, is dropped. It draws nothing and holds no widget.
//
// Thread safety: call everything from the thread that owns it (the GUI thread).

#include "app/models/jobs/bucketcountscontroller.h"
#include "engine/report/report.h"

#include <QObject>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ratelab {

struct CountsSelection {
    std::optional<std::string> key;  // none: every key
    Duration bucketUs = 0;           // 0: the report's
    bool ranged = false;             // chart A shows part of the run: B needs peaks per bucket
};

class CompareCounting : public QObject {
    Q_OBJECT
public:
    // Counts with the engine's busiestKeys and bucketCounts.
    explicit CompareCounting(QObject* parent = nullptr);
    // Counts with `keys` and `counts` instead (tests).
    CompareCounting(BucketCountsController::KeysFunction keys, BucketCountsController::CountsFunction counts,
                    QObject* parent = nullptr);

    // A new run (a null report: none): its series are the counts; no key listed yet.
    void setRun(std::shared_ptr<const Report> report, std::shared_ptr<const Scenario> scenario);
    // After setRun: lists the run's busiest keys, and counts if the report's do not fit.
    void start(const CountsSelection& selection);
    // The counts for `selection`: those at hand or the report's when they fit (counts() has
    // them on return), else counted (countsChanged() follows).
    void select(const CountsSelection& selection);

    std::shared_ptr<const BucketCounts> counts() const { return m_counts; }
    // Whether `counts` are of the key and bucket selected, with peaks per bucket for a range.
    bool fits(const BucketCounts& counts) const;
    bool isRunning() const { return m_controller->isRunning(); }
    BucketCountsController* controller() const { return m_controller; }

signals:
    // Counts from the worker for the selection: counts() has them.
    void countsChanged();
    void keysListed(const std::vector<std::string>& keys);
    // "counting… 45%", "Cannot count: ..." (an error), or empty.
    void statusChanged(const QString& text, bool error);
    // After the last job's delivery: nothing counts.
    void idle();

private:
    void connectController();
    void count(bool counts);  // and list the keys, once a run
    void onCounted(const CountsResult& result);

    BucketCountsController* m_controller;
    std::shared_ptr<const Report> m_report;
    std::shared_ptr<const Scenario> m_scenario;
    std::shared_ptr<const BucketCounts> m_reportCounts;  // the report's series as counts
    std::shared_ptr<const BucketCounts> m_counts;
    CountsSelection m_selection;
    bool m_keysListed = false;  // this run's busiest keys are out
};

}  // namespace ratelab
