// Every request of a key reachable in the Learn view: keyHistory from a time, the next
// rejection and the next burst (engine/sim/keyhistory.h), on hand-made traces and on the
// Redis outage scenario, whose 20-40 s lie far beyond a key's first 2,000 requests.

#include "scenariotest.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace ratelab;

namespace {

// Key a against a fixed window of 2 per second (b only adds other traffic):
//   0.1 0.2 allowed, 0.3 rejected (the third in [0, 1));
//   1.5 allowed; 2.1 2.2 allowed, 2.3 2.35 rejected; 5.0 allowed.
const char* kTrace = "t_us,key,cost\n0,b,1\n100000,a,1\n200000,a,1\n250000,b,1\n300000,a,1\n1500000,a,1\n"
                     "2100000,a,1\n2200000,a,1\n2300000,a,1\n2350000,a,1\n4000000,b,1\n5000000,a,1\n";
const char* kScenario = R"({"name": "hand", "duration": "6s", "traffic": [{"kind": "trace", "file": "trace.csv"}],
    "keys": "recorded", "algorithms": [{"id": "fw", "algorithm": "fixed_window", "params": {"limit": 2, "window": "1s"}}]})";

}  // namespace

class TestKeyHistory : public QObject {
    Q_OBJECT

private slots:
    void startsAtATime();
    void nextRejection();
    void nextBurst();
    void curveRunsToTheNextRequest();
    void outageIsReachable();
    void clusterDecisionsOnEachInstance();
    void clusterDecisionsDuringTheOutage();
    void searchesCancel();
};

void TestKeyHistory::startsAtATime()
{
    QTemporaryDir dir;
    const Scenario s = test::traceScenario(dir.path().toStdString(), kTrace, kScenario);
    RunControl control;
    const KeyHistory h = keyHistory(s, "fw", "a", 1'600'000, 3, control);
    QCOMPARE(h.steps.size(), std::size_t(3));
    QCOMPARE(h.steps[0].atUs, SimTime(2'100'000));
    QCOMPARE(h.steps[2].atUs, SimTime(2'300'000));
    // The earlier requests were decided: 2.3 s is the third in [2, 3), rejected.
    QVERIFY(h.steps[0].decision.allowed);
    QVERIFY(!h.steps[2].decision.allowed);
    QCOMPARE(keyHistory(s, "fw", "a", 5'000'001, 10, control).steps.size(), std::size_t(0));
}

