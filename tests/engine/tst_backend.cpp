// The backend model (scenario "backend", report BackendStats): a FIFO queue of identical
// workers behind or in front of the limiter, checked against queues worked out by hand, the
// shipped limit-after-work scenario against its queueing arithmetic, and the scenario JSON's
// problems against their paths.

#include "scenariotest.h"

#include "engine/report/reportio.h"
#include "engine/scenario/scenarioio.h"
#include "engine/sim/backendqueue.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

using namespace ratelab;
using namespace ratelab::test;

class TestBackend : public QObject {
    Q_OBJECT

private slots:
    void fifoQueueByHand();
    void shapedRequestsEnterInForwardOrder();
    void serviceTimeIsTheRequestsOwn();
    void limitAfterWorkArithmetic();
    void backendChangesNothingElse();
    void uncheckedArrivalsDoTheWork();
    void backendSavesAndLoads();
    void problemsNameTheirPath_data();
    void problemsNameTheirPath();

private:
    QTemporaryDir m_dir;
};

namespace {

const BackendStats& model(const Report& r, const std::string& id)
{
    const AlgorithmReport& a = lane(r, id);
    if (!a.backendModel)
        throw std::runtime_error("no backend model in " + id);
    return *a.backendModel;
}

}  // namespace

// Two workers, 10 us per request, buckets of 50 us. Four requests at 0 and one at 25 us:
// the first two start at once, the next two wait for them (start 10, finish 20), the last
// finds a free worker. Busy: 5 x 10 us, all in bucket 0, of 2 x 50 us.
void TestBackend::fifoQueueByHand()
{
    const Scenario s = traceScenario(m_dir.path().toStdString(), "t_us,key,cost\n0,k,1\n0,k,1\n0,k,1\n0,k,1\n25,k,1\n",
                                     R"({"duration": "100us", "traffic": [{"kind": "trace", "file": "trace.csv"}],
        "keys": "recorded", "metrics": {"bucket": "50us"},
        "backend": {"workers": 2, "stages": [{"name": "work", "service": {"kind": "constant", "time": "10us"}}]},
        "algorithms": [
          {"id": "all", "algorithm": "token_bucket", "params": {"capacity": 100, "refill": "1/s"}},
          {"id": "before", "algorithm": "token_bucket", "params": {"capacity": 1, "refill": "1/s"}},
          {"id": "after", "algorithm": "token_bucket", "params": {"capacity": 1, "refill": "1/s"},
           "placement": "after"}]})");
    const Report r = run(Scenario(s));
    // Waits 0 0 10 10 0, latencies 10 10 20 20 10 (us: exact below 128 us).
    const BackendStats& all = model(r, "all");
    QCOMPARE(all.placement, std::string("before"));
    QCOMPARE(all.entered, 5);
    QCOMPARE(all.queueWaitUs.p50, 0);
    QCOMPARE(all.queueWaitUs.p99, 10);
    QCOMPARE(all.latencyUs.p50, 10);
    QCOMPARE(all.latencyUs.p99, 20);
    QCOMPARE(all.latencyUs.max, 20);
    QCOMPARE(all.maxQueueLength, 2);
    QCOMPARE(all.utilization, 50.0 / 200.0);
    QCOMPARE(all.utilizationSeries, (std::vector<double>{0.5, 0.0}));
    QCOMPARE(all.latencyP99Series, (std::vector<std::int64_t>{20, 0}));
    // One token: only the first request passes. Before, it alone does the work;
    // after, all five do (the queue above), and only the first one's latency counts.
    const BackendStats& before = model(r, "before");
    QCOMPARE(before.entered, 1);
    QCOMPARE(before.enteredRejected, 0);
    QCOMPARE(before.utilization, 10.0 / 200.0);
    QCOMPARE(before.maxQueueLength, 0);
    const BackendStats& after = model(r, "after");
    QCOMPARE(after.placement, std::string("after"));
    QCOMPARE(after.entered, 5);
    QCOMPARE(after.enteredRejected, 4);
    QCOMPARE(after.utilization, all.utilization);
    QCOMPARE(after.maxQueueLength, 2);
    QCOMPARE(after.latencyUs.max, 10);
    QCOMPARE(lane(r, "after").allowed, lane(r, "before").allowed);
}

