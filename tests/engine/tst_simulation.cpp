// runScenario against values derived by hand from the traffic and the algorithms' rules
// (each derivation is in the comment above its check).

#include "scenariotest.h"

#include "engine/engine.h"
#include "engine/report/reportio.h"
#include "engine/scenario/scenarioio.h"

#include <QtTest>

#include <algorithm>

using namespace ratelab;

using test::embedded;
using test::lane;
using test::run;

class TestSimulation : public QObject {
    Q_OBJECT

private slots:
    void boundaryAttack();
    void steadyPoissonCounterDisagreementIsSmall();
    void natPopulationThrottlesInnocentClients();
    void retryStormAmplification();
    void limitChangeKeepsOrResetsState();
    void shapingDelayIsBoundedByBurstOverRate();
    void sameSeedSameReport();
    void differentSeedDifferentTraffic();
    void everyEmbeddedScenarioRuns();
    void cancelStopsTheRun();
    void backendLoadForBothPlacements();
    void tieredKeysTakeEachTiersLimit();
    void endpointKeysSplitByPath();
    void flashCrowdAndDiurnalShapes();
    void neverAdmissibleRequestsAreCounted();
    void liveKeysSeriesStartsFromEachBucket();
};

void TestSimulation::boundaryAttack()
{
    // 30 rounds (60 s, one every 2 s): 10 requests at b - 100 ms ... b - 10 ms and 10 at
    // b ... b + 90 ms around a 1 s boundary b; limit 10 per 1 s everywhere.
    const Report r = run(embedded("boundary-attack"));
    QCOMPARE(r.uniqueRequests, std::int64_t(600));
    // Fixed window: each side of b is its own window with room for 10: all 20 pass, in 190 ms.
    const AlgorithmReport& fixed = lane(r, "fixed_window");
    QCOMPARE(fixed.allowed, std::int64_t(600));
    QCOMPARE(fixed.peakBurst.allowedCost, std::int64_t(20));
    QCOMPARE(fixed.peakBurst.ratio, 2.0);
    // The exact log: the first 10 of each round pass, the next 10 lie within 1 s of them.
    const AlgorithmReport& log = lane(r, "sliding_window_log");
    QCOMPARE(log.allowed, std::int64_t(300));
    QCOMPARE(log.peakBurst.ratio, 1.0);
    // Sliding counter: after b, est = floor(10 x (1 s - e) / 1 s) + current. At e = 0 it is
    // 10 (rejected); at e = 10 ms floor(9.9) = 9, so one passes; then 9 + 1 + 1 > 10. 11 per round.
    QCOMPARE(lane(r, "sliding_window_counter").allowed, std::int64_t(330));
    // Token bucket 10, 10/s, full after 1.81 s idle: 10 pass before b with 0.9 refilled,
    // at b the level reaches 1.0 (one passes), then 0.1 ... 0.9: rejected. 11 per round.
    QCOMPARE(lane(r, "token_bucket").allowed, std::int64_t(330));
    // Disagreement with the exact log: the fixed window's second 10 of each round.
    QCOMPARE(fixed.disagreement->falseAllow, std::int64_t(300));
    QCOMPARE(fixed.disagreement->falseReject, std::int64_t(0));
    QVERIFY(!log.disagreement.has_value());
    // Shadow pairs: the log rejects 300 that the fixed window allows, never the reverse. The
    // report must hold that pair: a missing one fails.
    const auto pair = std::find_if(r.shadow.begin(), r.shadow.end(),
                                   [](const ShadowPair& p) { return p.a == "fixed_window" && p.b == "sliding_window_log"; });
    QVERIFY2(pair != r.shadow.end(), "no fixed_window / sliding_window_log shadow pair in the report");
    QCOMPARE(pair->aRejectsBAllows, std::int64_t(0));
    QCOMPARE(pair->bRejectsAAllows, std::int64_t(300));
    QCOMPARE(pair->bRejectsAAllowsExamples.size(), std::size_t(5));
    QCOMPARE(fixed.memory.peakLiveKeys, std::int64_t(1));
    QCOMPARE(fixed.memory.stateBytesPerKey, 16.0);
    // In Redis (redismemory.h, measured): the fixed window's hash 165 B, the token bucket's
    // 181 B, the log's 303.3 B + 10.67 B for each of its limit's 10 entries.
    QCOMPARE(*fixed.memory.redisBytesPerKey, 165.0);
    QCOMPARE(*lane(r, "token_bucket").memory.redisBytesPerKey, 181.0);
    QCOMPARE(*log.memory.redisBytesPerKey, 303.3 + 10.67 * 10);
}

