#include "app/models/advisorcontroller.h"

#include <QMetaObject>

#include <chrono>
#include <mutex>

namespace ratelab {

// One import's requests as the advisor takes them, built once by whichever worker gets there first.
class AdvisorController::Source {
public:
    explicit Source(std::shared_ptr<const LogImportResult> import) : m_import(std::move(import)) {}

    const RequestSet& set()
    {
        std::call_once(m_once, [this] {
            m_set = requestSetFromImport(m_import->requests, *m_import->keys, m_import->summary);
        });
        return m_set;
    }

private:
    const std::shared_ptr<const LogImportResult> m_import;
    std::once_flag m_once;
    RequestSet m_set;
};

// One run. The RunControl's progress callback is owned by the job and only called by the
// worker while it holds the job, so it may refer to the job directly.
struct AdvisorController::Job {
    Job(AdvisorController* owner, quint64 jobId, std::shared_ptr<Source> src, const AdvisorOptions& o,
        std::shared_ptr<const AdvisorResult> last)
        : id(jobId),
          source(std::move(src)),
          options(o),
          previous(std::move(last)),
          control([this, owner](int permille, const std::string& phase) { onProgress(owner, permille, phase); })
    {
    }

    // Worker thread: forwards at most one progress per kProgressIntervalMs.
    void onProgress(AdvisorController* owner, int permille, const std::string& phase)
    {
        const auto now = std::chrono::steady_clock::now();
        if (now - lastProgress < std::chrono::milliseconds(kProgressIntervalMs) && permille < 1000)
            return;
        lastProgress = now;
        const quint64 jobId = id;
        const QString text = QString::fromStdString(phase);
        QMetaObject::invokeMethod(
            owner, [owner, jobId, permille, text] {
                if (jobId == owner->m_currentJob)
                    emit owner->progress(jobId, permille, text);
            },
            Qt::QueuedConnection);
    }

    const quint64 id;
    const std::shared_ptr<Source> source;
    const AdvisorOptions options;
    const std::shared_ptr<const AdvisorResult> previous;  // the last result on the same requests, or null
    RunControl control;
    std::chrono::steady_clock::time_point lastProgress{};
};

AdvisorController::AdvisorController(QObject* parent)
    : AdvisorController([](const RequestSet& set, const AdvisorOptions& o, const AdvisorResult* previous,
                           RunControl& c) { return advise(set, o, previous, &c); },
                        parent)
{
}

AdvisorController::AdvisorController(AdviseFunction advise, QObject* parent) : QObject(parent), m_advise(std::move(advise))
{
    qRegisterMetaType<std::shared_ptr<const ratelab::AdvisorResult>>();
    // One job does the work; a superseded one only needs to notice its cancel.
    m_pool.setMaxThreadCount(2);
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kDebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, [this] { start(m_scheduled); });
}

AdvisorController::~AdvisorController()
{
    if (m_current)
        m_current->control.cancel();
    m_pool.waitForDone();
}

void AdvisorController::setImport(std::shared_ptr<const LogImportResult> import)
{
    m_debounce.stop();
    if (m_current)
        m_current->control.cancel();
    m_current.reset();
    m_currentJob = 0;  // whatever is still running is about the old requests: dropped
    m_last.reset();
    m_source = import ? std::make_shared<Source>(std::move(import)) : nullptr;
}

quint64 AdvisorController::start(const AdvisorOptions& options)
{
    m_debounce.stop();
    if (!m_source)
        return 0;
    if (m_current)
        m_current->control.cancel();
    const quint64 id = m_nextJob++;
    auto job = std::make_shared<Job>(this, id, m_source, options, m_last);
    m_current = job;
    m_currentJob = id;
    const bool wasRunning = isRunning();
    ++m_running;

    m_pool.start([this, job] {
        std::shared_ptr<const AdvisorResult> result;
        QString error;
        bool wasCancelled = false;
        try {
            if (job->control.cancelled())
                throw Cancelled{};
            result = std::make_shared<const AdvisorResult>(m_advise(job->source->set(), job->options, job->previous.get(), job->control));
        } catch (const Cancelled&) {
            wasCancelled = true;
        } catch (const std::exception& e) {
            error = QString::fromUtf8(e.what());
        } catch (...) {
            error = QStringLiteral("unknown error");
        }
        QMetaObject::invokeMethod(
            this, [this, job, result, error, wasCancelled] { deliver(job, result, error, wasCancelled); },
            Qt::QueuedConnection);
    });

    emit started(id);
    if (!wasRunning)
        emit runningChanged(true);
    return id;
}

void AdvisorController::schedule(const AdvisorOptions& options)
{
    m_scheduled = options;
    m_debounce.start();
}

void AdvisorController::cancel()
{
    m_debounce.stop();
    if (m_current)
        m_current->control.cancel();
}

void AdvisorController::deliver(const std::shared_ptr<Job>& job, std::shared_ptr<const AdvisorResult> result,
                                const QString& error, bool wasCancelled)
{
    --m_running;
    if (job->id == m_currentJob) {
        m_current.reset();
        if (result) {
            m_last = result;
            emit progress(job->id, 1000, QStringLiteral("done"));
            emit finished(job->id, result);
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