// A shaping leaky bucket (10 ms per request) forwards a's three requests at 0, 10 and 20 ms;
// b's, sent at 5 ms, goes at once. One worker, 8 ms each, in forward order: a1 [0, 8),
// b [8, 16) waits 3, a2 [16, 24) waits 6, a3 [24, 32) waits 4; latencies 8, 11, 14, 12 ms.
// In decision order a2 and a3 would have gone ahead of b.
void TestBackend::shapedRequestsEnterInForwardOrder()
{
    const Scenario s = traceScenario(m_dir.path().toStdString(), "t_us,key,cost\n0,a,1\n0,a,1\n0,a,1\n5000,b,1\n",
                                     R"({"duration": "1s", "traffic": [{"kind": "trace", "file": "trace.csv"}],
        "keys": "recorded",
        "backend": {"stages": [{"name": "work", "service": {"kind": "constant", "time": "8ms"}}]},
        "algorithms": [{"id": "shape", "algorithm": "leaky_bucket", "params": {"rate": "100/s", "burst": 3, "mode": "shape"}}]})");
    const Report r = run(s);  // kept: model() refers into it
    const BackendStats& b = model(r, "shape");
    QCOMPARE(b.entered, 4);
    QCOMPARE(b.queueWaitUs.max, 6000);
    QCOMPARE(b.latencyUs.max, 14000);
    QCOMPARE(b.maxQueueLength, 1);
    QCOMPARE(b.utilization, 32000.0 / 1e6);
}

// The service time depends on the request only: the same in any lane, whatever its placement,
// and drawn from the stage's distribution.
void TestBackend::serviceTimeIsTheRequestsOwn()
{
    Scenario s;
    s.seed = 9;
    s.backend =
        BackendSpec{2, {{"db", {LatencyKind::LogNormal, 5000, 0, 0, 0.5}}, {"logic", {LatencyKind::Uniform, 0, 1000, 3000, 0}}}};
    const BackendQueue before(*s.backend, Placement::Before, s);
    const BackendQueue after(*s.backend, Placement::After, s);
    std::vector<double> samples;
    for (std::uint32_t client = 0; client < 20001; ++client) {
        const Duration d = before.serviceTime(1'000'000, client, 0);
        QCOMPARE(after.serviceTime(1'000'000, client, 0), d);
        samples.push_back(static_cast<double>(d));
    }
    QVERIFY(before.serviceTime(1'000'000, 7, 0) != before.serviceTime(1'000'000, 7, 1));
    QVERIFY(before.serviceTime(1'000'000, 7, 0) != before.serviceTime(1'000'001, 7, 0));
    // The median of lognormal(5 ms) + uniform(1, 3 ms) lies between 5 + 1 and 5 + 3 ms and,
    // as the sum is symmetric enough here, close to 5 + 2 = 7 ms; the smallest is above 1 ms.
    std::nth_element(samples.begin(), samples.begin() + 10000, samples.end());
    QVERIFY2(std::abs(samples[10000] - 7000) < 350, qPrintable(QString::number(samples[10000])));
    QVERIFY(*std::min_element(samples.begin(), samples.end()) > 1000);

    // Two lanes with the limiter after the backend do the same work, whatever they decide.
    const Scenario twoLanes = loadScenario(R"({"duration": "5s", "seed": 3, "placement": "after",
        "traffic": [{"kind": "poisson", "rate": "300/s"}],
        "backend": {"workers": 3, "stages": [{"name": "db", "service": {"kind": "lognormal", "time": "8ms", "sigma": 1}}]},
        "algorithms": [{"algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}},
                       {"algorithm": "token_bucket", "params": {"capacity": 50, "refill": "50/s"}}]})",
                                           "t.json");
    const Report r = run(twoLanes);
    QVERIFY(lane(r, "gcra").allowed != lane(r, "token_bucket").allowed);
    QCOMPARE(model(r, "gcra").utilizationSeries, model(r, "token_bucket").utilizationSeries);
    QCOMPARE(model(r, "gcra").maxQueueLength, model(r, "token_bucket").maxQueueLength);
}

