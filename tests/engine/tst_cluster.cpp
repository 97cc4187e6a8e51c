// The simulated cluster against values derived by hand from the event model: round trips
// that take time and clocks that disagree (each derivation beside its check).

#include "scenariotest.h"

#include "engine/engine.h"
#include "engine/scenario/scenarioio.h"

#include <QtTest>

using namespace ratelab;

using test::embedded;
using test::lane;
using test::run;

namespace {

// One hot key, `rate` constant, `instances` round robin, the store mode and latency given.
Scenario hotKey(const std::string& rate, int instances, const std::string& store, const std::string& algorithm,
                const std::string& params)
{
    const std::string json = R"({"name": "hot key", "seed": 3, "duration": "60s", "population": {"clients": 1},
        "traffic": [{"kind": "constant", "rate": ")" + rate + R"("}], "keys": "global",
        "cluster": {"instances": )" + std::to_string(instances) + R"(, "store": )" + store + R"(},
        "algorithms": [{"id": "a", "algorithm": ")" + algorithm + R"(", "params": )" + params + "}]}";
    return loadScenario(json, "inline");
}

} // namespace

class TestCluster : public QObject {
    Q_OBJECT

private slots:
    void localStateLeaksNTimesTheLimit();
    void getSetRaceOvershootGrowsWithLatencyAndConcurrency();
    void casAndRowLockStayExact();
    void clockOffsetHandsTheWindowToTheInstanceAhead();
    void ntpStepBackThrottlesWithInstanceClockOnly();
    void failurePolicies();
    void circuitBreakerStopsAndResumesStoreCalls();
    void stickyHashKeepsPerKeyLimitsExact();
    void localSyncBoundsTheLeak();
    void localSyncMergesUntilTheEnd();
    void partitionCutsOffOnlyItsInstances();
    void clusterScenariosRoundTrip();
};

void TestCluster::localStateLeaksNTimesTheLimit()
{
    // 1,000/s constant, 4 instances round robin: instance i gets a request every 4 ms from
    // i ms. A bucket of 100 refilling 0.1 token per ms admits floor(100 + 0.1 x 59,996) =
    // 6,099 on each instance: 24,396 in all. One shared bucket admits floor(100 + 0.1 x
    // 59,999) = 6,099.
    const std::string bucket = R"({"capacity": 100, "refill": "100/s"})";
    const Report local = run(hotKey("1000/s", 4, R"({"mode": "local"})", "token_bucket", bucket));
    QCOMPARE(local.algorithms[0].allowed, std::int64_t(24396));
    const Report atomic = run(hotKey("1000/s", 4, R"({"mode": "redis_atomic", "latency": {"rtt": "1ms"}})",
                                     "token_bucket", bucket));
    QCOMPARE(atomic.algorithms[0].allowed, std::int64_t(6099));
    QCOMPARE(atomic.algorithms[0].cluster->globalLimitOvershoot, std::int64_t(0));
    QCOMPARE(atomic.algorithms[0].cluster->roundTripsPerDecision, 1.0);
    // The leak, measured: everything beyond one bucket's 6,099 is over the global limit.
    QCOMPARE(local.algorithms[0].cluster->globalLimitOvershoot, std::int64_t(24396 - 6099));
}

void TestCluster::getSetRaceOvershootGrowsWithLatencyAndConcurrency()
{
    const Report r = run(embedded("cluster-get-set-race"));
    const std::int64_t atomic = lane(r, "atomic, 5 ms").cluster->globalLimitOvershoot;
    const std::int64_t fast = lane(r, "get-set, 1 ms").cluster->globalLimitOvershoot;
    const std::int64_t mid = lane(r, "get-set, 5 ms").cluster->globalLimitOvershoot;
    const std::int64_t slow = lane(r, "get-set, 20 ms").cluster->globalLimitOvershoot;
    QCOMPARE(atomic, std::int64_t(0));
    QVERIFY2(0 < fast && fast < mid && mid < slow, qPrintable(QStringLiteral("%1 %2 %3").arg(fast).arg(mid).arg(slow)));
    // The atomic script admits exactly the limit: 100 per 1 s window, 60 windows.
    QCOMPARE(lane(r, "atomic, 5 ms").allowed, std::int64_t(6000));
    // More concurrency at the same latency: the same fixed window under 200/s and 800/s.
    const std::string window = R"({"limit": 100, "window": "1s"})";
    const std::string store = R"({"mode": "redis_get_set", "latency": {"rtt": "5ms"}})";
    const std::int64_t low = run(hotKey("200/s", 4, store, "fixed_window", window)).algorithms[0].cluster->globalLimitOvershoot;
    const std::int64_t high = run(hotKey("800/s", 4, store, "fixed_window", window)).algorithms[0].cluster->globalLimitOvershoot;
    QVERIFY2(low < high, qPrintable(QStringLiteral("%1 %2").arg(low).arg(high)));
}

