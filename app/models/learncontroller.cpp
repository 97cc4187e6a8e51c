#include "app/models/learncontroller.h"

namespace ratelab {

LearnController::LearnController(KeysFunction keys, HistoryFunction history, QObject* parent)
    : QObject(parent), m_keys(std::move(keys)), m_history(std::move(history))
{
    qRegisterMetaType<std::shared_ptr<const ratelab::LearnHistories>>();
    m_jobs.relayTo(this);
}

quint64 LearnController::start(const LearnRequest& request)
{
    return m_jobs.start(
        [this, request](JobRunner::Job& job) {
            auto result = std::make_shared<LearnHistories>();
            result->request = request;
            std::string key = request.key;
            if (request.listKeys) {
                result->keys = m_keys(*request.scenario, kKeyCount, job.control());
                if (key.empty() && !result->keys.empty())
                    key = result->keys.front();
            }
            if (!key.empty())
                for (const std::string& id : request.algorithms)
                    result->histories.push_back(m_history(*request.scenario, id, key, request.fromUs, kMaxSteps, job.control()));
            return std::shared_ptr<const LearnHistories>(std::move(result));
        },
        [this](const JobRunner::Job& job, std::shared_ptr<const LearnHistories> histories) {
            emit finished(job.id(), histories);
        });
}

}  // namespace ratelab
