// The memcached store mode against values derived by hand from its commands: a counter per
// window by add, then incr (each derivation beside its check), state of any other shape by
// gets, then cas, which is the cas mode's path; and no store clock.

#include "scenariotest.h"

#include <QTemporaryDir>
#include <QtTest>

#include <numeric>

using namespace ratelab;

using test::lane;
using test::problemsOf;
using test::run;

class TestClusterMemcached : public QObject {
    Q_OBJECT

private slots:
    void incrDecidesOnTheCountItReturns();
    void incrCountsRejectedCostAndNamesTheWindowAtArrival();
    void otherStateTakesTheCasPath();
    void storeClockIsRefused();
};

namespace {

// Two instances in turn, a constant 10 ms round trip: an add reaches memcached 5 ms after it
// is sent and its answer is back at 10 ms; an incr sent then reaches it at 15 ms, back at 20 ms.
constexpr const char* kTwoInstances = R"({"name": "memcached by hand", "duration": "3s", "keys": "recorded",
    "traffic": [{"kind": "trace", "file": "trace.csv"}],
    "cluster": {"instances": 2, "store": {"mode": "memcached", "latency": {"kind": "constant", "rtt": "10ms"}}},
    "algorithms": [{"id": "fw", "algorithm": "fixed_window", "params": {"limit": 3, "window": "1s", "align": "epoch"}}]})";

// The trace: t_us,key,cost. Request i goes to instance i % 2.
constexpr const char* kTrace = "t_us,key,cost\n"
                               "0,a,1\n"         // 0: add at 5 ms creates window 0's key with 1: allowed at 10 ms
                               "0,a,1\n"         // 1: add at 5 ms, after 0's (FIFO): NOT_STORED; incr at 15 ms -> 2
                               "2000,a,1\n"      // 2: incr at 17 ms -> 3: allowed at 22 ms
                               "4000,a,1\n"      // 3: incr at 19 ms -> 4: rejected at 24 ms
                               "500000,a,2\n"    // 4: incr at 515 ms -> 6: rejected at 520 ms
                               "1200000,a,2\n"   // 5: add at 1,205 ms creates window 1's key with 2: allowed at 1,210 ms
                               "1201000,a,2\n"   // 6: incr at 1,216 ms -> 4: rejected at 1,221 ms
                               "1300000,a,1\n"   // 7: incr at 1,315 ms -> 5: rejected at 1,320 ms
                               "1995000,a,1\n"   // 8: named window 1 at arrival; incr at 2,010 ms -> 6: rejected at 2,015 ms
                               "2500000,a,1\n";  // 9: add at 2,505 ms creates window 2's key: allowed at 2,510 ms

struct Expected {
    bool allowed;
    std::uint32_t instance;
    SimTime decidedUs;
};

}  // namespace