void TestCluster::casAndRowLockStayExact()
{
    const Report r = run(embedded("cluster-get-set-race"));
    const AlgorithmReport& cas = lane(r, "cas, 5 ms");
    QCOMPARE(cas.cluster->globalLimitOvershoot, std::int64_t(0));
    QVERIFY(cas.cluster->casRetries > 0);
    QVERIFY(cas.cluster->roundTripsPerDecision > 2.0);  // a read and a write, and retries
    const AlgorithmReport& lock = lane(r, "sql row lock, 1 ms");
    QCOMPARE(lock.cluster->globalLimitOvershoot, std::int64_t(0));
    QCOMPARE(lock.allowed, std::int64_t(6000));
    QVERIFY(lock.cluster->waitedOnStore > 0);  // queued behind the row lock
}

void TestCluster::clockOffsetHandsTheWindowToTheInstanceAhead()
{
    // Constant 1,000/s alternating between two instances; instance 1 reads 300 ms ahead.
    // Store clock: each 1 s window's 100 go to the first 100 requests, 50 from each: 3,000
    // each over 60 windows. Instance clock: instance 1 enters window k at true time
    // k s - 300 ms and fills it before instance 0 gets there; only window 0, which both are
    // in from the start, is shared: instance 0 admits 50, instance 1 50 + 60 x 100 = 6,050.
    const Report r = run(embedded("cluster-clock-skew"));
    const auto& store = *lane(r, "store clock").cluster;
    QCOMPARE(store.instanceAllowed, (std::vector<std::int64_t>{3000, 3000}));
    const auto& instance = *lane(r, "instance clock").cluster;
    QCOMPARE(instance.instanceAllowed, (std::vector<std::int64_t>{50, 6050}));
}

void TestCluster::ntpStepBackThrottlesWithInstanceClockOnly()
{
    // 5/s (every 200 ms) against GCRA 10/s burst 1 (T = tau = 100 ms): the TAT trails each
    // request by 100 ms. At 30 s the clock steps back 5 s: the instance reads 25.0 s while the
    // TAT is 29.9 s, so requests pass again only when the instance clock reaches 29.9 s, at
    // true 34.9 s. Rejected: 30.0, 30.2, ..., 34.8 s: 25 requests, 5 s of traffic.
    const Report r = run(embedded("cluster-ntp-step"));
    QCOMPARE(lane(r, "instance clock").rejected, std::int64_t(25));
    QCOMPARE(lane(r, "store clock").rejected, std::int64_t(0));
    const auto& series = lane(r, "instance clock").rejectedSeries;
    for (int s = 30; s < 35; ++s)
        QCOMPARE(series[s], std::int64_t(5));
}

void TestCluster::failurePolicies()
{
    // Redis is down from 20 s to 40 s under 300/s: every call in it fails at its 100 ms timeout.
    const Report r = run(embedded("cluster-redis-outage"));
    const auto& open = *lane(r, "fail_open").cluster;
    const auto& closed = *lane(r, "fail_closed").cluster;
    const auto& fallback = *lane(r, "local_fallback").cluster;
    QCOMPARE(open.rejectedDuringOutage, std::int64_t(0));
    QVERIFY(open.allowedDuringOutage > 5500);   // about 300/s x 20 s
    QCOMPARE(closed.allowedDuringOutage, std::int64_t(0));
    QVERIFY(std::abs(closed.rejectedDuringOutage - open.allowedDuringOutage) < open.allowedDuringOutage / 100);
    // Four local buckets of 25 (refill 25/s): 4 x (25 + 25 x 20 s) = 2,100, give or take the
    // requests at the outage's edges.
    QVERIFY2(std::abs(fallback.allowedDuringOutage - 2100) <= 30, qPrintable(QString::number(fallback.allowedDuringOutage)));
    // Outside the outage all three hold the limit: 100 per second, give or take the token that
    // Poisson arrivals leave in the bucket at a second's edge.
    for (const char* id : {"fail_open", "fail_closed", "local_fallback"})
        QVERIFY(std::abs(lane(r, id).allowedSeries[10] - 100) <= 2);
}

void TestCluster::circuitBreakerStopsAndResumesStoreCalls()
{
    const Report r = run(embedded("cluster-redis-outage"));
    const AlgorithmReport& breaker = lane(r, "fail_open + breaker");
    // It opened, saved calls during the outage, and after it the store decides again.
    QVERIFY(breaker.cluster->breakerOpened >= 1);
    QVERIFY(breaker.cluster->callsSkipped > 5000);
    QVERIFY(breaker.cluster->storeRoundTrips < lane(r, "fail_open").cluster->storeRoundTrips);
    QVERIFY(std::abs(breaker.allowedSeries[50] - 100) <= 2);
    QVERIFY(breaker.cluster->decisionLatencyP99 < lane(r, "fail_open").cluster->decisionLatencyP99);
}

