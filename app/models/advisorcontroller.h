#pragma once
// Runs the limit advisor (engine/advisor/advisor.h) off the GUI thread for the Logs view, as
// SimulationController runs scenarios: each start() gets a job id and supersedes the job
// before it (latest wins: a superseded job is cancelled and its result dropped); progress
// comes back queued, at most every 50 ms, in permille with the algorithm being searched.
// schedule() is the debounced start for a target being dragged or typed: the job starts once
// 150 ms pass without another schedule(), with the latest options.
//
// The requests are an import's (LogImportResult), turned into a RequestSet once, on the first
// worker that needs it, and shared by every later job on that import. Each job also gets the
// last result on those requests, so a new target reuses its rates and curves (advise() with
// `previous`) and costs a few replays per algorithm, not a whole run.
//
// Thread safety: call everything from the thread that owns the controller (the GUI thread).

#include "app/models/logimportcontroller.h"
#include "engine/advisor/advisor.h"

#include <QObject>
#include <QThreadPool>
#include <QTimer>

#include <functional>
#include <memory>

namespace ratelab {

class AdvisorController : public QObject {
    Q_OBJECT
public:
    using AdviseFunction =
        std::function<AdvisorResult(const RequestSet&, const AdvisorOptions&, const AdvisorResult* previous, RunControl&)>;

    // Runs ratelab::advise.
    explicit AdvisorController(QObject* parent = nullptr);
    // Runs `advise` instead (tests inject slow or failing runs).
    explicit AdvisorController(AdviseFunction advise, QObject* parent = nullptr);
    // Cancels the current job and waits for the worker.
    ~AdvisorController() override;

    // Advise on these requests from now on: cancels any job or scheduled start and forgets the
    // last result, which was about other requests.
    void setImport(std::shared_ptr<const LogImportResult> import);
    // Starts a job now, superseding any running or scheduled one. Returns its id, 0 without an import.
    quint64 start(const AdvisorOptions& options);
    // Starts a job with `options` after kDebounceMs without another schedule().
    void schedule(const AdvisorOptions& options);
    // Cancels the running job (cancelled() follows) and any scheduled start.
    void cancel();

    bool isRunning() const { return m_running != 0; }
    bool isPending() const { return m_debounce.isActive(); }
    quint64 currentJob() const { return m_currentJob; }
    std::shared_ptr<const AdvisorResult> lastResult() const { return m_last; }

    static constexpr int kDebounceMs = 150;
    static constexpr int kProgressIntervalMs = 50;

signals:
    void started(quint64 job);
    void progress(quint64 job, int permille, const QString& phase);
    void finished(quint64 job, std::shared_ptr<const ratelab::AdvisorResult> result);
    void failed(quint64 job, const QString& message);
    void cancelled(quint64 job);
    void runningChanged(bool running);

private:
    class Source;
    struct Job;
    void deliver(const std::shared_ptr<Job>& job, std::shared_ptr<const AdvisorResult> result, const QString& error,
                 bool wasCancelled);

    AdviseFunction m_advise;
    QThreadPool m_pool;
    QTimer m_debounce;
    AdvisorOptions m_scheduled;
    std::shared_ptr<Source> m_source;
    quint64 m_nextJob = 1;
    quint64 m_currentJob = 0;
    std::shared_ptr<Job> m_current;
    int m_running = 0;  // jobs whose worker has not reported back yet (current or superseded)
    std::shared_ptr<const AdvisorResult> m_last;
};

} // namespace ratelab

Q_DECLARE_METATYPE(std::shared_ptr<const ratelab::AdvisorResult>)
