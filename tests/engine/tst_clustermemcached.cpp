// The memcached store mode against values derived by hand from its commands: a counter per
// window by add, then incr (each derivation beside its check), state of any other shape by
// gets, then cas, which is the cas mode's path; and no store clock.

#include "scenariotest.h"

#include <QTemporaryDir>
#include <QtTest>

#include <numeric>
#include <queue>

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
    void scenarioIncrIsExact();
    void scenarioCasLosesDecisionsAsConcurrencyRises();
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

// gets, then cas, on one key whose limit never binds (every snapshot decides "allowed"), as
// an event loop of its own: `requests` arrive `gap` apart; an attempt sent at s reads the
// version at s + rtt/2 and its cas reaches the store at s + rtt + rtt/2, writing only if the
// version is unchanged; its answer is back at s + 2 rtt, when a failed attempt sends the next
// read, until `attempts` have failed. The store's events never share a microsecond (`ties`
// says whether they did), so their order is the times'.
struct CasContention {
    std::int64_t roundTrips = 0, retries = 0, exhausted = 0, waited = 0;
    bool ties = false;
};

CasContention casContention(Duration gap, std::int64_t requests, Duration rtt, std::int64_t attempts)
{
    struct Event {
        SimTime at;
        std::int64_t request;
        bool cas;
        bool operator>(const Event& o) const { return at > o.at; }
    };
    std::priority_queue<Event, std::vector<Event>, std::greater<>> store;
    const auto send = [&](std::int64_t i, SimTime s) { store.push({s + rtt / 2, i, false}); };
    for (std::int64_t i = 0; i < requests; ++i)
        send(i, i * gap);
    std::vector<std::uint64_t> read(static_cast<std::size_t>(requests));
    std::vector<std::int64_t> failed(static_cast<std::size_t>(requests), 0);
    std::uint64_t version = 0;
    CasContention out;
    SimTime last = -1;
    while (!store.empty()) {
        const Event e = store.top();
        store.pop();
        out.ties = out.ties || e.at == last;
        last = e.at;
        const auto i = static_cast<std::size_t>(e.request);
        if (!e.cas) {
            read[i] = version;
            out.roundTrips += 2;  // the gets and the cas it leads to
            store.push({e.at + rtt, e.request, true});
            continue;
        }
        if (read[i] == version) {
            ++version;
            continue;
        }
        ++out.retries;
        out.waited += failed[i] == 0 ? 1 : 0;
        if (++failed[i] == attempts)
            ++out.exhausted;
        else
            send(e.request, e.at + rtt - rtt / 2);  // its cas arrived at s + rtt + rtt/2: s + 2 rtt
    }
    return out;
}

// 12557 as "12,557".
std::string withCommas(std::int64_t n)
{
    const std::string digits = std::to_string(n);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return out;
}

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

void TestClusterMemcached::scenarioIncrIsExact()
{
    // cluster-memcached: 400/s constant on one key (every 2.5 ms from 0: 24,000 requests, 400
    // in each 1 s window), 4 instances. By add then incr, window w's first request (at w s)
    // creates its key and the next 99 count up to 100: exactly 100 allowed in each of 60
    // windows, decided within the window (the 100th at w s + 247.5 ms + two round trips):
    // nothing over the limit, at either round trip.
    const Report r = run(test::embedded("cluster-memcached"));
    for (const char* id : {"window by incr, 1 ms", "window by incr, 5 ms"}) {
        const AlgorithmReport& a = lane(r, id);
        QCOMPARE(a.requests, std::int64_t(24000));
        QCOMPARE(a.allowed, std::int64_t(6000));
        QCOMPARE(a.cluster->globalLimitOvershoot, std::int64_t(0));
        QCOMPARE(a.cluster->store, std::string("memcached"));
        // One round trip for each window's first request, two for its 399 others.
        QCOMPARE(a.cluster->storeRoundTrips, std::int64_t(60 * (1 + 2 * 399)));
        QCOMPARE(a.cluster->casRetries, std::int64_t(0));
    }
    // The key is named at arrival. At 1 ms the last request of a window (w s + 997.5 ms) has its
    // incr at + 1.5 ms, still in the window; at 5.002 ms the incr comes 7.503 ms after the
    // arrival, so the requests at 992.5, 995 and 997.5 ms count in window w's key, where they
    // are refused, while an exact window deciding at that true time would admit them as the
    // first of window w + 1: 3 wrongly rejected at each of 60 window ends.
    QCOMPARE(lane(r, "window by incr, 1 ms").cluster->wronglyRejected, std::int64_t(0));
    QCOMPARE(lane(r, "window by incr, 5 ms").cluster->wronglyRejected, std::int64_t(3 * 60));
}

void TestClusterMemcached::scenarioCasLosesDecisionsAsConcurrencyRises()
{
    // The token bucket of 1,000 refilled at 1,000/s never empties under 400/s: an exact bucket
    // admits all 24,000. On gets/cas each decision is a read and a conditional write; what
    // memcached refuses is refused by contention alone (cas_retries: 10), every one wrongly.
    const Report r = run(test::embedded("cluster-memcached"));
    std::int64_t before = -1;
    for (const auto& [id, rtt] :
         {std::pair{"bucket by cas, 1 ms", Duration(1000)}, std::pair{"bucket by cas, 5 ms", Duration(5002)},
          std::pair{"bucket by cas, 20 ms", Duration(20002)}}) {
        const CasContention model = casContention(2500, 24000, rtt, 10);
        QVERIFY(!model.ties);
        const AlgorithmReport& a = lane(r, id);
        QCOMPARE(a.cluster->storeRoundTrips, model.roundTrips);
        QCOMPARE(a.cluster->casRetries, model.retries);
        QCOMPARE(a.cluster->casExhausted, model.exhausted);
        QCOMPARE(a.cluster->waitedOnStore, model.waited);
        QCOMPARE(a.allowed, 24000 - model.exhausted);
        QCOMPARE(a.cluster->wronglyRejected, model.exhausted);
        QCOMPARE(a.cluster->globalLimitOvershoot, std::int64_t(0));
        QVERIFY2(model.exhausted > before, id);  // more refused as more requests are in flight
        before = model.exhausted;
        if (rtt > 1000)  // the description states the figures
            QVERIFY2(test::embedded("cluster-memcached").description.find(withCommas(model.exhausted)) != std::string::npos,
                     qPrintable(QString::fromStdString(withCommas(model.exhausted))));
    }
    // At 1 ms a request's read and write (0.5 and 1.5 ms after it) both come before the next
    // request's read (2.5 ms): no contention, two round trips each.
    QCOMPARE(lane(r, "bucket by cas, 1 ms").cluster->storeRoundTrips, std::int64_t(2 * 24000));
}

QTEST_APPLESS_MAIN(TestClusterMemcached)
#include "tst_clustermemcached.moc"
