// The simulated cluster against values derived by hand from the event model: round trips
// that take time and clocks that disagree (each derivation beside its check).

#include "scenariotest.h"

#include "engine/cluster/scaledparams.h"
#include "engine/engine.h"
#include "engine/report/reportio.h"
#include "engine/scenario/scenarioio.h"
#include "engine/sim/clustermemory.h"

#include <QtTest>

#include <map>
#include <random>

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
        "traffic": [{"kind": "constant", "rate": ")"
        + rate + R"("}], "keys": "global",
        "cluster": {"instances": )"
        + std::to_string(instances) + R"(, "store": )" + store + R"(},
        "algorithms": [{"id": "a", "algorithm": ")"
        + algorithm + R"(", "params": )" + params + "}]}";
    return loadScenario(json, "inline");
}

}  // namespace

class TestCluster : public QObject {
    Q_OBJECT

private slots:
    void fallbackRatesDivideExactly_data();
    void fallbackRatesDivideExactly();
    void fallbackAmongThreeInstancesRuns();
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
    void localSyncCountsRejectedCostWhenItsCounterDoes();
    void partitionCutsOffOnlyItsInstances();
    void clusterMemoryAgreesWithBruteForce();
    void statePerPlace();
    void statePerPlaceLocalSync();
    void statePerPlaceSlidingLog();
    void stateOfTheRedisOutage();
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
    const Report atomic =
        run(hotKey("1000/s", 4, R"({"mode": "redis_atomic", "latency": {"rtt": "1ms"}})", "token_bucket", bucket));
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
    QVERIFY(open.allowedDuringOutage > 5500);  // about 300/s x 20 s
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

void TestCluster::localSyncCountsRejectedCostWhenItsCounterDoes()
{
    // One instance on local_sync sees everything it counted, synced or not: it must decide
    // exactly as the counter itself does on local state. With costs of 1 and 7 against a limit
    // of 20, an INCR-first counter (count_rejected, and redis_incr_expire, which is one) also
    // counts the 7 it rejects, so a 1 that would fit afterwards is rejected; local_sync ran
    // every counter as one of admitted cost.
    const auto report = [&](const std::string& mode, const std::string& algorithm, const std::string& params) {
        std::string json = R"({"name": "costs", "seed": 5, "duration": "20s", "population": {"clients": 1},
            "endpoints": [{"path": "/cheap", "cost": 1}, {"path": "/dear", "cost": 7}],
            "traffic": [{"kind": "poisson", "rate": "40/s"}], "keys": "global",
            "cluster": {"instances": 1, "store": {"mode": "MODE", "sync_interval": "250ms"}},
            "algorithms": [{"id": "a", "algorithm": "ALGORITHM", "params": PARAMS}]})";
        json.replace(json.find("MODE"), 4, mode);
        json.replace(json.find("ALGORITHM"), 9, algorithm);
        json.replace(json.find("PARAMS"), 6, params);
        return run(loadScenario(json, algorithm)).algorithms[0];
    };
    for (const auto& [algorithm, params] :
         {std::pair<std::string, std::string>{"fixed_window", R"({"limit": 20, "window": "1s"})"},
          {"fixed_window", R"({"limit": 20, "window": "1s", "count_rejected": true})"},
          {"redis_incr_expire", R"({"limit": 20, "window": "1s"})"}}) {
        const AlgorithmReport local = report("local", algorithm, params);
        const AlgorithmReport synced = report("local_sync", algorithm, params);
        QCOMPARE(synced.allowed, local.allowed);
        QCOMPARE(synced.allowedCost, local.allowedCost);
    }
    // The counts differ, so the comparison above can tell the two counters apart.
    QVERIFY(report("local", "redis_incr_expire", R"({"limit": 20, "window": "1s"})").allowed
            < report("local", "fixed_window", R"({"limit": 20, "window": "1s"})").allowed);
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
    return test::traceScenario(dir.path().toStdString(), trace,
                               R"({"name": "held state", "duration": ")" + duration + R"(",
        "traffic": [{"kind": "trace", "file": "trace.csv"}], "keys": "recorded",
        "cluster": )" + cluster + R"(, "algorithms": [)"
                                   + algorithm + "]}");
}

