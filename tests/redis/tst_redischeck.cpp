// "Check against Redis" (engine/check/redischeck.h): a scenario's lanes decided again by our Lua
// scripts in the redis-server and the 3-master Redis Cluster the suite starts. Every decision a
// lane made, retries included, is compared (so the count equals the lane's own attempts in
// the run's report), and none differs; lanes a script cannot be are named with the reason.

#include "redis/redisurl.h"

#include "engine/check/redischeck.h"
#include "engine/engine.h"
#include "engine/scenario/scenarioio.h"

#include <QtTest>

using namespace ratelab;

namespace {

// Six algorithms over bursty per-user traffic with clients that retry, costs of 1, and a
// per-endpoint lane whose requests go to two scripts (two limits) at once.
constexpr const char* kScenario = R"({
  "schema": "ratelab.scenario/1", "name": "check", "seed": 3, "duration": "20s", "start_us": 1767225600000000,
  "population": {"clients": 12},
  "endpoints": [{"method": "GET", "path": "/search", "weight": 1}, {"method": "GET", "path": "/items", "weight": 3}],
  "traffic": [{"kind": "poisson", "label": "users", "rate": "40/s"},
              {"kind": "onoff", "label": "bursts", "rate": "120/s", "on": "500ms", "off": "2s", "client": 0}],
  "keys": "user",
  "clients": {"retry": "retry_after", "max_retries": 3},
  "algorithms": [
    {"id": "token", "algorithm": "token_bucket", "params": {"capacity": 5, "refill": "3/s"}},
    {"id": "leaky", "algorithm": "leaky_bucket", "params": {"rate": "3/s", "burst": 3}},
    {"id": "window", "algorithm": "fixed_window", "params": {"limit": 6, "window": "2s"}},
    {"id": "log", "algorithm": "sliding_window_log", "params": {"limit": 6, "window": "2s"}},
    {"id": "counter", "algorithm": "sliding_window_counter", "params": {"limit": 6, "window": "2s"}},
    {"id": "gcra", "algorithm": "gcra", "params": {"rate": "3/s", "burst": 4}},
    {"id": "per endpoint", "algorithm": "gcra", "params": {"rate": "3/s", "burst": 4}, "keys": "user_endpoint",
     "per_endpoint": [{"path": "/search", "params": {"rate": "1/s", "burst": 2}}]},
    {"id": "changing", "algorithm": "token_bucket", "params": {"capacity": 5, "refill": "3/s"},
     "changes": [{"at": "10s", "params": {"refill": "6/s"}, "state": "keep"}]}
  ]
})";

RedisAddress addressOf(const test::RedisUrl& url)
{
    std::string error;
    const auto address = parseRedisUrl(url.url.toStdString(), error);
    if (!address)
        qFatal("%s: %s", qPrintable(url.url), error.c_str());
    return *address;
}

}  // namespace

class TestRedisCheck : public QObject {
    Q_OBJECT

private slots:
    void everyDecisionAgrees_data()
    {
        QTest::addColumn<bool>("cluster");
        QTest::newRow("redis-server") << false;
        QTest::newRow("redis cluster") << true;
    }

    void everyDecisionAgrees()
    {
        QFETCH(bool, cluster);
        const test::RedisUrl url = cluster ? test::redisClusterUrl() : test::redisUrl();
        QVERIFY2(!url.url.isEmpty(), qPrintable(url.problem));
        const Scenario scenario = loadScenario(kScenario, "check");
        RunControl control;
        const Report report = runScenario(scenario, control);
        const RedisCheck check = checkAgainstRedis(scenario, addressOf(url), control);
        QCOMPARE(check.cluster, cluster);
        QCOMPARE(check.lanes.size(), scenario.algorithms.size());
        std::int64_t retries = 0, compared = 0;
        for (std::size_t i = 0; i + 1 < check.lanes.size(); ++i) {
            const LaneCheck& lane = check.lanes[i];
            QCOMPARE(lane.id, report.algorithms[i].id);
            QVERIFY2(lane.skipped.empty(), lane.skipped.c_str());
            // Every attempt the run counted, its retries among them, went through a script.
            QCOMPARE(lane.compared, report.algorithms[i].requests);
            compared += lane.compared;
            retries += report.algorithms[i].closedLoop->retries;
            if (lane.differing != 0) {
                const LaneCheck::Difference& d = lane.examples.front();
                QFAIL(qPrintable(QStringLiteral("%1: %2 differ; first %3 at %4 us: engine %5/%6/%7, redis %8/%9/%10")
                                     .arg(QString::fromStdString(lane.id))
                                     .arg(lane.differing)
                                     .arg(QString::fromStdString(d.key))
                                     .arg(d.atUs)
                                     .arg(d.engine.allowed)
                                     .arg(d.engine.remaining)
                                     .arg(d.engine.retryAfterUs)
                                     .arg(d.redis.allowed)
                                     .arg(d.redis.remaining)
                                     .arg(d.redis.retryAfterUs)));
            }
            QVERIFY(report.algorithms[i].rejected > 0);  // a check of allowed requests alone would prove little
        }
        QVERIFY(retries > 0);
        qInfo("%lld decisions compared, %lld of them retries", static_cast<long long>(compared), static_cast<long long>(retries));
        QCOMPARE(check.lanes.back().skipped, std::string("its limit changes during the run, and a script holds one limit"));
        QCOMPARE(check.lanes.back().compared, std::int64_t(0));
    }

    // A cluster scenario's lanes are the instances' and the store's: none is checked, each says why.
    void clusterLanesAreNotChecked()
    {
        const test::RedisUrl url = test::redisUrl();
        QVERIFY2(!url.url.isEmpty(), qPrintable(url.problem));
        Scenario scenario = loadScenario(kScenario, "check");
        scenario.clients = {};
        scenario.algorithms.resize(2);
        scenario.cluster = ClusterSpec{};
        scenario.cluster->instances = 2;
        RunControl control;
        const RedisCheck check = checkAgainstRedis(scenario, addressOf(url), control);
        QCOMPARE(check.lanes.size(), std::size_t(2));
        for (const LaneCheck& lane : check.lanes) {
            QVERIFY(lane.skipped.starts_with("a cluster lane"));
            QCOMPARE(lane.compared, std::int64_t(0));
        }
    }

    void unreachableServerThrows()
    {
        RedisAddress nowhere;
        nowhere.host = "127.0.0.1";
        nowhere.port = 1;
        nowhere.text = "redis://127.0.0.1:1/0";
        RunControl control;
        QVERIFY_THROWS_EXCEPTION(RedisError, checkAgainstRedis(loadScenario(kScenario, "check"), nowhere, control));
    }
};

QTEST_GUILESS_MAIN(TestRedisCheck)
#include "tst_redischeck.moc"
