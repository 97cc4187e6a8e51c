// One key's or every key's requests per bucket of any width (engine/sim/bucketcounts.h): counts
// derived by hand on a boundary attack in a trace, and every key at the report's bucket against
// the report itself on the shipped scenarios (closed-loop retries, NAT keys, clusters).

#include "scenariotest.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace ratelab;

namespace {

// mallory attacks the boundary at 1 s: 4 requests in the 100 ms before it, 4 in the 100 ms
// after; alice sends one at 0 s and one at 1.5 s. Both limits: 4 per 1 s window.
const char* kTrace = "t_us,key,cost\n0,alice,1\n900000,mallory,1\n920000,mallory,1\n940000,mallory,1\n"
                     "960000,mallory,1\n1000000,mallory,1\n1020000,mallory,1\n1040000,mallory,1\n1060000,mallory,1\n"
                     "1500000,alice,1\n";
const char* kScenario = R"({"name": "boundary", "duration": "2s", "traffic": [{"kind": "trace", "file": "trace.csv"}],
    "keys": "recorded", "algorithms": [
        {"id": "fw", "algorithm": "fixed_window", "params": {"limit": 4, "window": "1s"}},
        {"id": "log", "algorithm": "sliding_window_log", "params": {"limit": 4, "window": "1s"}}]})";

constexpr Duration k50ms = 50'000;

// A series of `n` zeros with `values` (bucket -> count) set.
std::vector<std::int64_t> series(std::size_t n, std::initializer_list<std::pair<std::size_t, std::int64_t>> values)
{
    std::vector<std::int64_t> out(n, 0);
    for (const auto& [bucket, count] : values)
        out[bucket] = count;
    return out;
}

const BucketPeak* highestPeak(const LaneCounts& lane)
{
    const BucketPeak* best = nullptr;
    for (const BucketPeak& p : lane.peaks) {
        if (p.ratio > 0 && (!best || p.ratio > best->ratio))
            best = &p;
    }
    return best;
}

}  // namespace

class TestBucketCounts : public QObject {
    Q_OBJECT

private slots:
    void oneKeyByHand();
    void everyKeyByHand();
    void everyKeyAtTheReportsBucketIsTheReport_data();
    void everyKeyAtTheReportsBucketIsTheReport();
    void oneKeyOfOneKeyScenarioIsEveryKey();
    void badBucketsAreRefused();
    void cancelsAndReportsProgress();
};

