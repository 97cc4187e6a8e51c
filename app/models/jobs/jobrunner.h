#pragma once
// Runs one kind of job off the GUI thread, latest wins (contributing.md, habit 6, after hotspot's
// jobtracker.h); the run, import and advisor controllers are each a JobRunner plus what their
// job computes.
//
// start(work, onFinished) gives the job the next id (1, 2, ...), cancels the job before it and
// runs `work(Job&)` on the runner's own pool (two threads: the current job and a superseded
// one winding down; a further job waits for a thread). Exactly one of these follows on the
// runner's thread, and only while the job is still the current one:
//   onFinished(const Job&, result)  `work` returned `result`
//   cancelled(id)                   `work` threw Cancelled, or the job was cancelled before
//                                   a thread picked it up (then `work` never runs)
//   failed(id, message)             `work` threw anything else (message: what(), or "unknown error")
// A superseded or dropped job delivers nothing, not even its progress; cancel() keeps the job
// current, so its cancelled() (or, if `work` finished first anyway, its result) still comes.
//
// start() emits started(id), then runningChanged(true) if no worker was out; the last worker
// to report back (superseded ones count) emits runningChanged(false) after its delivery, and
// isRunning() is already false while that delivery is heard.
//
// Progress: the job's RunControl reports are forwarded as progress() while that signal is
// connected (checked at start()); other reports can go through Job::progressDue() and
// Job::post(). A job sends at most one report per kProgressIntervalMs, except that a new
// phase and 1000 permille (or a forced report) always go out.
//
// Thread safety: call everything from the thread that owns the runner; `work` and the Job
// methods run on the worker, `onFinished` and the signals on the owner's thread. The
// destructor cancels the current job and waits for the workers.

#include "engine/core/runcontrol.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QThreadPool>

#include <chrono>
#include <functional>
#include <memory>
#include <string>

namespace ratelab {

class JobRunner : public QObject {
    Q_OBJECT
public:
    // One job as its `work` sees it on the worker, and as `onFinished` sees it after.
    class Job {
    public:
        Job(JobRunner* runner, quint64 id, bool forwardsProgress);

        quint64 id() const { return m_id; }
        RunControl& control() { return m_control; }
        qint64 elapsedMs() const { return m_elapsed.elapsed(); }

        // Worker: whether a progress report may go out now (see the throttle above); `force`
        // lets a last report through. A true answer counts as a report sent.
        bool progressDue(bool force);
        // Worker: calls `deliver` on the runner's thread if this job is still current then.
        void post(std::function<void()> deliver) const;

    private:
        void forward(int permille, const std::string& phase);

        JobRunner* const m_runner;
        const quint64 m_id;
        const bool m_forwardsProgress;
        RunControl m_control;
        QElapsedTimer m_elapsed;
        std::chrono::steady_clock::time_point m_lastProgress{};
        std::string m_lastPhase;
    };

    explicit JobRunner(QObject* parent = nullptr);
    ~JobRunner() override;

    // Starts a job, superseding the current one; returns its id. `work`: Result(Job&), on a
    // worker; `onFinished`: void(const Job&, Result), on this thread.
    template <class Work, class OnFinished>
    quint64 start(Work work, OnFinished onFinished)
    {
        return run([work = std::move(work), onFinished = std::move(onFinished)](Job& job) -> Delivery {
            return [onFinished, result = work(job)](const Job& done) { onFinished(done, result); };
        });
    }
    // Asks the current job to stop; its cancelled() follows once its worker has.
    void cancel();
    // Cancels the current job and forgets it: nothing of it is delivered, and no job is current.
    void drop();

    // Re-emits started(), failed(), cancelled() and runningChanged() as the controller's
    // signals of the same names, which every controller on a runner has; progress is each
    // controller's own (its units differ).
    template <class Controller>
    void relayTo(Controller* controller)
    {
        connect(this, &JobRunner::started, controller, &Controller::started);
        connect(this, &JobRunner::failed, controller, &Controller::failed);
        connect(this, &JobRunner::cancelled, controller, &Controller::cancelled);
        connect(this, &JobRunner::runningChanged, controller, &Controller::runningChanged);
    }

    bool isRunning() const { return m_running != 0; }
    // The last job started, 0 before the first one and after drop().
    quint64 currentJob() const { return m_currentJob; }

    static constexpr int kProgressIntervalMs = 50;

signals:
    void started(quint64 job);
    void progress(quint64 job, int permille, const QString& phase, qint64 elapsedMs);
    void failed(quint64 job, const QString& message);
    void cancelled(quint64 job);
    void runningChanged(bool running);

private:
    using Delivery = std::function<void(const Job&)>;
    quint64 run(std::function<Delivery(Job&)> work);
    void deliver(const Job& job, const Delivery& result, const QString& error, bool wasCancelled);

    QThreadPool m_pool;
    quint64 m_nextJob = 1;
    quint64 m_currentJob = 0;
    std::shared_ptr<Job> m_current;  // until it delivers or is superseded or dropped
    int m_running = 0;               // jobs whose worker has not reported back yet
};

}  // namespace ratelab
