#include "app/models/jobs/learncontroller.h"

#include <algorithm>

namespace ratelab {
namespace {

// Where a seek lands (from the scenario start), or none.
std::optional<SimTime> seekTarget(const LearnRequest& request, const std::string& key, LearnHistories& result,
                                  RunControl& control)
{
    const Scenario& scenario = *request.scenario;
    switch (request.seek) {
    case LearnSeek::None: return std::nullopt;
    case LearnSeek::Time: return request.fromUs;
    case LearnSeek::Rejection: {
        std::optional<SimTime> first;
        for (const std::string& id : request.algorithms) {
            const std::optional<SimTime> at = nextRejection(scenario, id, key, request.fromUs, control);
            if (at && (!first || *at < *first))
                first = at;
        }
        return first;
    }
    case LearnSeek::Burst:
        if (const std::optional<KeyBurst> burst = nextBurst(scenario, request.algorithms.front(), key, request.fromUs, control)) {
            result.targetEndUs = burst->lastUs;
            return burst->firstUs;
        }
        return std::nullopt;
    }
    return std::nullopt;
}

}  // namespace

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
            if (key.empty())
                return std::shared_ptr<const LearnHistories>(std::move(result));
            SimTime fromUs = request.fromUs;
            if (request.seek != LearnSeek::None) {
                result->targetUs = seekTarget(request, key, *result, job.control());
                if (!result->targetUs) {
                    result->notFound = true;
                    return std::shared_ptr<const LearnHistories>(std::move(result));
                }
                fromUs = std::max<SimTime>(0, *result->targetUs - kContextUs);
            }
            for (std::size_t i = 0; i < request.algorithms.size(); ++i) {
                const std::string& id = request.algorithms[i];
                const std::string& laneKey = i > 0 && !request.otherKey.empty() ? request.otherKey : key;
                KeyHistory history = m_history(*request.scenario, id, laneKey, fromUs, kMaxSteps, job.control());
                // A key so busy that a second of context fills the lane: follow from the find.
                if (result->targetUs && history.steps.size() >= kMaxSteps && history.steps.back().atUs < *result->targetUs)
                    history = m_history(*request.scenario, id, laneKey, *result->targetUs, kMaxSteps, job.control());
                result->histories.push_back(std::move(history));
            }
            if (result->histories.size() > 1 && result->histories[1].steps.empty() && request.otherKey.empty())
                result->keyInOtherLane =
                    sameRequestKey(*request.scenario, request.algorithms[0], key, request.algorithms[1], job.control());
            return std::shared_ptr<const LearnHistories>(std::move(result));
        },
        [this](const JobRunner::Job& job, std::shared_ptr<const LearnHistories> histories) {
            emit finished(job.id(), histories);
        });
}

}  // namespace ratelab
