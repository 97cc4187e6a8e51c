#pragma once
// Follows one key for the Learn view off the GUI thread through a JobRunner (jobrunner.h: job
// ids, latest wins, cancel, destruction cancels and waits): its requests through one or two
// algorithms of a scenario, step by step (engine.h keyHistory), and, when asked, first the
// scenario's busiest keys to pick from (busiestKeys), the first of them followed when no key is
// given. Both read the whole traffic, so both refuse a scenario over the work cap: failed().
// It also seeks (LearnSeek): any time, the next rejection, the next burst, so that every
// request is reachable though a lane follows at most kMaxSteps of them.
//
// Thread safety: call everything from the thread that owns the controller (the GUI thread).

#include "app/models/jobs/jobrunner.h"
#include "engine/engine.h"

#include <QObject>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ratelab {

// Where to follow the key from. Time: from kContextUs before `fromUs`, opening at it.
// Rejection and Burst: the first rejection (in any of the lanes) or burst (of the first lane,
// nextBurst) at or after `fromUs`, followed from kContextUs before it; none found leaves the
// histories empty and says so (LearnHistories::notFound).
enum class LearnSeek { None, Time, Rejection, Burst };

struct LearnRequest {
    std::shared_ptr<const Scenario> scenario;
    std::string key;                      // empty: the busiest key (with listKeys)
    std::vector<std::string> algorithms;  // the lanes' algorithm ids: A, then B if any
    bool listKeys = false;                // list the busiest keys first
    SimTime fromUs = 0;                   // from the key's first request at or after this
    LearnSeek seek = LearnSeek::None;
    std::string otherKey;  // the key the second lane follows (empty: `key`)
};

struct LearnHistories {
    LearnRequest request;
    std::vector<std::string> keys;      // the busiest keys, most requests first (listKeys only)
    std::vector<KeyHistory> histories;  // one per algorithm, in order; none when there is no key
    // A seek's find: the time to open at, and for a burst its last request.
    std::optional<SimTime> targetUs;
    std::optional<SimTime> targetEndUs;
    bool notFound = false;  // a seek that found nothing after request.fromUs
    // For a second lane without a request of the key: the key it gives the same traffic.
    std::optional<std::string> keyInOtherLane;
};

class LearnController : public QObject {
    Q_OBJECT
public:
    using KeysFunction = std::function<std::vector<std::string>(const Scenario&, std::size_t count, RunControl&)>;
    using HistoryFunction = std::function<KeyHistory(const Scenario&, const std::string& algorithmId, const std::string& key,
                                                     SimTime fromUs, std::size_t maxSteps, RunControl&)>;

    // Runs ratelab::busiestKeys and ratelab::keyHistory, with each step's sentence worded
    // (decisiontext.h).
    explicit LearnController(QObject* parent = nullptr);
    // Runs `keys` and `history` instead (tests inject slow or failing ones).
    LearnController(KeysFunction keys, HistoryFunction history, QObject* parent = nullptr);

    // Starts tracing, superseding any running job. Returns its job id (> 0).
    quint64 start(const LearnRequest& request);
    // Cancels the current job; cancelled() follows once the worker has stopped.
    void cancel() { m_jobs.cancel(); }

    bool isRunning() const { return m_jobs.isRunning(); }
    quint64 currentJob() const { return m_jobs.currentJob(); }

    static constexpr std::size_t kMaxSteps = 2000;    // requests followed per lane
    static constexpr SimTime kContextUs = 1'000'000;  // followed before a seek's find
    static constexpr std::size_t kKeyCount = 30;      // busiest keys listed

signals:
    void started(quint64 job);
    void finished(quint64 job, std::shared_ptr<const ratelab::LearnHistories> histories);
    void failed(quint64 job, const QString& message);
    void cancelled(quint64 job);
    void runningChanged(bool running);

private:
    KeysFunction m_keys;
    HistoryFunction m_history;
    JobRunner m_jobs;  // last: destroyed first, waiting for the workers while what they use lives
};

}  // namespace ratelab

Q_DECLARE_METATYPE(std::shared_ptr<const ratelab::LearnHistories>)
