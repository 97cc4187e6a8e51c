#include "app/models/simulationcontroller.h"

#include "engine/scenario/scenarioio.h"

#include <QMetaObject>

#include <atomic>
#include <chrono>
#include <exception>

namespace ratelab {

namespace {

QString etaText(qint64 elapsedMs, int permille)
{
    if (permille < 20 || elapsedMs < 300)
        return {};
    const qint64 remainingMs = elapsedMs * (1000 - permille) / permille;
    const qint64 s = (remainingMs + 999) / 1000;
    return QStringLiteral("%1:%2 left").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

} // namespace

// One run. The RunControl's progress callback is owned by the job and only called by the
// worker while it holds the job, so it may refer to the job directly.
struct SimulationController::Job {
    Job(SimulationController* owner, quint64 jobId, const Scenario& s)
        : id(jobId),
          scenario(std::make_shared<const Scenario>(s)),
          control([this, owner](int permille, const std::string& phase) { onProgress(owner, permille, phase); })
    {
        elapsed.start();
    }

    // Worker thread: forwards at most one progress per kProgressIntervalMs (or phase change).
    void onProgress(SimulationController* owner, int permille, const std::string& phase)
    {
        const auto now = std::chrono::steady_clock::now();
        if (phase == lastPhase && now - lastProgress < std::chrono::milliseconds(kProgressIntervalMs)
            && permille < 1000)
            return;
        lastProgress = now;
        lastPhase = phase;
        QString text = QString::fromStdString(phase);
        const QString eta = etaText(elapsed.elapsed(), permille);
        if (!eta.isEmpty())
            text += QStringLiteral(", ") + eta;
        const quint64 jobId = id;
        QMetaObject::invokeMethod(
            owner, [owner, jobId, permille, text] {
                if (jobId == owner->m_currentJob)
                    emit owner->progress(jobId, permille, text);
            },
            Qt::QueuedConnection);
    }

    const quint64 id;
    const std::shared_ptr<const Scenario> scenario;
    RunControl control;
    QElapsedTimer elapsed;
    std::chrono::steady_clock::time_point lastProgress{};
    std::string lastPhase;
};

SimulationController::SimulationController(RunFunction run, QObject* parent)
    : QObject(parent), m_run(std::move(run))
{
    qRegisterMetaType<std::shared_ptr<const ratelab::Report>>();
    // One run at a time does the work; a superseded run only needs to notice its cancel.
    m_pool.setMaxThreadCount(2);
}

SimulationController::~SimulationController()
{
    if (m_current)
        m_current->control.cancel();
    m_pool.waitForDone();
}


quint64 SimulationController::start(const Scenario& scenario)
{
    if (m_current)
        m_current->control.cancel();

    const quint64 id = m_nextJob++;
    auto job = std::make_shared<Job>(this, id, scenario);

    m_current = job;
    m_currentJob = id;
    const bool wasRunning = isRunning();
    ++m_running;

    m_pool.start([this, job] {
        std::shared_ptr<const Report> report;
        QString error;
        bool wasCancelled = false;
        try {
            if (job->control.cancelled())
                throw Cancelled{};
            report = std::make_shared<const Report>(m_run(*job->scenario, job->control));
        } catch (const Cancelled&) {
            wasCancelled = true;
        } catch (const ScenarioError& e) {
            QStringList lines;
            for (const ScenarioProblem& p : e.problems())
                lines << QStringLiteral("%1: %2").arg(QString::fromStdString(p.path), QString::fromStdString(p.message));
            error = lines.isEmpty() ? QString::fromUtf8(e.what()) : lines.join(QLatin1Char('\n'));
        } catch (const std::exception& e) {
            error = QString::fromUtf8(e.what());
        } catch (...) {
            error = QStringLiteral("unknown error");
        }
        QMetaObject::invokeMethod(
            this, [this, job, report, error, wasCancelled] { deliver(job, report, error, wasCancelled); },
            Qt::QueuedConnection);
    });

    emit started(id);
    if (!wasRunning)
        emit runningChanged(true);
    return id;
}

void SimulationController::cancel()
{
    if (m_current)
        m_current->control.cancel();
}

void SimulationController::deliver(const std::shared_ptr<Job>& job, std::shared_ptr<const Report> report,
                                   const QString& error, bool wasCancelled)
{
    --m_running;
    const bool current = job->id == m_currentJob;
    if (current) {
        m_current.reset();
        if (report) {
            m_lastReport = report;
            m_lastScenario = job->scenario;
            emit progress(job->id, 1000, QStringLiteral("done"));
            emit finished(job->id, report, job->elapsed.elapsed());
        } else if (wasCancelled) {
            emit cancelled(job->id);
        } else {
            emit failed(job->id, error);
        }
    }
    // A superseded job's result is dropped.
    if (!isRunning())
        emit runningChanged(false);
}

} // namespace ratelab
