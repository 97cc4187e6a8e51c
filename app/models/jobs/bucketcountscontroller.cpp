#include "app/models/jobs/bucketcountscontroller.h"

namespace ratelab {

BucketCountsController::BucketCountsController(KeysFunction keys, CountsFunction counts, QObject* parent)
    : QObject(parent), m_keys(std::move(keys)), m_counts(std::move(counts))
{
    qRegisterMetaType<std::shared_ptr<const ratelab::CountsResult>>();
    m_jobs.relayTo(this);
    connect(&m_jobs, &JobRunner::progress, this,
            [this](quint64 job, int permille, const QString& phase, qint64) { emit progress(job, permille, phase); });
}

quint64 BucketCountsController::start(const CountsRequest& request)
{
    return m_jobs.start(
        [this, request](JobRunner::Job& job) {
            auto result = std::make_shared<CountsResult>();
            result->request = request;
            if (request.listKeys)
                result->keys = m_keys(*request.scenario, kKeyCount, job.control());
            if (request.bucketUs > 0)
                result->counts = std::make_shared<const BucketCounts>(
                    m_counts(*request.scenario, request.key, request.bucketUs, job.control()));
            return std::shared_ptr<const CountsResult>(std::move(result));
        },
        [this](const JobRunner::Job& job, std::shared_ptr<const CountsResult> result) { emit finished(job.id(), result); });
}

}  // namespace ratelab
