#pragma once
// Runs scenarios off the GUI thread (STYLE habit 6, after hotspot's jobtracker.h).
//
// Each start() gets a new job id, cancels the job before it and runs on the controller's own
// QThreadPool. Progress comes back queued and throttled (at most every 50 ms, in permille,
// with a phase and ETA text). A result is delivered only if its job is still the current
// one: a superseded or cancelled job's result is dropped. The last good report stays
// available while a new one runs, and after a cancel or a failure.
//
// Thread safety: call everything from the thread that owns the controller (the GUI thread).

#include "engine/core/runcontrol.h"
#include "engine/core/units.h"  // scenario.h uses Rate without including it
#include "engine/report.h"
#include "engine/scenario/scenario.h"

#include <QElapsedTimer>
#include <QObject>
#include <QThreadPool>

#include <functional>
#include <memory>

namespace ratelab {

class SimulationController : public QObject {
    Q_OBJECT
public:
    using RunFunction = std::function<Report(const Scenario&, RunControl&)>;

    // Runs ratelab::runScenario.
    explicit SimulationController(QObject* parent = nullptr);
    // Runs `run` instead (tests inject slow or failing runs).
    explicit SimulationController(RunFunction run, QObject* parent = nullptr);
    // Cancels the current job and waits for the worker.
    ~SimulationController() override;

    // Starts a run of `scenario`, superseding any running job. Returns its job id (> 0).
    quint64 start(const Scenario& scenario);
    // Cancels the current job; cancelled() follows once the worker has stopped.
    void cancel();

    bool isRunning() const { return m_running != 0; }
    quint64 currentJob() const { return m_currentJob; }
    std::shared_ptr<const Report> lastReport() const { return m_lastReport; }
    // The scenario the last report was computed from.
    std::shared_ptr<const Scenario> lastScenario() const { return m_lastScenario; }

    // The minimum time between two progress signals.
    static constexpr int kProgressIntervalMs = 50;

signals:
    void started(quint64 job);
    void progress(quint64 job, int permille, const QString& phase);
    void finished(quint64 job, std::shared_ptr<const ratelab::Report> report, qint64 elapsedMs);
    void failed(quint64 job, const QString& message);
    void cancelled(quint64 job);
    void runningChanged(bool running);

private:
    struct Job;
    void deliver(const std::shared_ptr<Job>& job, std::shared_ptr<const Report> report, const QString& error,
                 bool wasCancelled);

    RunFunction m_run;
    QThreadPool m_pool;
    quint64 m_nextJob = 1;
    quint64 m_currentJob = 0;
    std::shared_ptr<Job> m_current;
    int m_running = 0;  // jobs whose worker has not reported back yet (current or superseded)
    std::shared_ptr<const Report> m_lastReport;
    std::shared_ptr<const Scenario> m_lastScenario;
};

} // namespace ratelab

Q_DECLARE_METATYPE(std::shared_ptr<const ratelab::Report>)