// At 50 ms the attack fills buckets 18 [0.90, 0.95): 0.90 0.92 0.94; 19: 0.96; 20 [1.00,
// 1.05): 1.00 1.02 1.04; 21: 1.06. The fixed window counts [0, 1) and [1, 2) apart and allows
// all 8; the log has admitted 4 in (0, 1] when 1.00 comes and refuses the last 4.
void TestBucketCounts::oneKeyByHand()
{
    QTemporaryDir dir;
    const Scenario s = test::traceScenario(dir.path().toStdString(), kTrace, kScenario);
    RunControl control;
    const BucketCounts c = bucketCounts(s, std::string("mallory"), k50ms, control);
    QCOMPARE(c.key, std::optional<std::string>("mallory"));
    QCOMPARE(c.bucketUs, k50ms);
    QCOMPARE(c.lanes.size(), std::size_t(2));
    const LaneCounts& fw = c.lanes[0];
    const LaneCounts& log = c.lanes[1];
    QCOMPARE(fw.algorithmId, std::string("fw"));
    QCOMPARE(log.algorithmId, std::string("log"));
    const auto offered = series(40, {{18, 3}, {19, 1}, {20, 3}, {21, 1}});
    QCOMPARE(fw.offered, offered);
    QCOMPARE(log.offered, offered);
    QCOMPARE(fw.allowed, offered);
    QCOMPARE(fw.rejected, series(40, {}));
    QCOMPARE(log.allowed, series(40, {{18, 3}, {19, 1}}));
    QCOMPARE(log.rejected, series(40, {{20, 3}, {21, 1}}));

    // The fixed window's trailing second holds 3 at 0.94 (0.75x), 4 at 0.96, 7 at 1.04 and
    // 8 at 1.06: twice its limit. The log never passes 4 (1.00x at 0.96).
    QCOMPARE(fw.burstWindowUs, Duration(1'000'000));
    QCOMPARE(fw.peaks[18].ratio, 0.75);
    QCOMPARE(fw.peaks[18].atUs, SimTime(940'000));
    QCOMPARE(fw.peaks[19].ratio, 1.0);
    QCOMPARE(fw.peaks[20].ratio, 1.75);
    QCOMPARE(fw.peaks[20].admittedCost, std::int64_t(7));
    QCOMPARE(fw.peaks[21].ratio, 2.0);
    QCOMPARE(fw.peaks[21].atUs, SimTime(1'060'000));
    QCOMPARE(fw.peakKeys, std::vector<std::string>{"mallory"});
    QCOMPARE(fw.peakKeys[fw.peaks[21].key], std::string("mallory"));
    QCOMPARE(log.peaks[19].ratio, 1.0);
    QCOMPARE(log.peaks[20].ratio, 0.0);
    QCOMPARE(highestPeak(log)->atUs, SimTime(960'000));
    // 4 per 1 s is 4 per second, from mallory's first request on.
    QCOMPARE(fw.limit.size(), std::size_t(1));
    QCOMPARE(fw.limit[0].fromUs, SimTime(900'000));
    QCOMPARE(fw.limit[0].costPerSecond, 4.0);

    // A key no lane has: nothing counted, no limit.
    const BucketCounts none = bucketCounts(s, std::string("eve"), k50ms, control);
    QCOMPARE(none.lanes[0].offered, series(40, {}));
    QCOMPARE(none.lanes[0].allowed, series(40, {}));
    QVERIFY(none.lanes[0].limit.empty());
    QVERIFY(none.lanes[0].peakKeys.empty());
}

// Every key: alice's 0 s and 1.5 s join in buckets 0 and 30; the peaks stay mallory's but
// for alice's own buckets, and no limit is given (it is per key).
void TestBucketCounts::everyKeyByHand()
{
    QTemporaryDir dir;
    const Scenario s = test::traceScenario(dir.path().toStdString(), kTrace, kScenario);
    RunControl control;
    const BucketCounts c = bucketCounts(s, std::nullopt, k50ms, control);
    QVERIFY(!c.key);
    const LaneCounts& fw = c.lanes[0];
    const LaneCounts& log = c.lanes[1];
    QCOMPARE(fw.offered, series(40, {{0, 1}, {18, 3}, {19, 1}, {20, 3}, {21, 1}, {30, 1}}));
    QCOMPARE(log.allowed, series(40, {{0, 1}, {18, 3}, {19, 1}, {30, 1}}));
    QCOMPARE(log.rejected, series(40, {{20, 3}, {21, 1}}));
    QVERIFY(fw.limit.empty());
    QCOMPARE(fw.peaks[0].ratio, 0.25);
    QCOMPARE(fw.peakKeys[fw.peaks[0].key], std::string("alice"));
    QCOMPARE(fw.peakKeys[fw.peaks[21].key], std::string("mallory"));
    QCOMPARE(fw.peakKeys.size(), std::size_t(2));
    // At 1 s, the report's bucket here: 5 and 5 offered, the log's 4 refused in the second.
    const BucketCounts seconds = bucketCounts(s, std::nullopt, 1'000'000, control);
    QCOMPARE(seconds.lanes[1].allowed, (std::vector<std::int64_t>{5, 1}));
    QCOMPARE(seconds.lanes[1].rejected, (std::vector<std::int64_t>{0, 4}));
    QCOMPARE(seconds.lanes[0].allowed, (std::vector<std::int64_t>{5, 5}));
}

void TestBucketCounts::everyKeyAtTheReportsBucketIsTheReport_data()
{
    QTest::addColumn<QString>("scenario");
    // Mixed traffic; retries at once and at Retry-After; per-IP and per-user keys; races on a
    // shared store; an outage decided by the failure policies.
    for (const char* name : {"default", "retry-storm", "nat-population", "cluster-get-set-race", "cluster-redis-outage"})
        QTest::newRow(name) << QString::fromLatin1(name);
}

void TestBucketCounts::everyKeyAtTheReportsBucketIsTheReport()
{
    QFETCH(QString, scenario);
    const Scenario s = test::embedded(scenario.toStdString());
    const Report report = test::run(s);
    RunControl control;
    const BucketCounts c = bucketCounts(s, std::nullopt, report.bucketUs, control);
    QCOMPARE(c.lanes.size(), report.algorithms.size());
    for (std::size_t i = 0; i < c.lanes.size(); ++i) {
        const AlgorithmReport& a = report.algorithms[i];
        const LaneCounts& lane = c.lanes[i];
        QCOMPARE(lane.algorithmId, a.id);
        QCOMPARE(lane.offered, report.offeredSeries);
        QCOMPARE(lane.allowed, a.allowedSeries);
        QCOMPARE(lane.rejected, a.rejectedSeries);
        const BucketPeak* peak = highestPeak(lane);
        QVERIFY(peak);
        QCOMPARE(peak->ratio, a.peakBurst.ratio);
        QCOMPARE(peak->admittedCost, a.peakBurst.allowedCost);
        QCOMPARE(peak->atUs, a.peakBurst.atUs);
        QCOMPARE(lane.peakKeys[peak->key], a.peakBurst.key);
        QCOMPARE(lane.burstWindowUs, a.peakBurst.windowUs);
    }
}

// One client on one key: that key's counts are every key's, and its limit the nominal one.
void TestBucketCounts::oneKeyOfOneKeyScenarioIsEveryKey()
{
    for (const char* name : {"boundary-attack", "cluster-get-set-race"}) {
        const Scenario s = test::embedded(name);
        RunControl control;
        const std::vector<std::string> keys = busiestKeys(s, 5, control);
        QCOMPARE(keys.size(), std::size_t(1));
        const BucketCounts one = bucketCounts(s, keys.front(), 100'000, control);
        const BucketCounts every = bucketCounts(s, std::nullopt, 100'000, control);
        for (std::size_t i = 0; i < one.lanes.size(); ++i) {
            QCOMPARE(one.lanes[i].offered, every.lanes[i].offered);
            QCOMPARE(one.lanes[i].allowed, every.lanes[i].allowed);
            QCOMPARE(one.lanes[i].rejected, every.lanes[i].rejected);
            QCOMPARE(one.lanes[i].offered.size(), std::size_t(600));  // 60 s in 100 ms
            QCOMPARE(one.lanes[i].limit.size(), std::size_t(1));
        }
        // boundary-attack: 10 per 1 s (and the bucket's 10/s); the race: 100 per 1 s.
        QCOMPARE(one.lanes[0].limit[0].costPerSecond, std::string(name) == "boundary-attack" ? 10.0 : 100.0);
    }
}

void TestBucketCounts::badBucketsAreRefused()
{
    const Scenario s = test::embedded("boundary-attack");  // 60 s
    RunControl control;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, bucketCounts(s, std::nullopt, 0, control));
    // 60 s / 200 us is 300,000 buckets, over the 200,000 allowed; 300 us is 200,000 exactly.
    QCOMPARE(bucketCountFor(s.duration, 300), std::int64_t(200'000));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, bucketCounts(s, std::nullopt, 200, control));
    QCOMPARE(bucketCounts(s, std::nullopt, 300, control).lanes[0].allowed.size(), std::size_t(200'000));
    // Over the work cap (10^12 decisions), as runScenario.
    const Scenario huge = loadScenario(R"({"duration": "1000s", "traffic": [{"kind": "poisson", "rate": "1000000000/s"}],
        "keys": "user", "algorithms": [{"algorithm": "gcra", "params": {"rate": "10/s", "burst": 5}}]})",
                                       "huge.json");
    QVERIFY_THROWS_EXCEPTION(ScenarioError, bucketCounts(huge, std::nullopt, kMicrosPerSecond, control));
}

void TestBucketCounts::cancelsAndReportsProgress()
{
    const Scenario s = test::embedded("default");
    std::vector<int> permilles;
    RunControl progress([&](int permille, const std::string& phase) {
        QCOMPARE(phase, std::string("counts"));
        permilles.push_back(permille);
    });
    bucketCounts(s, std::nullopt, 10'000, progress);
    QVERIFY(permilles.size() > 3);
    QCOMPARE(permilles.front(), 0);
    QCOMPARE(permilles.back(), 1000);
    QVERIFY(std::is_sorted(permilles.begin(), permilles.end()));
    RunControl cancelled;
    cancelled.cancel();
    QVERIFY_THROWS_EXCEPTION(Cancelled, bucketCounts(s, std::string("no such key"), 10'000, cancelled));
}

QTEST_APPLESS_MAIN(TestBucketCounts)
#include "tst_bucketcounts.moc"
