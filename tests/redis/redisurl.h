#pragma once
// The Redis server a test talks to: RATELAB_REDIS_URL when it is set (a server of your own),
// else the one the suite's fixture started (tests/redis/redis-fixture writes its URL to the
// file RATELAB_REDIS_URL_FILE names). Neither is a failure, never a skip: a suite that reports
// "passed" without having talked to Redis would hide that nothing was checked.

#include <QFile>
#include <QString>

namespace ratelab::test {

struct RedisUrl {
    QString url;
    QString problem;  // why there is no URL, with the fix
};

// The URL in `file`, or the problem.
inline RedisUrl urlFromFile(const QString& file, const char* what)
{
    QFile in(file);
    if (in.open(QIODevice::ReadOnly))
        if (const QString url = QString::fromUtf8(in.readAll()).trimmed(); !url.isEmpty())
            return {url, {}};
    return {{},
            QStringLiteral("no %1: its fixture did not start one (%2 is missing; is redis-server installed? run "
                           ".ci/install-deps)")
                .arg(QLatin1String(what), file)};
}

// A Redis Cluster of three masters: RATELAB_REDIS_CLUSTER_URL (one node of a cluster of your
// own), else the one the suite's cluster fixture started (tests/redis/redis-cluster-fixture).
inline RedisUrl redisClusterUrl()
{
    if (const QString fromEnv = qEnvironmentVariable("RATELAB_REDIS_CLUSTER_URL"); !fromEnv.isEmpty())
        return {fromEnv, {}};
    return urlFromFile(QStringLiteral(RATELAB_REDIS_CLUSTER_URL_FILE), "Redis Cluster");
}

inline RedisUrl redisUrl()
{
    if (const QString fromEnv = qEnvironmentVariable("RATELAB_REDIS_URL"); !fromEnv.isEmpty())
        return {fromEnv, {}};
    QFile file(QStringLiteral(RATELAB_REDIS_URL_FILE));
    if (file.open(QIODevice::ReadOnly))
        if (const QString url = QString::fromUtf8(file.readAll()).trimmed(); !url.isEmpty())
            return {url, {}};
    return {{},
            QStringLiteral("no Redis: the redis_server fixture did not start one (%1 is missing; is redis-server "
                           "installed? run .ci/install-deps), and RATELAB_REDIS_URL is not set")
                .arg(QStringLiteral(RATELAB_REDIS_URL_FILE))};
}

}  // namespace ratelab::test
