#include "app/models/jobs/redischeckcontroller.h"

#include "app/models/text/formatting.h"

#include <QSettings>

namespace ratelab {

RedisCheckController::RedisCheckController(QObject* parent) : RedisCheckController(&checkAgainstRedis, parent) {}

RedisCheckController::RedisCheckController(CheckFunction check, QObject* parent) : QObject(parent), m_check(std::move(check))
{
    qRegisterMetaType<std::shared_ptr<const ratelab::RedisCheck>>();
    m_jobs.relayTo(this);
    connect(&m_jobs, &JobRunner::progress, this,
            [this](quint64 job, int permille, const QString& phase, qint64) { emit progress(job, permille, phase); });
}

QString RedisCheckController::configuredUrl()
{
    const QString set = QSettings().value(QStringLiteral("redis/url")).toString().trimmed();
    return set.isEmpty() ? qEnvironmentVariable("RATELAB_REDIS_URL").trimmed() : set;
}

quint64 RedisCheckController::start(std::shared_ptr<const Scenario> scenario, const QString& url)
{
    std::string error;
    const std::optional<RedisAddress> address = parseRedisUrl(url.toStdString(), error);
    if (!address) {
        emit failed(0,
                    tr("%1: %2").arg(QString::fromStdString(maskedRedisUrl(url.toStdString())), QString::fromStdString(error)));
        return 0;
    }
    return m_jobs.start(
        [this, scenario, address = *address](JobRunner::Job& job) {
            return std::make_shared<const RedisCheck>(m_check(*scenario, address, job.control()));
        },
        [this](const JobRunner::Job& job, std::shared_ptr<const RedisCheck> check) { emit finished(job.id(), check); });
}

namespace {

QString decisionText(const Decision& d)
{
    return d.allowed ? RedisCheckController::tr("allowed, %1 left").arg(d.remaining)
                     : RedisCheckController::tr("rejected, retry after %1").arg(fmt::duration(d.retryAfterUs));
}

}  // namespace

QString RedisCheckController::summary(const RedisCheck& check)
{
    std::int64_t compared = 0, differing = 0;
    int lanes = 0;
    const LaneCheck* first = nullptr;
    QStringList skipped;
    for (const LaneCheck& lane : check.lanes) {
        if (!lane.skipped.empty()) {
            skipped << tr("%1 not checked: %2").arg(QString::fromStdString(lane.id), QString::fromStdString(lane.skipped));
            continue;
        }
        ++lanes;
        compared += lane.compared;
        differing += lane.differing;
        if (!first && !lane.examples.empty())
            first = &lane;
    }
    const QString server = QString::fromStdString(check.server) + (check.cluster ? tr(" (a cluster)") : QString());
    QString text;
    if (lanes == 0)
        text = tr("Nothing checked against %1").arg(server);
    else if (differing == 0)
        text = tr("Redis at %1 agrees on all %2 decisions of %3")
                   .arg(server, fmt::exact(compared), lanes == 1 ? tr("1 lane") : tr("%1 lanes").arg(lanes));
    else {
        const LaneCheck::Difference& d = first->examples.front();
        text = tr("Redis at %1 differs on %2 of %3 decisions; first: %4, key %5 at %6: engine %7, Redis %8")
                   .arg(server, fmt::exact(differing), fmt::exact(compared), QString::fromStdString(first->id),
                        QString::fromStdString(d.key), fmt::simTime(d.atUs), decisionText(d.engine), decisionText(d.redis));
    }
    return skipped.isEmpty() ? text : text + QStringLiteral("; ") + skipped.join(QStringLiteral("; "));
}

QStringList RedisCheckController::differingLanes(const RedisCheck& check)
{
    QStringList ids;
    for (const LaneCheck& lane : check.lanes)
        if (lane.differing > 0)
            ids << QString::fromStdString(lane.id);
    return ids;
}

}  // namespace ratelab