void TestSimulation::steadyPoissonCounterDisagreementIsSmall()
{
    // 50 users at 4/s each against 10/s: the counter's estimate rarely departs from the log.
    const Report r = run(embedded("steady-poisson"));
    const AlgorithmReport& counter = lane(r, "sliding_window_counter");
    const double disagreement = static_cast<double>(counter.disagreement->falseAllow + counter.disagreement->falseReject)
        / static_cast<double>(counter.requests);
    QVERIFY2(disagreement > 0.0 && disagreement < 0.01, qPrintable(QString::number(disagreement)));
    QVERIFY(lane(r, "token_bucket").acceptance > 0.999);
}

void TestSimulation::natPopulationThrottlesInnocentClients()
{
    // 300 clients share one IP and send 300/s in total against 20/s per IP: nearly all of
    // their requests are rejected, so each of the 300 sees rejections; alone, each sends
    // about 1/s against 20/s with a burst of 20 and is never rejected. The other 700 each own
    // an IP and are never throttled.
    const Report r = run(embedded("nat-population"));
    const AlgorithmReport& perIp = lane(r, "per-IP token bucket");
    QCOMPARE(perIp.clients->clients, std::int64_t(1000));
    QCOMPARE(perIp.clients->throttled, std::int64_t(300));
    QCOMPARE(perIp.clients->wronglyThrottled, std::int64_t(300));
    const AlgorithmReport& perUser = lane(r, "per-user token bucket");
    QCOMPARE(perUser.clients->throttled, std::int64_t(0));
    QCOMPARE(perUser.clients->wronglyThrottled, std::int64_t(0));
    QCOMPARE(perUser.rejected, std::int64_t(0));
}

void TestSimulation::retryStormAmplification()
{
    const Report r = run(embedded("retry-storm"));
    const auto& storm = *lane(r, "retry at once").closedLoop;
    const auto& polite = *lane(r, "honour Retry-After").closedLoop;
    // A rejected request retried every 10 ms meets a bucket that needs 500 ms per token:
    // several attempts per rejection.
    QVERIFY2(storm.amplification > 1.6, qPrintable(QString::number(storm.amplification)));
    // Waiting Retry-After (rounded up to whole seconds) finds a token: close to one attempt.
    QVERIFY2(polite.amplification < 1.25, qPrintable(QString::number(polite.amplification)));
    QVERIFY2(polite.retryAfterSuccess > 0.6, qPrintable(QString::number(polite.retryAfterSuccess)));
    QCOMPARE(polite.attempts, polite.uniqueRequests + polite.retries);
    QCOMPARE(storm.uniqueRequests, r.uniqueRequests);
}

void TestSimulation::limitChangeKeepsOrResetsState()
{
    // One user every 20 ms (50/s). Token bucket 10, 10/s: 0.2 tokens per request, so exactly
    // every 5th passes: 10 per 1 s bucket. At 30 s the refill becomes 20/s: 0.4 per request,
    // 20 per bucket. Keep carries the (empty) level over: 20 in bucket 30. Reset starts full:
    // 10 tokens plus 0.4 per request last 16 requests (level 9 - 0.6 (k - 1) + 0.4 reaches
    // exactly 1 at the 16th), then the other 34 refill 13.6 tokens: 13 more, 29 in all.
    const char* json = R"({
      "name": "limit change", "seed": 1, "duration": "60s",
      "population": {"clients": 1},
      "traffic": [{"kind": "constant", "rate": "50/s"}],
      "keys": "user",
      "algorithms": [
        {"id": "keep", "algorithm": "token_bucket", "params": {"capacity": 10, "refill": "10/s"},
         "changes": [{"at": "30s", "params": {"refill": "20/s"}, "state": "keep"}]},
        {"id": "reset", "algorithm": "token_bucket", "params": {"capacity": 10, "refill": "10/s"},
         "changes": [{"at": "30s", "params": {"refill": "20/s"}, "state": "reset"}]}
      ]})";
    const Report r = run(loadScenario(json, "inline"));
    for (const char* id : {"keep", "reset"}) {
        const auto& series = lane(r, id).allowedSeries;
        QCOMPARE(series.size(), std::size_t(60));
        for (int b = 5; b < 30; ++b)
            QCOMPARE(series[b], std::int64_t(10));
        for (int b = 32; b < 60; ++b)
            QCOMPARE(series[b], std::int64_t(20));
    }
    QCOMPARE(lane(r, "keep").allowedSeries[30], std::int64_t(20));
    QCOMPARE(lane(r, "reset").allowedSeries[30], std::int64_t(29));
}