void TestKeyHistory::nextRejection()
{
    QTemporaryDir dir;
    const Scenario s = test::traceScenario(dir.path().toStdString(), kTrace, kScenario);
    RunControl control;
    QCOMPARE(ratelab::nextRejection(s, "fw", "a", 0, control), std::optional<SimTime>(300'000));
    QCOMPARE(ratelab::nextRejection(s, "fw", "a", 300'000, control), std::optional<SimTime>(300'000));
    QCOMPARE(ratelab::nextRejection(s, "fw", "a", 300'001, control), std::optional<SimTime>(2'300'000));
    QCOMPARE(ratelab::nextRejection(s, "fw", "a", 2'350'001, control), std::optional<SimTime>());
    QCOMPARE(ratelab::nextRejection(s, "fw", "b", 0, control), std::optional<SimTime>());
}

void TestKeyHistory::nextBurst()
{
    QTemporaryDir dir;
    const Scenario s = test::traceScenario(dir.path().toStdString(), kTrace, kScenario);
    RunControl control;
    // Quota 2 per 1 s window: 0.1, 0.2, 0.3 are 3 within 1 s; nothing else before 1.1 s.
    const auto first = ratelab::nextBurst(s, "fw", "a", 0, control);
    QVERIFY(first);
    QCOMPARE(first->firstUs, SimTime(100'000));
    QCOMPARE(first->lastUs, SimTime(300'000));
    QCOMPARE(first->requests, std::int64_t(3));
    QCOMPARE(first->quota, std::int64_t(2));
    QCOMPARE(first->windowUs, Duration(1'000'000));
    // From 0.35 s: at 2.2 s the window (1.2, 2.2] holds 1.5, 2.1, 2.2; the burst runs from
    // 1.5 s to before 2.5 s: 2.3 and 2.35 too, five requests.
    const auto second = ratelab::nextBurst(s, "fw", "a", 350'000, control);
    QVERIFY(second);
    QCOMPARE(second->firstUs, SimTime(1'500'000));
    QCOMPARE(second->lastUs, SimTime(2'350'000));
    QCOMPARE(second->requests, std::int64_t(5));
    // From 2.36 s only 5.0 is left: no burst.
    QVERIFY(!ratelab::nextBurst(s, "fw", "a", 2'360'000, control));
}

void TestKeyHistory::curveRunsToTheNextRequest()
{
    QTemporaryDir dir;
    const Scenario s = test::traceScenario(dir.path().toStdString(), kTrace, kScenario);
    RunControl control;
    // The last traced step (1.5 s) ends where the key's next request (2.1 s) is decided,
    // though that one is not traced; the count, 1 in [1, 2), drops to 0 at 2 s.
    const KeyHistory h = keyHistory(s, "fw", "a", 1'000'000, 1, control);
    QCOMPARE(h.steps.size(), std::size_t(1));
    const StateCurve& count = h.steps[0].curve.front();
    QCOMPARE(count.name, std::string("count"));
    QCOMPARE(count.points.size(), std::size_t(4));
    QCOMPARE(count.points.front().t, SimTime(1'500'000));
    QCOMPARE(count.points.front().value, 1.0);
    QCOMPARE(count.points[2].t, SimTime(2'000'000));
    QCOMPARE(count.points[2].value, 0.0);
    QCOMPARE(count.points.back().t, SimTime(2'100'000));
    // The key's last request: to the scenario's end (6 s).
    const KeyHistory tail = keyHistory(s, "fw", "a", 4'000'000, 5, control);
    QCOMPARE(tail.steps.size(), std::size_t(1));
    QCOMPARE(tail.steps[0].curve.front().points.back().t, SimTime(6'000'000));
}

void TestKeyHistory::outageIsReachable()
{
    // 300 requests a second on one key: 6,000 before 20 s, so the outage lies beyond the
    // first 2,000. The bucket (100, 100/s) is empty from about 0.5 s on (it loses 200 a
    // second), so a rejection follows 20 s within a few requests.
    const Scenario s = test::embedded("cluster-redis-outage");
    RunControl control;
    const std::vector<std::string> keys = busiestKeys(s, 1, control);
    QCOMPARE(keys.size(), std::size_t(1));
    const KeyHistory h = keyHistory(s, "fail_open", keys.front(), 20'000'000, 100, control);
    QCOMPARE(h.steps.size(), std::size_t(100));
    QVERIFY(h.steps.front().atUs >= 20'000'000);
    QVERIFY(h.steps.front().atUs < 20'100'000);
    const auto rejection = ratelab::nextRejection(s, "fail_open", keys.front(), 20'000'000, control);
    QVERIFY(rejection);
    SimTime firstRejected = -1;
    for (const KeyStep& step : h.steps) {
        if (!step.decision.allowed) {
            firstRejected = step.atUs;
            break;
        }
    }
    QCOMPARE(*rejection, firstRejected);
    QVERIFY(*rejection < 20'100'000);
    // More than 100 in 1 s at 300 a second: a burst from 30 s on starts at the first request.
    const auto burst = ratelab::nextBurst(s, "fail_open", keys.front(), 30'000'000, control);
    QVERIFY(burst);
    QVERIFY(burst->firstUs >= 30'000'000 && burst->firstUs < 30'100'000);
    QCOMPARE(burst->quota, std::int64_t(100));
    QCOMPARE(burst->windowUs, Duration(1'000'000));
    QVERIFY(burst->requests > 200 && burst->requests < 400);  // 300 expected in its second
}

// Two instances, each alone (store "local"), round robin, a fixed window of 2 per second: a's
// four requests in [0, 1) go to instance 0, 1, 0, 1, two each, so the cluster allows all four
// where one exact limiter refuses the third and the fourth. A local decision is made at once.
void TestKeyHistory::clusterDecisionsOnEachInstance()
{
    QTemporaryDir dir;
    const Scenario s =
        test::traceScenario(dir.path().toStdString(), "t_us,key,cost\n100000,a,1\n200000,a,1\n300000,a,1\n400000,a,1\n",
                            R"({"name": "two alone", "duration": "2s", "traffic": [{"kind": "trace", "file": "trace.csv"}],
        "keys": "recorded", "cluster": {"instances": 2, "balancer": "round_robin", "store": {"mode": "local"}},
        "algorithms": [{"id": "fw", "algorithm": "fixed_window", "params": {"limit": 2, "window": "1s"}}]})");
    RunControl control;
    const KeyHistory h = keyHistory(s, "fw", "a", 0, 10, control);
    QCOMPARE(h.steps.size(), std::size_t(4));
    const bool exact[] = {true, true, false, false};
    for (std::size_t i = 0; i < 4; ++i) {
        const KeyStep& step = h.steps[i];
        QCOMPARE(step.decision.allowed, exact[i]);
        QVERIFY(step.cluster);
        QVERIFY(step.cluster->allowed);
        QCOMPARE(step.cluster->instance, std::uint32_t(i % 2));
        QCOMPARE(step.cluster->decidedUs, step.atUs);
        QVERIFY(step.cluster->by == ClusterDecider::Instance);
    }
    // Without a cluster, no cluster decisions.
    const Scenario single = test::traceScenario(dir.path().toStdString(), kTrace, kScenario);
    QVERIFY(!keyHistory(single, "fw", "a", 0, 10, control).steps.front().cluster);
}

// Redis is down from 20 s to 40 s (timeout 100 ms): every request arriving in it is decided
// by the failure policy when its call times out, 100 ms after it arrived: fail_open allows
// each, fail_closed refuses each. Before the outage the store decides, a round trip later.
void TestKeyHistory::clusterDecisionsDuringTheOutage()
{
    const Scenario s = test::embedded("cluster-redis-outage");
    RunControl control;
    const std::string key = busiestKeys(s, 1, control).front();
    for (const auto& [lane, allowed, by] : {std::tuple{"fail_open", true, ClusterDecider::FailOpen},
                                            std::tuple{"fail_closed", false, ClusterDecider::FailClosed}}) {
        const KeyHistory h = keyHistory(s, lane, key, 25'000'000, 50, control);
        QCOMPARE(h.steps.size(), std::size_t(50));
        for (const KeyStep& step : h.steps) {
            QVERIFY(step.cluster);
            QCOMPARE(step.cluster->allowed, allowed);
            QVERIFY(step.cluster->by == by);
            QCOMPARE(step.cluster->decidedUs, step.atUs + 100'000);
        }
    }
    const KeyHistory before = keyHistory(s, "fail_open", key, 10'000'000, 20, control);
    for (const KeyStep& step : before.steps) {
        QVERIFY(step.cluster && step.cluster->by == ClusterDecider::Store);
        QVERIFY(step.cluster->decidedUs > step.atUs && step.cluster->decidedUs < step.atUs + 100'000);
    }
}

void TestKeyHistory::searchesCancel()
{
    const Scenario s = test::embedded("cluster-redis-outage");
    RunControl control;
    control.cancel();
    QVERIFY_THROWS_EXCEPTION(Cancelled, ratelab::nextRejection(s, "fail_open", "no such key", 0, control));
    QVERIFY_THROWS_EXCEPTION(Cancelled, ratelab::nextBurst(s, "fail_open", "no such key", 0, control));
}

QTEST_APPLESS_MAIN(TestKeyHistory)
#include "tst_keyhistory.moc"