// 2 instances round robin (even requests to instance 0, odd to 1); in ms: a@0 a@10 b@20 a@30,
// then c@1000 c@1010 c@1020 d@1030. GCRA 10/s burst 1: T = tau = 100 ms, so an allowed
// request on an idle key leaves it live 100 ms, and a second request within them is rejected
// (new TAT 200 ms ahead > tau) without moving its expiry.
const std::string kTrace = "t_us,key,cost\n0,a,1\n10000,a,1\n20000,b,1\n30000,a,1\n"
                           "1000000,c,1\n1010000,c,1\n1020000,c,1\n1030000,d,1\n";
const std::string kLocalSyncTrace = "t_us,key,cost\n0,a,1\n10000,a,1\n600000,b,1\n800000,c,1\n";
const std::string kGcra = R"({"id": "gcra", "algorithm": "gcra", "params": {"rate": "10/s", "burst": 1}})";

}  // namespace

// ClusterMemory against a brute force that keeps every (place, key)'s rounded expiry: a
// store (16 bytes a key) and 3 instances (8), random writes over 20 keys. Each place's peak,
// the total's (counted at every write), and the bytes: per 100 ms bucket, each place's most
// keys live in it (from those live at its start) x its bytes, summed over the places.
void TestCluster::clusterMemoryAgreesWithBruteForce()
{
    for (const std::int64_t maxReset : {std::int64_t(50'000), std::int64_t(3'000'000)}) {
        std::mt19937_64 rng(11 + maxReset);
        const SimTime start = 1'000'000'007, end = start + 20'000'000;
        const Duration bucket = 100'000;
        const std::size_t buckets = 200, places = 4;
        const std::int64_t bytesOf[places] = {16, 8, 8, 8};
        ClusterMemory memory(start, end, bucket, ClusterMemory::Sizing{16, nullptr},
                             std::vector<ClusterMemory::Sizing>(3, ClusterMemory::Sizing{8, nullptr}));
        std::map<std::pair<std::size_t, KeyId>, SimTime> expiry;
        const auto liveAt = [&](std::size_t place, SimTime t) {
            std::int64_t n = 0;
            for (const auto& [k, e] : expiry)
                n += k.first == place && e > t;
            return n;
        };
        std::vector<std::vector<std::int64_t>> bucketPeak(places, std::vector<std::int64_t>(buckets, 0));
        std::int64_t placePeak[places] = {}, totalPeak = 0;
        std::size_t opened = 0;  // buckets whose start has been seen
        SimTime now = start;
        for (int i = 0; i < 5'000; ++i) {
            now += std::uniform_int_distribution<std::int64_t>(0, 7'000)(rng);  // 17.5 s on average
            if (now >= end)
                break;
            const std::size_t place = std::uniform_int_distribution<std::size_t>(0, places - 1)(rng);
            const KeyId key = std::uniform_int_distribution<KeyId>(0, 19)(rng);
            const Duration reset = std::uniform_int_distribution<std::int64_t>(-5, maxReset)(rng);
            const auto b = static_cast<std::size_t>((now - start) / bucket);
            for (; opened <= b; ++opened) {
                for (std::size_t p = 0; p < places; ++p)
                    bucketPeak[p][opened] = liveAt(p, start + static_cast<SimTime>(opened) * bucket);
            }
            if (place == 0)
                memory.touchStore(key, now, reset);
            else
                memory.touchInstance(place - 1, key, now, reset);
            if (reset > 0) {
                SimTime& e = expiry.try_emplace({place, key}, kNever).first->second;
                e = std::max(e, (now + reset + 999) / 1000 * 1000);
            }
            std::int64_t total = 0;
            for (std::size_t p = 0; p < places; ++p) {
                const std::int64_t live = liveAt(p, now);
                placePeak[p] = std::max(placePeak[p], live);
                bucketPeak[p][b] = std::max(bucketPeak[p][b], live);
                total += live;
            }
            totalPeak = std::max(totalPeak, total);
        }
        for (; opened < buckets; ++opened) {
            for (std::size_t p = 0; p < places; ++p)
                bucketPeak[p][opened] = liveAt(p, start + static_cast<SimTime>(opened) * bucket);
        }
        std::int64_t peakBytes = 0;
        for (std::size_t b = 0; b < buckets; ++b) {
            std::int64_t bytes = 0;
            for (std::size_t p = 0; p < places; ++p)
                bytes += bucketPeak[p][b] * bytesOf[p];
            peakBytes = std::max(peakBytes, bytes);
        }
        AlgorithmReport report;
        memory.finish(report, "store_and_instances");
        QVERIFY(report.memory.store);
        QCOMPARE(report.memory.store->peakLiveKeys, placePeak[0]);
        QCOMPARE(report.memory.instances.size(), std::size_t(3));
        for (std::size_t p = 1; p < places; ++p)
            QCOMPARE(report.memory.instances[p - 1].peakLiveKeys, placePeak[p]);
        QCOMPARE(report.memory.peakLiveKeys, totalPeak);
        QCOMPARE(report.memory.peakStateBytes, peakBytes);
        QVERIFY2(totalPeak > placePeak[0] + 2, "the places must overlap");
    }
}

void TestCluster::statePerPlace()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // Local state: instance 0 holds a [0, 100) and b [20, 120) ms, instance 1 a [10, 110): 2
    // and 1 keys, 3 in all from 20 ms. Then instance 0 c [1000, 1100) (c@1020 rejected),
    // instance 1 c [1010, 1110) and d [1030, 1130): 1 and 2, 3 in all. Each instance's peak
    // is 2 keys, but never both at once: the cluster's is 3, not 4. Bytes (GCRA: 8 per key),
    // each instance's peak in each 1 s bucket: 16 + 8 = 24, then 8 + 16 = 24.
    const Report local = run(traceScenario(dir, kTrace, "2s", R"({"instances": 2, "store": {"mode": "local"}})", kGcra));
    const MemoryStats& m = local.algorithms[0].memory;
    QCOMPARE(m.heldBy, std::string("instances"));
    QVERIFY(!m.store);
    QCOMPARE(m.instances.size(), std::size_t(2));
    QCOMPARE(m.instances[0].peakLiveKeys, std::int64_t(2));
    QCOMPARE(m.instances[0].peakStateBytes, std::int64_t(16));
    QCOMPARE(m.instances[1].peakLiveKeys, std::int64_t(2));
    QCOMPARE(m.instances[1].peakStateBytes, std::int64_t(16));
    QCOMPARE(m.peakLiveKeys, std::int64_t(3));
    QCOMPARE(m.peakStateBytes, std::int64_t(24));
    QCOMPARE(m.stateBytesPerKey, 8.0);
    QCOMPARE(local.algorithms[0].liveKeysSeries, (std::vector<std::int64_t>{3, 3}));

    // One Redis (1 ms round trips; the script reads the instance's time, sent half a round trip
    // earlier): a key per rate-limit key. a is written at 0.5 ms (live to 100.5 -> 101 ms), b
    // at 20.5 ms (to 121 ms); a@10 and a@30 are rejected and leave a's expiry. 2 keys, 16 B;
    // then c and d, 2 again.
    const std::string redis = R"({"instances": 2, "store": {"mode": "redis_atomic", "latency": {"rtt": "1ms"}}})";
    const Report atomicRun = run(traceScenario(dir, kTrace, "2s", redis, kGcra));
    const MemoryStats& atomic = atomicRun.algorithms[0].memory;
    QCOMPARE(atomic.heldBy, std::string("store"));
    QVERIFY(atomic.store);
    QCOMPARE(atomic.store->peakLiveKeys, std::int64_t(2));
    QCOMPARE(atomic.store->peakStateBytes, std::int64_t(16));
    QVERIFY(atomic.instances.empty());
    QCOMPARE(atomic.peakLiveKeys, std::int64_t(2));
    QCOMPARE(atomic.peakStateBytes, std::int64_t(16));

    // The store down from 500 ms to 1500 ms, local_fallback: the second half is decided at the
    // 100 ms timeout by GCRA 5/s burst 1 on each instance (T = tau = 200 ms): instance 0 holds
    // c [1100, 1300) (c@1020 rejected at 1120), instance 1 c [1110, 1310) and d [1130, 1330).
    // The store held a and b (2 keys, 16 B) in the first bucket, the instances 1 + 2 keys
    // (24 B) in the second: 3 keys at most, 24 B.
    const std::string outage =
        R"({"instances": 2, "store": {"mode": "redis_atomic", "latency": {"rtt": "1ms"}, "timeout": "100ms"},
        "outages": [{"from": "500ms", "to": "1500ms"}], "policy": {"on_failure": "local_fallback"}})";
    const Report fallbackRun = run(traceScenario(dir, kTrace, "2s", outage, kGcra));
    const MemoryStats& fallback = fallbackRun.algorithms[0].memory;
    QCOMPARE(fallback.heldBy, std::string("store_and_instances"));
    QVERIFY(fallback.store);
    QCOMPARE(fallback.store->peakLiveKeys, std::int64_t(2));
    QCOMPARE(fallback.store->peakStateBytes, std::int64_t(16));
    QCOMPARE(fallback.instances.size(), std::size_t(2));
    QCOMPARE(fallback.instances[0].peakLiveKeys, std::int64_t(1));
    QCOMPARE(fallback.instances[0].peakStateBytes, std::int64_t(8));
    QCOMPARE(fallback.instances[1].peakLiveKeys, std::int64_t(2));
    QCOMPARE(fallback.instances[1].peakStateBytes, std::int64_t(16));
    QCOMPARE(fallback.peakLiveKeys, std::int64_t(3));
    QCOMPARE(fallback.peakStateBytes, std::int64_t(24));

    // The JSON says which place held what.
    const std::string json = reportJson(fallbackRun);
    QVERIFY(json.find(R"("held_by": "store_and_instances")") != std::string::npos);
    QVERIFY(json.find(R"("store": {
          "peak_live_keys": 2,
          "peak_state_bytes": 16
        })") != std::string::npos);
}

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