void TestSimulation::shapingDelayIsBoundedByBurstOverRate()
{
    // leaky_bucket rate 10/s burst 9 (shape): the excess never exceeds 9, so no request
    // waits more than 9 / 10/s = 900 ms, and the heavy users reach it.
    const Report r = run(defaultScenario());
    const AlgorithmReport& leaky = lane(r, "leaky_bucket");
    QVERIFY(leaky.delay.has_value());
    QCOMPARE(leaky.delay->max, std::int64_t(900'000));
    QVERIFY(leaky.delay->p50 <= leaky.delay->p99 && leaky.delay->p99 <= 900'000);
    QCOMPARE(leaky.delay->cumulative.back().second, leaky.allowed);
    QVERIFY(!lane(r, "token_bucket").delay.has_value());
    // police-equivalent decisions: shaping delays, it does not change who passes.
    QCOMPARE(leaky.allowed, lane(r, "token_bucket").allowed);
    QCOMPARE(lane(r, "gcra").allowed, lane(r, "token_bucket").allowed);
}

void TestSimulation::sameSeedSameReport()
{
    const std::string a = reportJson(run(defaultScenario()));
    const std::string b = reportJson(run(defaultScenario()));
    QCOMPARE(a, b);
    QVERIFY(a.find("\"schema\": \"ratelab.report/1\"") != std::string::npos);
}

void TestSimulation::differentSeedDifferentTraffic()
{
    Scenario s = defaultScenario();
    const Report a = run(s);
    s.seed = 43;
    const Report b = run(s);
    QVERIFY(a.uniqueRequests != b.uniqueRequests || a.algorithms[0].allowed != b.algorithms[0].allowed);
}

void TestSimulation::everyEmbeddedScenarioRuns()
{
    QVERIFY(embeddedScenarios().size() >= 7);
    for (const auto& [name, json] : embeddedScenarios()) {
        const Scenario s = loadScenario(json, name);
        const Report r = run(s);
        QVERIFY2(r.uniqueRequests > 0, name.c_str());
        for (const AlgorithmReport& a : r.algorithms) {
            QCOMPARE(a.allowed + a.rejected, a.requests);
            std::int64_t allowedCost = 0;
            for (std::int64_t v : a.allowedSeries)
                allowedCost += v;
            QCOMPARE(allowedCost, a.allowedCost);
            QVERIFY(a.peakBurst.ratio > 0);
        }
        // Saved and loaded again, the scenario runs to the same report.
        const Scenario again = loadScenario(saveScenario(s), name + " (saved)");
        QCOMPARE(reportJson(run(again)), reportJson(r));
    }
}

void TestSimulation::cancelStopsTheRun()
{
    RunControl control;
    control.cancel();
    QVERIFY_THROWS_EXCEPTION(Cancelled, runScenario(embedded("zipf-keys"), control));
}

void TestSimulation::backendLoadForBothPlacements()
{
    const Report r = run(defaultScenario());
    for (const AlgorithmReport& a : r.algorithms) {
        QCOMPARE(a.backend.limiterBefore, a.allowedCost);
        QCOMPARE(a.backend.limiterAfter, a.allowedCost + a.rejectedCost);
    }
}

void TestSimulation::tieredKeysTakeEachTiersLimit()
{
    // 4 clients, 2 free (limit 2 per 1 s) and 2 pro (limit 10 per 1 s); constant 40/s in total,
    // drawn uniformly: each client offers about 10/s. Fixed windows: every free client is held
    // to 2 per second and every pro client is never limited beyond 10, so free keys admit at
    // most 2 x 60 each.
    const char* json = R"({
      "name": "tiers", "seed": 2, "duration": "60s",
      "population": {"clients": 4, "tiers": [{"name": "free", "share": 0.5}, {"name": "pro", "share": 0.5}]},
      "traffic": [{"kind": "constant", "rate": "40/s"}],
      "keys": "tiered",
      "algorithms": [{"id": "tiered", "algorithm": "fixed_window", "params": {"limit": 2, "window": "1s"},
                      "tiers": {"pro": {"limit": 10}}}]})";
    RunControl control;
    const Scenario s = loadScenario(json, "inline");
    const KeyHistory free = keyHistory(s, "tiered", "free:user-0", 0, 100000, control);
    const KeyHistory pro = keyHistory(s, "tiered", "pro:user-3", 0, 100000, control);
    QCOMPARE(free.limits.front().value, 2.0);
    QCOMPARE(pro.limits.front().value, 10.0);
    std::int64_t freeAllowed = 0;
    for (const KeyStep& step : free.steps)
        freeAllowed += step.decision.allowed;
    QCOMPARE(freeAllowed, std::int64_t(120));  // 2 per window, 60 windows, always offered more
    QVERIFY(free.steps.size() > 500);
}

void TestSimulation::endpointKeysSplitByPath()
{
    // One client, two endpoints with weights 3:1 and costs 1 and 5: per-endpoint keys keep a
    // separate limit per path; the report names keys ip:method:path.
    const char* json = R"({
      "name": "endpoints", "seed": 4, "duration": "10s",
      "population": {"clients": 1},
      "endpoints": [{"method": "GET", "path": "/items", "weight": 3, "cost": 1},
                    {"method": "POST", "path": "/orders", "weight": 1, "cost": 5}],
      "traffic": [{"kind": "poisson", "rate": "100/s"}],
      "keys": "endpoint",
      "algorithms": [{"id": "per endpoint", "algorithm": "sliding_window_log", "params": {"limit": 20, "window": "1s"}}]})";
    RunControl control;
    const Scenario s = loadScenario(json, "inline");
    const auto keys = busiestKeys(s, 5, control);
    QCOMPARE(keys.size(), std::size_t(2));
    QCOMPARE(keys.front(), std::string("10.0.0.1:GET:/items"));
    QCOMPARE(keys.back(), std::string("10.0.0.1:POST:/orders"));
    const Report r = run(s);
    // The log never admits more than 20 cost per second per key: two keys, 10 s.
    QVERIFY(r.algorithms[0].allowedCost <= 2 * 20 * 10 + 2 * 20);
    QCOMPARE(r.algorithms[0].peakBurst.ratio, 1.0);
}