// limit-after-work: 100 users at 1/s in all (uniform over users 0..99) and user-0 at 400/s,
// 10/s per user (burst 10), 4 workers of 10 ms: capacity 400/s.
void TestBackend::limitAfterWorkArithmetic()
{
    const Report r = run(embedded("limit-after-work"));
    const AlgorithmReport& firstLane = lane(r, "limiter first");
    const AlgorithmReport& lastLane = lane(r, "limiter last");
    QCOMPARE(firstLane.allowedSeries, lastLane.allowedSeries);  // the same requests rejected
    QCOMPARE(r.uniqueRequests, (100 + 400) * 60);
    const double service = 0.010, workers = 4, seconds = 60;

    // Limiter first: the allowed requests' work, A x S / (N x D), up to the work of the last
    // 10 ms cut at the end; by hand, A = 99 of every 100 user requests (5940) plus user-0's
    // 10 + 10/s x 60 s = 610: about 6550, so 6550 x 0.01 / 240 = 0.273.
    const BackendStats& first = model(r, "limiter first");
    const auto allowed = static_cast<double>(firstLane.allowed);
    QVERIFY(std::abs(first.utilization - allowed * service / (workers * seconds)) <= service / seconds);
    QVERIFY2(std::abs(first.utilization - 0.273) < 0.002, qPrintable(QString::number(first.utilization)));
    QCOMPARE(first.entered, firstLane.allowed);
    // Below capacity with evenly spaced requests nobody waits once the first burst is through.
    for (std::size_t b = 1; b < first.latencyP99Series.size(); ++b) {
        QCOMPARE(first.queueWaitP99Series[b], 0);
        QCOMPARE(first.latencyP99Series[b], 10'000);
    }

    // Limiter last: 500 requests/s of 10 ms on 4 workers is 1.25 x capacity: busy all the time,
    // the backlog grows by 100 requests a second (6000 at the end), and a request entering at t
    // waits (500 x 0.01 / 4 - 1) x t = 0.25 t: the p99 of bucket b, near its end, 0.25 (b + 1) s.
    const BackendStats& last = model(r, "limiter last");
    QCOMPARE(last.entered, r.uniqueRequests);
    QCOMPARE(last.enteredRejected, lastLane.rejected);
    QVERIFY(last.utilization > 0.999);
    for (std::size_t b = 1; b < last.utilizationSeries.size(); ++b)
        QCOMPARE(last.utilizationSeries[b], 1.0);
    QVERIFY2(std::abs(last.maxQueueLength - 6000) <= 5, qPrintable(QString::number(last.maxQueueLength)));
    const double growth = 500 * service / workers - 1;
    for (std::size_t b = 0; b < last.queueWaitP99Series.size(); ++b) {
        const double expected = growth * static_cast<double>(b + 1) * 1e6;
        const auto got = static_cast<double>(last.queueWaitP99Series[b]);
        QVERIFY2(std::abs(got - expected) <= 0.016 * expected + 10'000, qPrintable(QString("bucket %1: %2").arg(b).arg(got)));
        if (b > 0)
            QVERIFY(last.queueWaitP99Series[b] > last.queueWaitP99Series[b - 1]);
    }
    QVERIFY(std::abs(static_cast<double>(last.latencyUs.max) - (growth * seconds * 1e6 + 10'000)) < 20'000);
}

// A backend adds its figures and nothing else: every shipped single-instance scenario gives
// the same report with a backend (its figures set aside), in front of the limiter or behind.
void TestBackend::backendChangesNothingElse()
{
    for (const auto& [name, json] : embeddedScenarios()) {
        Scenario s = loadScenario(json, name);
        if (s.cluster || s.backend)
            continue;
        const std::string plain = reportJson(run(s));
        QVERIFY2(plain.find("\"placement\"") == std::string::npos, name.c_str());
        for (const Placement p : {Placement::Before, Placement::After}) {
            s.placement = p;
            s.backend = BackendSpec{2, {{"db", {LatencyKind::LogNormal, 2000, 0, 0, 0.7}}}};
            Report withBackend = run(s);
            for (AlgorithmReport& a : withBackend.algorithms) {
                QVERIFY(a.backendModel.has_value());
                a.backendModel.reset();
            }
            QVERIFY2(reportJson(withBackend) == plain, name.c_str());
        }
    }
}

// A limit at the handshake only lets the connection's messages through unchecked: they reach
// the backend as allowed requests do. One connection open for 10 s sends a message every
// 100 ms, the k-th at k x 100 ms for k = 1 .. 99 (none at the close): 1 handshake + 99
// messages do the work, 100 x 1 ms on one worker.
void TestBackend::uncheckedArrivalsDoTheWork()
{
    const Report r = run(loadScenario(R"({"duration": "20s",
        "traffic": [{"kind": "connections", "open": {"count": 1, "at": "0s"}, "lifetime": "10s",
                     "messages": {"pattern": "steady", "rate": "10/s"}}],
        "keys": "connection",
        "backend": {"workers": 1, "stages": [{"name": "work", "service": {"kind": "constant", "time": "1ms"}}]},
        "algorithms": [{"id": "at the handshake", "algorithm": "token_bucket", "params": {"capacity": 1, "refill": "1/s"},
                        "applies_to": ["handshakes"]}]})",
                                      "unchecked"));
    const AlgorithmReport& a = lane(r, "at the handshake");
    QCOMPARE(a.connections->unchecked, std::int64_t(99));
    QCOMPARE(a.backendModel->entered, std::int64_t(100));
    QCOMPARE(a.backendModel->utilization, 100 * 0.001 / 20);
}

void TestBackend::backendSavesAndLoads()
{
    Scenario s = embedded("limit-after-work");
    s.backend->stages[1].service = {LatencyKind::Uniform, 0, 2000, 9000, 0};
    const Scenario back = loadScenario(saveScenario(s), "saved.json");
    QVERIFY(back.backend.has_value());
    QCOMPARE(back.backend->workers, 4);
    QCOMPARE(back.backend->stages.size(), std::size_t(3));
    QCOMPARE(back.backend->stages[0].name, std::string("auth"));
    QCOMPARE(back.backend->stages[0].service.rtt, 1000);
    QCOMPARE(int(back.backend->stages[1].service.kind), int(LatencyKind::Uniform));
    QCOMPARE(back.backend->stages[1].service.max, 9000);
    QCOMPARE(int(back.algorithms[1].placement.value()), int(Placement::After));
    QCOMPARE(back.algorithms[0].placement, std::optional(Placement::Before));
    QCOMPARE(saveScenario(back), saveScenario(s));
}

void TestBackend::problemsNameTheirPath_data()
{
    QTest::addColumn<QString>("more");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    const QString stage = R"({"name": "db", "service": {"kind": "constant", "time": "5ms"}})";
    QTest::newRow("zero workers") << QString(R"("backend": {"workers": 0, "stages": [%1]})").arg(stage) << "backend.workers"
                                  << "must be >= 1";
    QTest::newRow("no stages") << R"("backend": {"workers": 2})"
                               << "backend.stages"
                               << "needs at least one stage";
    QTest::newRow("empty stages") << R"("backend": {"stages": []})"
                                  << "backend.stages"
                                  << "needs at least one stage";
    QTest::newRow("not an object") << R"("backend": 4)"
                                   << "backend"
                                   << "must be an object";
    QTest::newRow("unknown field") << QString(R"("backend": {"worker": 2, "stages": [%1]})").arg(stage) << "backend.worker"
                                   << "unknown field";
    QTest::newRow("stage without service") << R"("backend": {"stages": [{"name": "db"}]})"
                                           << "backend.stages[0].service"
                                           << "missing";
    QTest::newRow("bad kind") << QString(R"("backend": {"stages": [%1, {"service": {"kind": "gaussian"}}]})").arg(stage)
                              << "backend.stages[1].service.kind"
                              << "must be one of";
    QTest::newRow("zero time") << R"("backend": {"stages": [{"service": {"time": "0s"}}]})"
                               << "backend.stages[0].service.time"
                               << "must be at least 1us";
    QTest::newRow("max below min") << R"("backend": {"stages": [{"service": {"kind": "uniform", "min": "5ms", "max": "1ms"}}]})"
                                   << "backend.stages[0].service.max"
                                   << "must be at least min";
    QTest::newRow("rtt is the store's") << R"("backend": {"stages": [{"service": {"rtt": "5ms"}}]})"
                                        << "backend.stages[0].service.rtt"
                                        << "unknown field";
    QTest::newRow("with a cluster") << QString(R"("backend": {"stages": [%1]}, "cluster": {"instances": 2})").arg(stage)
                                    << "backend"
                                    << "a cluster run does not simulate the backend";
    QTest::newRow("bad placement") << R"("placement": "middle")"
                                   << "placement"
                                   << "must be one of";
}

void TestBackend::problemsNameTheirPath()
{
    QFETCH(QString, more);
    QFETCH(QString, path);
    QFETCH(QString, message);
    const std::string json = R"({"duration": "10s", "traffic": [{"kind": "poisson", "rate": "10/s"}],
        "algorithms": [{"algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}},
                       {"id": "x", "algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}, "placement": "first"}], )"
        + more.toStdString() + "}";
    QStringList problems;
    try {
        loadScenario(json, "t.json");
    } catch (const ScenarioError& e) {
        for (const ScenarioProblem& p : e.problems())
            problems << QString::fromStdString(p.path + ": " + p.message);
    }
    // The per-algorithm placement is always wrong here, with its own path.
    QVERIFY2(problems.filter(QRegularExpression("^algorithms\\[1\\]\\.placement: must be one of")).size() == 1,
             qPrintable(problems.join('\n')));
    QVERIFY2(
        !problems
             .filter(QRegularExpression("^" + QRegularExpression::escape(path) + ": .*" + QRegularExpression::escape(message)))
             .isEmpty(),
        qPrintable(problems.join('\n')));
}

QTEST_GUILESS_MAIN(TestBackend)
#include "tst_backend.moc"