void TestCluster::statePerPlaceLocalSync()
{
    // local_sync, fixed window 10 per 1 s, syncs every 100 ms until the end (instance 0 at 100,
    // 200, ..., 900 ms, instance 1 at 150, ..., 950: 18 round trips): a@0 (instance 0), a@10
    // (1), b@600 (0), c@800 (1). A counter lives until its window ends at 1 s: instance 0 holds
    // a and b, instance 1 a and c; the store a (synced at 100 ms), b (700) and c (850, after
    // the last request). From 850 ms: 2 + 2 + 3 = 7 keys. A counter on an instance is 24 bytes
    // (window, local count, global count seen), in the store 16 (window, count):
    // 4 x 24 + 3 x 16 = 144 bytes.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Report r = run(traceScenario(dir, kLocalSyncTrace, "1s",
                                       R"({"instances": 2, "store": {"mode": "local_sync", "sync_interval": "100ms"}})",
                                       R"({"algorithm": "fixed_window", "params": {"limit": 10, "window": "1s"}})"));
    const MemoryStats& m = r.algorithms[0].memory;
    QCOMPARE(m.heldBy, std::string("store_and_instances"));
    QVERIFY(m.store);
    QCOMPARE(m.instances.size(), std::size_t(2));
    QCOMPARE(m.store->peakLiveKeys, std::int64_t(3));
    QCOMPARE(m.store->peakStateBytes, std::int64_t(48));
    QCOMPARE(m.instances[0].peakLiveKeys, std::int64_t(2));
    QCOMPARE(m.instances[0].peakStateBytes, std::int64_t(48));
    QCOMPARE(m.instances[1].peakLiveKeys, std::int64_t(2));
    QCOMPARE(m.instances[1].peakStateBytes, std::int64_t(48));
    QCOMPARE(m.peakLiveKeys, std::int64_t(7));
    QCOMPARE(m.peakStateBytes, std::int64_t(144));
    QCOMPARE(m.stateBytesPerKey, 144.0 / 7.0);
}