void TestSimulation::flashCrowdAndDiurnalShapes()
{
    // Flash crowd: 100/s, ramping from 10 s over 5 s to 2,000/s, held 10 s, decaying 5 s.
    // Offered load per second: about 100 before, about 2,000 while held, about 100 after.
    const char* json = R"({
      "name": "shapes", "seed": 6, "duration": "40s", "population": {"clients": 10},
      "traffic": [{"kind": "flash_crowd", "rate": "100/s", "peak": "2000/s", "at": "10s", "ramp": "5s", "hold": "10s", "decay": "5s"}],
      "keys": "global",
      "algorithms": [{"algorithm": "gcra", "params": {"rate": "1000/s", "burst": 1000}}]})";
    const Report r = run(loadScenario(json, "inline"));
    const auto& offered = r.offeredSeries;
    QVERIFY(std::abs(offered[5] - 100) < 40);     // Poisson: sd 10
    QVERIFY(std::abs(offered[20] - 2000) < 150);  // sd 45
    QVERIFY(std::abs(offered[35] - 100) < 40);
    QVERIFY(std::abs(offered[12] - 1050) < 150);  // [12 s, 13 s): 100 + 1,900 x 2.5/5 on average
    // Diurnal: mean 500/s, peak 1,000/s (amplitude 1), period 20 s: a full period offers about
    // 10,000; the rising half [0, 10 s) 500 x (10 + 20/pi) = 8,183.
    const char* diurnal = R"({
      "name": "diurnal", "seed": 8, "duration": "20s", "population": {"clients": 10},
      "traffic": [{"kind": "diurnal", "rate": "500/s", "peak": "1000/s", "period": "20s"}],
      "keys": "global",
      "algorithms": [{"algorithm": "gcra", "params": {"rate": "1000/s", "burst": 1000}}],
      "metrics": {"bucket": "5s"}})";
    const Report d = run(loadScenario(diurnal, "inline"));
    std::int64_t total = 0;
    for (std::int64_t v : d.offeredSeries)
        total += v;
    QVERIFY(std::abs(total - 10000) < 400);
    QVERIFY(std::abs(d.offeredSeries[0] + d.offeredSeries[1] - 8183) < 300);
}

