#pragma once
// Runs scenarios off the GUI thread through a JobRunner (jobrunner.h: job ids, latest wins,
// cancel, throttled progress, destruction cancels and waits). Progress is in permille with a
// phase and, once known, an ETA text ("traffic, 0:12 left"); a finished run ends with a
// (1000, "done") progress before finished(). The last good report stays available while a
// new one runs, and after a cancel or a failure.
//
// Thread safety: call everything from the thread that owns the controller (the GUI thread).

#include "app/models/jobs/jobrunner.h"
#include "engine/report/report.h"
#include "engine/scenario/scenario.h"

#include <QObject>

#include <functional>
#include <memory>

namespace ratelab {

class SimulationController : public QObject {
    Q_OBJECT
public:
    using RunFunction = std::function<Report(const Scenario&, RunControl&)>;

    // Runs ratelab::runScenario on all the machine's cores (defaultRunThreads()).
    explicit SimulationController(QObject* parent = nullptr);
    // Runs `run` instead (tests inject slow or failing runs).
    explicit SimulationController(RunFunction run, QObject* parent = nullptr);

    // Starts a run of `scenario`, superseding any running job. Returns its job id (> 0).
    quint64 start(const Scenario& scenario);
    // Cancels the current job; cancelled() follows once the worker has stopped.
    void cancel() { m_jobs.cancel(); }

    bool isRunning() const { return m_jobs.isRunning(); }
    quint64 currentJob() const { return m_jobs.currentJob(); }
    std::shared_ptr<const Report> lastReport() const { return m_lastReport; }
    // The scenario the last report was computed from.
    std::shared_ptr<const Scenario> lastScenario() const { return m_lastScenario; }

    // The minimum time between two progress signals.
    static constexpr int kProgressIntervalMs = JobRunner::kProgressIntervalMs;

signals:
    void started(quint64 job);
    void progress(quint64 job, int permille, const QString& phase);
    void finished(quint64 job, std::shared_ptr<const ratelab::Report> report, qint64 elapsedMs);
    void failed(quint64 job, const QString& message);
    void cancelled(quint64 job);
    void runningChanged(bool running);

private:
    RunFunction m_run;
    std::shared_ptr<const Report> m_lastReport;
    std::shared_ptr<const Scenario> m_lastScenario;
    JobRunner m_jobs;  // last: destroyed first, waiting for the workers while what they use lives
};

}  // namespace ratelab

Q_DECLARE_METATYPE(std::shared_ptr<const ratelab::Report>)