void TestCluster::statePerPlaceSlidingLog()
{
    // A sliding log of 1 per 2 s in one Redis: a and b each log one entry (a@10 and a@30 are
    // rejected), held in the log's 24 bytes of bookkeeping plus 8 for a ring of capacity 1:
    // 32 bytes each, both live at the end of the only bucket (1 s).
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Report r = run(traceScenario(dir, "t_us,key,cost\n0,a,1\n10000,a,1\n20000,b,1\n30000,a,1\n", "1s",
                                       R"({"instances": 2, "store": {"mode": "redis_atomic", "latency": {"rtt": "1ms"}}})",
                                       R"({"algorithm": "sliding_window_log", "params": {"limit": 1, "window": "2s"}})"));
    const MemoryStats& m = r.algorithms[0].memory;
    QCOMPARE(r.algorithms[0].rejected, std::int64_t(2));
    QVERIFY(m.store);
    QCOMPARE(m.store->peakLiveKeys, std::int64_t(2));
    QCOMPARE(m.store->peakStateBytes, std::int64_t(64));
    QCOMPARE(m.peakStateBytes, std::int64_t(64));
    QCOMPARE(m.stateBytesPerKey, 32.0);
}

void TestCluster::stateOfTheRedisOutage()
{
    // One global key. The store holds it (16 bytes: a token bucket); under local_fallback
    // each of the 4 instances holds its own bucket for it once the store is down at 20 s,
    // while the store's copy, drained by 300/s against 100/s, lives on for about 1 s after
    // its last write (reset_after: refilling 100 tokens at 100/s): 1 + 4 keys, 80 bytes.
    const Report r = run(embedded("cluster-redis-outage"));
    for (const char* id : {"fail_open", "fail_closed", "fail_open + breaker"}) {
        const MemoryStats& m = lane(r, id).memory;
        QCOMPARE(m.heldBy, std::string("store"));
        QCOMPARE(m.peakLiveKeys, std::int64_t(1));
        QCOMPARE(m.peakStateBytes, std::int64_t(16));
    }
    const MemoryStats& m = lane(r, "local_fallback").memory;
    QCOMPARE(m.heldBy, std::string("store_and_instances"));
    QVERIFY(m.store);
    QCOMPARE(m.store->peakLiveKeys, std::int64_t(1));
    QCOMPARE(m.instances.size(), std::size_t(4));
    for (const HeldState& instance : m.instances) {
        QCOMPARE(instance.peakLiveKeys, std::int64_t(1));
        QCOMPARE(instance.peakStateBytes, std::int64_t(16));
    }
    QCOMPARE(m.peakLiveKeys, std::int64_t(5));
    QCOMPARE(m.peakStateBytes, std::int64_t(80));
}