void TestCluster::stickyHashKeepsPerKeyLimitsExact()
{
    // Per-user keys, local state, 4 instances: with a hash balancer each key always lands on
    // one instance, so every key meets exactly one limiter and nothing leaks; round robin
    // spreads each key over four limiters.
    const std::string json = R"({"name": "sticky", "seed": 5, "duration": "30s", "population": {"clients": 50},
        "traffic": [{"kind": "poisson", "rate": "1000/s"}], "keys": "user",
        "cluster": {"instances": 4, "balancer": "BALANCER", "store": {"mode": "local"}},
        "algorithms": [{"id": "a", "algorithm": "gcra", "params": {"rate": "5/s", "burst": 5}}]})";
    const auto withBalancer = [&](const char* b) {
        std::string text = json;
        text.replace(text.find("BALANCER"), 8, b);
        return run(loadScenario(text, b)).algorithms[0];
    };
    const AlgorithmReport hash = withBalancer("hash");
    QCOMPARE(hash.cluster->globalLimitOvershoot, std::int64_t(0));
    const AlgorithmReport roundRobin = withBalancer("round_robin");
    QVERIFY(roundRobin.cluster->globalLimitOvershoot > hash.allowed);  // about 3x more passes
}

void TestCluster::localSyncBoundsTheLeak()
{
    // Local counters merged every 1 s: between syncs each of 4 instances can spend the whole
    // window's budget on top of what it last saw, so it leaks less than local state.
    const std::string window = R"({"limit": 100, "window": "1s"})";
    const auto overshoot = [&](const std::string& store) {
        return run(hotKey("1000/s", 4, store, "fixed_window", window)).algorithms[0].cluster->globalLimitOvershoot;
    };
    const std::int64_t local = overshoot(R"({"mode": "local"})");
    const std::int64_t synced = overshoot(R"({"mode": "local_sync", "sync_interval": "100ms"})");
    QVERIFY2(0 < synced && synced < local, qPrintable(QStringLiteral("%1 %2").arg(synced).arg(local)));
}

void TestCluster::partitionCutsOffOnlyItsInstances()
{
    // Instance 0 loses the store from 10 s to 20 s (a partition); the others keep it. With
    // fail_closed every request instance 0 gets in that time is rejected by the policy: with
    // round robin over 2 instances and 200/s constant, 100/s x 10 s = 1,000.
    const std::string json = R"({"name": "partition", "seed": 7, "duration": "30s", "population": {"clients": 1},
        "traffic": [{"kind": "constant", "rate": "200/s"}], "keys": "global",
        "cluster": {"instances": 2, "store": {"mode": "redis_atomic", "latency": {"rtt": "1ms"}},
                    "outages": [{"from": "10s", "to": "20s", "kind": "down", "instances": [0]}],
                    "policy": {"on_failure": "fail_closed"}},
        "algorithms": [{"id": "a", "algorithm": "token_bucket", "params": {"capacity": 1000, "refill": "1000/s"}}]})";
    const AlgorithmReport a = run(loadScenario(json, "partition")).algorithms[0];
    QCOMPARE(a.cluster->rejectedDuringOutage, std::int64_t(1000));
    QCOMPARE(a.cluster->allowedDuringOutage, std::int64_t(0));
    QCOMPARE(a.rejected, std::int64_t(1000));  // the limit itself is never reached
}

namespace {

// A scenario replaying `trace` (t_us,key,cost) on `cluster`, with `algorithm`.
Scenario traceScenario(const QTemporaryDir& dir, const std::string& trace, const std::string& duration,
                       const std::string& cluster, const std::string& algorithm)
{
    return test::traceScenario(dir.path().toStdString(), trace, R"({"name": "held state", "duration": ")" + duration + R"(",
        "traffic": [{"kind": "trace", "file": "trace.csv"}], "keys": "recorded",
        "cluster": )" + cluster + R"(, "algorithms": [)" + algorithm + "]}");
}

const std::string kLocalSyncTrace = "t_us,key,cost\n0,a,1\n10000,a,1\n600000,b,1\n800000,c,1\n";

} // namespace

void TestCluster::localSyncMergesUntilTheEnd()
{
    // Two instances merging every 100 ms, in turn (instance 0 at 100, 200, ..., 900 ms,
    // instance 1 at 150, ..., 950): 18 merges in the 1 s run, the last requests at 600 and
    // 800 ms notwithstanding; each is a round trip to the store.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Report r = run(traceScenario(dir, kLocalSyncTrace, "1s",
                                       R"({"instances": 2, "store": {"mode": "local_sync", "sync_interval": "100ms"}})",
                                       R"({"algorithm": "fixed_window", "params": {"limit": 10, "window": "1s"}})"));
    QCOMPARE(r.algorithms[0].cluster->storeRoundTrips, std::int64_t(18));
    QCOMPARE(r.algorithms[0].cluster->storeFailures, std::int64_t(0));
}

void TestCluster::clusterScenariosRoundTrip()
{
    for (const char* name : {"cluster-local-leak", "cluster-get-set-race", "cluster-clock-skew", "cluster-ntp-step",
                             "cluster-redis-outage"}) {
        const Scenario s = embedded(name);
        QVERIFY(s.cluster.has_value());
        const Scenario again = loadScenario(saveScenario(s), name);
        QCOMPARE(saveScenario(again), saveScenario(s));
    }
}

QTEST_APPLESS_MAIN(TestCluster)
#include "tst_cluster.moc"
