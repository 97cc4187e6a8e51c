#include "app/models/jobs/jobrunner.h"

#include <QMetaMethod>
#include <QMetaObject>

#include <exception>

namespace ratelab {

// The RunControl's progress callback belongs to the job and is only called by the worker
// holding it, so it may refer to the job directly.
JobRunner::Job::Job(JobRunner* runner, quint64 id, bool forwardsProgress)
    : m_runner(runner), m_id(id), m_forwardsProgress(forwardsProgress),
      m_control([this](int permille, const std::string& phase) { forward(permille, phase); })
{
    m_elapsed.start();
}

bool JobRunner::Job::progressDue(bool force)
{
    const auto now = std::chrono::steady_clock::now();
    if (!force && now - m_lastProgress < std::chrono::milliseconds(kProgressIntervalMs))
        return false;
    m_lastProgress = now;
    return true;
}

void JobRunner::Job::post(std::function<void()> deliver) const
{
    JobRunner* runner = m_runner;
    QMetaObject::invokeMethod(
        runner,
        [runner, id = m_id, deliver = std::move(deliver)] {
            if (id == runner->m_currentJob)
                deliver();
        },
        Qt::QueuedConnection);
}

void JobRunner::Job::forward(int permille, const std::string& phase)
{
    if (!m_forwardsProgress || !progressDue(permille >= 1000 || phase != m_lastPhase))
        return;
    m_lastPhase = phase;
    post([runner = m_runner, id = m_id, permille, text = QString::fromStdString(phase), ms = elapsedMs()] {
        emit runner->progress(id, permille, text, ms);
    });
}

JobRunner::JobRunner(QObject* parent) : QObject(parent)
{
    m_pool.setMaxThreadCount(2);
}

JobRunner::~JobRunner()
{
    cancel();
    m_pool.waitForDone();
}

quint64 JobRunner::run(std::function<Delivery(Job&)> work)
{
    cancel();
    const bool forwardsProgress = isSignalConnected(QMetaMethod::fromSignal(&JobRunner::progress));
    auto job = std::make_shared<Job>(this, m_nextJob++, forwardsProgress);
    m_current = job;
    m_currentJob = job->id();
    const bool wasRunning = isRunning();
    ++m_running;

    m_pool.start([this, job, work = std::move(work)] {
        Delivery result;
        QString error;
        bool wasCancelled = false;
        try {
            if (job->control().cancelled())
                throw Cancelled{};
            result = work(*job);
        } catch (const Cancelled&) {
            wasCancelled = true;
        } catch (const std::exception& e) {
            error = QString::fromUtf8(e.what());
        } catch (...) {
            error = QStringLiteral("unknown error");
        }
        QMetaObject::invokeMethod(
            this, [this, job, result, error, wasCancelled] { deliver(*job, result, error, wasCancelled); }, Qt::QueuedConnection);
    });

    emit started(job->id());
    if (!wasRunning)
        emit runningChanged(true);
    return job->id();
}

void JobRunner::cancel()
{
    if (m_current)
        m_current->control().cancel();
}

void JobRunner::drop()
{
    cancel();
    m_current.reset();
    m_currentJob = 0;
}

void JobRunner::deliver(const Job& job, const Delivery& result, const QString& error, bool wasCancelled)
{
    --m_running;
    if (job.id() == m_currentJob) {
        m_current.reset();
        if (result)
            result(job);
        else if (wasCancelled)
            emit cancelled(job.id());
        else
            emit failed(job.id(), error);
    }
    if (!isRunning())
        emit runningChanged(false);
}

}  // namespace ratelab