void TestCluster::clusterScenariosRoundTrip()
{
    for (const char* name :
         {"cluster-local-leak", "cluster-get-set-race", "cluster-clock-skew", "cluster-ntp-step", "cluster-redis-outage"}) {
        const Scenario s = embedded(name);
        QVERIFY(s.cluster.has_value());
        const Scenario again = loadScenario(saveScenario(s), name);
        QCOMPARE(saveScenario(again), saveScenario(s));
    }
}

// The local fallback's limit / N. Rates, by hand: 10/s among 3 is 3.33.../s, exactly 200/m;
// among 7 it is 1.4285714.../s, 600/7 per minute and 36000/7 per hour: never exact, so the
// nearest below with a numerator the engine keeps (at most 10^6: 1.428571 has 1428571, 1.42857
// has 142857); 2.5/s among 2 is 1.25/s; 1/h among 3 is 1/3 per hour, 0.333333/h.
void TestCluster::fallbackRatesDivideExactly_data()
{
    QTest::addColumn<QString>("rate");
    QTest::addColumn<int>("instances");
    QTest::addColumn<QString>("divided");
    QTest::newRow("10/s among 3") << "10/s" << 3 << "200/m";
    QTest::newRow("10/s among 7") << "10/s" << 7 << "1.42857/s";
    QTest::newRow("2.5/s among 2") << "2.5/s" << 2 << "1.25/s";
    QTest::newRow("600/m among 4") << "600/m" << 4 << "150/m";
    QTest::newRow("1/h among 3") << "1/h" << 3 << "0.333333/h";
    QTest::newRow("10/s among 1") << "10/s" << 1 << "10/s";
}

void TestCluster::fallbackRatesDivideExactly()
{
    QFETCH(QString, rate);
    QFETCH(int, instances);
    QFETCH(QString, divided);
    const AlgorithmInfo& info = *findAlgorithm("token_bucket");
    const ParamValues params = paramsDividedAmong(info, {{"capacity", "10"}, {"refill", rate.toStdString()}}, instances);
    QCOMPARE(QString::fromStdString(params.at("refill")), divided);
    QCOMPARE(params.at("capacity"), std::to_string(std::max(1, 10 / instances)));
    makeLimiter("token_bucket", params);  // the catalog keeps it exactly
}

// A Redis outage with a local fallback on three instances: 10/s among three was "3.333333/s",
// which the catalog refused (too many digits), and the run ended in an internal error.
void TestCluster::fallbackAmongThreeInstancesRuns()
{
    const Scenario s = loadScenario(R"({"name": "three", "duration": "10s", "traffic": [{"kind": "poisson", "rate": "50/s"}],
        "cluster": {"instances": 3, "store": {"mode": "redis_atomic"}, "outages": [{"kind": "down", "from": "2s", "to": "5s"}],
                    "policy": {"on_failure": "local_fallback"}},
        "algorithms": [{"algorithm": "token_bucket", "params": {"capacity": 10, "refill": "10/s"}}]})",
                                    "three.json");
    const Report r = run(s);
    QCOMPARE(r.algorithms.size(), std::size_t{1});
    QVERIFY(r.algorithms[0].cluster.has_value());
    QVERIFY(r.algorithms[0].cluster->allowedDuringOutage > 0);
}

QTEST_APPLESS_MAIN(TestCluster)
#include "tst_cluster.moc"