void TestSimulation::neverAdmissibleRequestsAreCounted()
{
    // Key k, one request a second from 0 s to 11 s, so every limiter is idle again each time,
    // costs 1 6 11 50 5 10 12 3 6 100 11 2 (at 1, 2, ..., 11 s; 1 at 0 s); and 12 cost-1
    // requests on key b at once at 0.5 s. A request can never pass when its cost is above
    // what the limiter ever admits at once: the token bucket's capacity 10 (11, 50, 12, 100,
    // 11: 5), GCRA's burst 5 (6, 11, 50, 10, 12, 6, 100, 11: 8), the fixed window's limit 10
    // (5). Every other request on k passes. On b, 10 pass the bucket and the window and 2 are
    // rejected; GCRA passes 5 and rejects 7; those could pass later, so are not counted.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    std::string trace = "t_us,key,cost\n0,k,1\n";
    for (int i = 0; i < 12; ++i)
        trace += "500000,b,1\n";
    const int costs[] = {6, 11, 50, 5, 10, 12, 3, 6, 100, 11, 2};
    for (int s = 1; s <= 11; ++s)
        trace += std::to_string(s * 1'000'000) + ",k," + std::to_string(costs[s - 1]) + "\n";
    const std::string algorithms = R"("algorithms": [
        {"algorithm": "token_bucket", "params": {"capacity": 10, "refill": "10/s"}},
        {"algorithm": "gcra", "params": {"rate": "10/s", "burst": 5}},
        {"algorithm": "fixed_window", "params": {"limit": 10, "window": "1s"}}])";
    const std::string traffic = R"({"name": "costly", "duration": "12s", "traffic": [{"kind": "trace", "file": "trace.csv"}],
        "keys": "recorded", )";
    const Report r = run(test::traceScenario(dir.path().toStdString(), trace, traffic + algorithms + "}"));
    QCOMPARE(lane(r, "token_bucket").neverAdmissible, std::int64_t(5));
    QCOMPARE(lane(r, "token_bucket").rejected, std::int64_t(5 + 2));
    QCOMPARE(lane(r, "gcra").neverAdmissible, std::int64_t(8));
    QCOMPARE(lane(r, "gcra").rejected, std::int64_t(8 + 7));
    QCOMPARE(lane(r, "fixed_window").neverAdmissible, std::int64_t(5));
    QCOMPARE(lane(r, "fixed_window").rejected, std::int64_t(5 + 2));
    const std::string json = reportJson(r);
    QVERIFY(json.find("\"never_admissible\": 8,") != std::string::npos);

    // In a cluster the store's limiter answers the same: one Redis, the same counts.
    const Report cluster = run(test::traceScenario(
        dir.path().toStdString(), trace,
        traffic + R"("cluster": {"instances": 2, "store": {"mode": "redis_atomic", "latency": {"rtt": "1ms"}}}, )" + algorithms
            + "}"));
    QCOMPARE(lane(cluster, "token_bucket").neverAdmissible, std::int64_t(5));
    QCOMPARE(lane(cluster, "gcra").neverAdmissible, std::int64_t(8));
    QCOMPARE(lane(cluster, "fixed_window").neverAdmissible, std::int64_t(5));
    // local_sync's counters give no retry time, yet a cost above the limit never fits them.
    const Report synced =
        run(test::traceScenario(dir.path().toStdString(), trace,
                                traffic + R"("cluster": {"instances": 2, "store": {"mode": "local_sync"}}, "algorithms": [
            {"algorithm": "fixed_window", "params": {"limit": 10, "window": "1s"}}]})"));
    QCOMPARE(synced.algorithms[0].neverAdmissible, std::int64_t(5));
}

void TestSimulation::liveKeysSeriesStartsFromEachBucket()
{
    // GCRA 10/s burst 1: a request at 0 leaves its key live for 100 ms, in the first 1 s
    // bucket only; the second bucket holds nothing.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Report r = run(test::traceScenario(
        dir.path().toStdString(), "t_us,key,cost\n0,a,1\n",
        R"({"name": "one key", "duration": "2s", "traffic": [{"kind": "trace", "file": "trace.csv"}], "keys": "recorded",
            "algorithms": [{"algorithm": "gcra", "params": {"rate": "10/s", "burst": 1}}]})"));
    QCOMPARE(r.algorithms[0].liveKeysSeries, (std::vector<std::int64_t>{1, 0}));
    QCOMPARE(r.algorithms[0].stateBytesSeries, (std::vector<std::int64_t>{8, 0}));
}

QTEST_APPLESS_MAIN(TestSimulation)
#include "tst_simulation.moc"
