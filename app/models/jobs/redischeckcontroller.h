#pragma once
// "Check against Redis": the current scenario's lanes decided again by our Lua scripts in a live
// Redis (engine/check/redischeck.h), off the GUI thread through a JobRunner (progress, cancel,
// latest wins), and the outcome in words for the Compare view. The server is the one the
// settings name (key "redis/url"), else RATELAB_REDIS_URL; with neither the check is off.
//
// Thread safety: call everything from the thread that owns the controller (the GUI thread).

#include "app/models/jobs/jobrunner.h"
#include "engine/check/redischeck.h"

#include <QObject>

#include <functional>
#include <memory>

namespace ratelab {

class RedisCheckController : public QObject {
    Q_OBJECT
public:
    using CheckFunction = std::function<RedisCheck(const Scenario&, const RedisAddress&, RunControl&)>;

    // Runs ratelab::checkAgainstRedis.
    explicit RedisCheckController(QObject* parent = nullptr);
    // Runs `check` instead (tests).
    explicit RedisCheckController(CheckFunction check, QObject* parent = nullptr);

    // The configured server's URL: the setting, else the environment; empty when neither.
    static QString configuredUrl();

    // Starts checking `scenario` against `url`, superseding a check under way. Returns its job
    // id, or 0 with failed() already emitted when the URL does not parse.
    quint64 start(std::shared_ptr<const Scenario> scenario, const QString& url);
    void cancel() { m_jobs.cancel(); }
    bool isRunning() const { return m_jobs.isRunning(); }

    // One line for the view: "Redis at URL agrees on all 61,200 decisions of 6 lanes" or
    // "Redis at URL differs on 3 of 61,200 decisions: ...", with the lanes not checked and why.
    static QString summary(const RedisCheck& check);
    // The ids of lanes with at least one differing decision.
    static QStringList differingLanes(const RedisCheck& check);

signals:
    void started(quint64 job);
    void progress(quint64 job, int permille, const QString& phase);
    void finished(quint64 job, std::shared_ptr<const ratelab::RedisCheck> check);
    void failed(quint64 job, const QString& message);
    void cancelled(quint64 job);
    void runningChanged(bool running);

private:
    CheckFunction m_check;
    JobRunner m_jobs;  // last: destroyed first, waiting for the workers while what they use lives
};

}  // namespace ratelab

Q_DECLARE_METATYPE(std::shared_ptr<const ratelab::RedisCheck>)
