#pragma once
// Runs the limit advisor (engine/advisor/advisor.h) off the GUI thread for the Logs view
// through a JobRunner (jobrunner.h: job ids, latest wins, cancel, throttled progress,
// destruction cancels and waits); progress is in permille with the algorithm being searched,
// and a finished job ends with a (1000, "done") progress before finished().
// schedule() is the debounced start for a target being dragged or typed: the job starts once
// 150 ms pass without another schedule(), with the latest options.
//
// The requests are an import's (LogImportResult), turned into a RequestSet once, on the first
// worker that needs it, and shared by every later job on that import. Each job also gets the
// last result on those requests, so a new target reuses its rates and curves (advise() with
// `previous`) and costs a few replays per algorithm, not a whole run.
//
// Thread safety: call everything from the thread that owns the controller (the GUI thread).

#include "app/models/jobs/jobrunner.h"
#include "app/models/results/logimport.h"
#include "engine/advisor/advisor.h"

#include <QObject>
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

    // Advise on these requests from now on: cancels any job or scheduled start and forgets the
    // last result, which was about other requests.
    void setImport(std::shared_ptr<const LogImportResult> import);
    // Starts a job now, superseding any running or scheduled one. Returns its id, 0 without an import.
    quint64 start(const AdvisorOptions& options);
    // Starts a job with `options` after kDebounceMs without another schedule().
    void schedule(const AdvisorOptions& options);
    // Cancels the running job (cancelled() follows) and any scheduled start.
    void cancel();

    bool isRunning() const { return m_jobs.isRunning(); }
    bool isPending() const { return m_debounce.isActive(); }
    quint64 currentJob() const { return m_jobs.currentJob(); }
    std::shared_ptr<const AdvisorResult> lastResult() const { return m_last; }

    // The windows W the advisor reports key rates for (1 s, 10 s, 1 min, 1 h): the
    // distribution's choices and the window the limits are per.
    static const std::vector<Duration>& rateWindows() { return defaultRateWindows(); }

    static constexpr int kDebounceMs = 150;
    static constexpr int kProgressIntervalMs = JobRunner::kProgressIntervalMs;

signals:
    void started(quint64 job);
    void progress(quint64 job, int permille, const QString& phase);
    void finished(quint64 job, std::shared_ptr<const ratelab::AdvisorResult> result);
    void failed(quint64 job, const QString& message);
    void cancelled(quint64 job);
    void runningChanged(bool running);

private:
    class Source;

    AdviseFunction m_advise;
    QTimer m_debounce;
    AdvisorOptions m_scheduled;
    std::shared_ptr<Source> m_source;
    std::shared_ptr<const AdvisorResult> m_last;
    JobRunner m_jobs;  // last: destroyed first, waiting for the workers while what they use lives
};

}  // namespace ratelab

Q_DECLARE_METATYPE(std::shared_ptr<const ratelab::AdvisorResult>)