void TestClusterMemcached::incrDecidesOnTheCountItReturns()
{
    QTemporaryDir dir;
    const Scenario s = test::traceScenario(dir.path().toStdString(), kTrace, kTwoInstances);
    RunControl control;
    const KeyHistory h = keyHistory(s, "fw", "a", 0, 20, control);
    const std::vector<Expected> expected = {
        {true, 0, 10'000},    {true, 1, 20'000},     {true, 0, 22'000},     {false, 1, 24'000},    {false, 0, 520'000},
        {true, 1, 1'210'000}, {false, 0, 1'221'000}, {false, 1, 1'320'000}, {false, 0, 2'015'000}, {true, 1, 2'510'000}};
    QCOMPARE(h.steps.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const ClusterDecision& c = *h.steps[i].cluster;
        QVERIFY2(c.allowed == expected[i].allowed, qPrintable(QString::number(i)));
        QCOMPARE(c.instance, expected[i].instance);
        QCOMPARE(c.decidedUs, expected[i].decidedUs);
        QVERIFY(c.by == ClusterDecider::Store);
    }
}

void TestClusterMemcached::incrCountsRejectedCostAndNamesTheWindowAtArrival()
{
    QTemporaryDir dir;
    const Report r = run(test::traceScenario(dir.path().toStdString(), kTrace, kTwoInstances));
    const ClusterStats& c = *r.algorithms[0].cluster;
    QCOMPARE(c.store, std::string("memcached"));
    // Round trips: one for each of the three requests whose add created a key (0, 5, 9), two
    // for the seven others: 3 + 14 = 17, no cas.
    QCOMPARE(c.storeRoundTrips, std::int64_t(17));
    QCOMPARE(c.roundTripsPerDecision, 1.7);
    QCOMPARE(c.casRetries, std::int64_t(0));
    // Allowed cost: 1 + 1 + 1 (window 0), 2 (window 1), 1 (window 2) = 6 of 13.
    QCOMPARE(std::accumulate(c.allowedByArrival.begin(), c.allowedByArrival.end(), std::int64_t(0)), std::int64_t(6));
    QCOMPARE(c.instanceAllowed, (std::vector<std::int64_t>{2, 3}));  // requests 0, 2 and 1, 5, 9
    // An exact fixed window that does not count rejected cost, deciding at each command's true
    // arrival: request 7 finds 2 + 1 <= 3 in window 1, where incr had 4 + 1 (request 6's
    // rejected 2 counted); request 8's incr reaches memcached at 2,010 ms, in window 2, where
    // the exact window is empty, but the key it increments is window 1's. Wrongly rejected: 2.
    QCOMPARE(c.wronglyRejected, std::int64_t(2));
    QCOMPARE(c.globalLimitOvershoot, std::int64_t(0));
}

void TestClusterMemcached::otherStateTakesTheCasPath()
{
    // A token bucket on memcached goes through gets, then cas: the cas mode's decisions, round
    // trips and retries, one for one, on a hot key where cas writes conflict.
    const auto withStore = [](const char* mode) {
        const std::string json = std::string(R"({"name": "hot", "seed": 9, "duration": "20s", "population": {"clients": 1},
            "traffic": [{"kind": "poisson", "rate": "600/s"}], "keys": "global",
            "cluster": {"instances": 4, "store": {"mode": ")")
            + mode + R"(", "latency": {"kind": "uniform", "min": "2ms", "max": "6ms"}, "cas_retries": 4}},
            "algorithms": [{"id": "tb", "algorithm": "token_bucket", "params": {"capacity": 50, "refill": "200/s"}}]})";
        return run(loadScenario(json, "inline")).algorithms[0];
    };
    const AlgorithmReport cas = withStore("cas");
    const AlgorithmReport memcached = withStore("memcached");
    QVERIFY(cas.cluster->casRetries > 0 && cas.cluster->casExhausted > 0);
    QCOMPARE(memcached.allowed, cas.allowed);
    QCOMPARE(memcached.allowedSeries, cas.allowedSeries);
    QCOMPARE(memcached.cluster->storeRoundTrips, cas.cluster->storeRoundTrips);
    QCOMPARE(memcached.cluster->casRetries, cas.cluster->casRetries);
    QCOMPARE(memcached.cluster->casExhausted, cas.cluster->casExhausted);
    QCOMPARE(memcached.cluster->store, std::string("memcached"));
}

void TestClusterMemcached::storeClockIsRefused()
{
    const std::string head = R"({"duration": "1s", "traffic": [{"kind": "constant", "rate": "10/s"}],
        "cluster": {"instances": 2, "store": {"mode": "memcached", "clock": ")";
    const std::string algorithms =
        R"("}}, "algorithms": [{"algorithm": "fixed_window", "params": {"limit": 5, "window": "1s"}}]})";
    QCOMPARE(problemsOf(head + "instance" + algorithms), QStringList());
    const QStringList problems = problemsOf(head + "store" + algorithms);
    QCOMPARE(problems.size(), qsizetype(1));
    QVERIFY2(problems[0].startsWith("cluster.store.clock: memcached has no TIME command"), qPrintable(problems[0]));
    // An algorithm's own store, by its own path.
    const QStringList own = problemsOf(R"({"duration": "1s", "traffic": [{"kind": "constant", "rate": "10/s"}],
        "cluster": {"instances": 2}, "algorithms": [{"algorithm": "gcra", "params": {"rate": "5/s", "burst": 2},
        "store": {"mode": "memcached", "clock": "store"}}]})");
    QCOMPARE(own.size(), qsizetype(1));
    QVERIFY2(own[0].startsWith("algorithms[0].store.clock: memcached has no TIME command"), qPrintable(own[0]));
}

QTEST_APPLESS_MAIN(TestClusterMemcached)
#include "tst_clustermemcached.moc"
