#include "app/models/jobs/advisorcontroller.h"

#include <mutex>

namespace ratelab {

// One import's requests as the advisor takes them, built once by whichever worker gets there first.
class AdvisorController::Source {
public:
    explicit Source(std::shared_ptr<const LogImportResult> import) : m_import(std::move(import)) {}

    const RequestSet& set()
    {
        std::call_once(m_once, [this] { m_set = requestSetFromImport(m_import->requests, *m_import->keys, m_import->summary); });
        return m_set;
    }

private:
    const std::shared_ptr<const LogImportResult> m_import;
    std::once_flag m_once;
    RequestSet m_set;
};

AdvisorController::AdvisorController(QObject* parent)
    : AdvisorController([](const RequestSet& set, const AdvisorOptions& o, const AdvisorResult* previous,
                           RunControl& c) { return advise(set, o, previous, &c); },
                        parent)
{}

AdvisorController::AdvisorController(AdviseFunction advise, QObject* parent) : QObject(parent), m_advise(std::move(advise))
{
    qRegisterMetaType<std::shared_ptr<const ratelab::AdvisorResult>>();
    m_jobs.relayTo(this);
    connect(&m_jobs, &JobRunner::progress, this, &AdvisorController::progress);
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kDebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, [this] { start(m_scheduled); });
}

void AdvisorController::setImport(std::shared_ptr<const LogImportResult> import)
{
    m_debounce.stop();
    m_jobs.drop();  // whatever is still running is about the old requests
    m_last.reset();
    m_source = import ? std::make_shared<Source>(std::move(import)) : nullptr;
}

quint64 AdvisorController::start(const AdvisorOptions& options)
{
    m_debounce.stop();
    if (!m_source)
        return 0;
    return m_jobs.start(
        [this, source = m_source, options, previous = m_last](JobRunner::Job& job) {
            return std::make_shared<const AdvisorResult>(m_advise(source->set(), options, previous.get(), job.control()));
        },
        [this](const JobRunner::Job& job, std::shared_ptr<const AdvisorResult> result) {
            m_last = result;
            emit progress(job.id(), 1000, QStringLiteral("done"));
            emit finished(job.id(), result);
        });
}

void AdvisorController::schedule(const AdvisorOptions& options)
{
    m_scheduled = options;
    m_debounce.start();
}

void AdvisorController::cancel()
{
    m_debounce.stop();
    m_jobs.cancel();
}

}  // namespace ratelab
