// Persistent connections (WebSocket): the connections source's events against times derived
// by hand, its random parts against their expected means, the JSON's bad input with its
// path, the "connection" key strategy and "applies_to", and the websocket-messages scenario's
// figures derived from its parameters.

#include "scenariotest.h"

#include "engine/engine.h"
#include "engine/scenario/scenarioio.h"
#include "engine/traffic/source.h"

#include <QtTest>

#include <cmath>
#include <tuple>

using namespace ratelab;

using test::embedded;
using test::lane;
using test::run;

class TestConnections : public QObject {
    Q_OBJECT

private slots:
    void steadyConnectionsOpenThenSend();
    void burstyMessagesFollowTheirPhases();
    void randomPartsHaveTheirMeans();
    void sameSeedSameStream();
    void badSourceNamesItsPath_data();
    void badSourceNamesItsPath();
    void badLimitNamesItsPath_data();
    void badLimitNamesItsPath();
    void savedScenarioLoadsTheSame();
    void floodHeldOnlyByMessageLimits();
    void plainRequestsPassALimitOnMessages();
    void learnStepsThroughOneConnection();
};

namespace {

constexpr Duration kS = 1'000'000;
constexpr Duration kMs = 1'000;

// A scenario of connections sources only: `sources` JSON, `algorithms` JSON.
Scenario connectionScenario(const std::string& sources, const std::string& algorithms, const std::string& more = "")
{
    return loadScenario(R"({"duration": "1h", "population": {"clients": 4}, "traffic": [)" + sources + R"(], "keys": "connection",
        "algorithms": [)" + algorithms
                            + "]" + more + "}",
                        "t.json");
}

const std::string kBucket = R"({"algorithm": "token_bucket", "params": {"capacity": 20, "refill": "10/s"}})";

struct Event {
    SimTime t;
    ArrivalKind kind;
    std::string connection;
    bool operator==(const Event&) const = default;
};

// Every event of the scenario's first source up to `until`.
std::vector<Event> eventsOf(const Scenario& s, SimTime until, KeyInterner& keys)
{
    const Population population(s.population, s.endpoints);
    auto source = makeSource(s.traffic.front(), s.seed, s.start, population, 0, keys);
    std::vector<Event> out;
    Arrival a;
    while (source->next(a) && a.t < until)
        out.push_back({a.t, a.kind, keys.name(a.recordedKey)});
    return out;
}

// Whether loading `json` fails with a problem at `path` whose message contains `message`.
bool hasProblem(const QString& json, const QString& path, const QString& message)
{
    try {
        loadScenario(json.toStdString(), "test.json");
    } catch (const ScenarioError& e) {
        for (const ScenarioProblem& p : e.problems()) {
            if (QString::fromStdString(p.path) == path && QString::fromStdString(p.message).contains(message))
                return true;
        }
        qWarning("%s", e.what());
        return false;
    }
    qWarning("no ScenarioError");
    return false;
}

}  // namespace

void TestConnections::steadyConnectionsOpenThenSend()
{
    // Two connections of user-2, at 1 s and 1.5 s, each open 1 s, sending 4 a second: the k-th
    // message at open + k x 250 ms while before the close (open + 1 s, itself excluded), so
    // 3 each. At 1.5 s the second opens before the first's message; at 1.75 s the second's
    // message was queued first (when it opened, before the first's 1.5 s message was sent).
    const Scenario s =
        connectionScenario(R"({"kind": "connections", "client": 2, "open": {"count": 2, "at": "1s", "every": "500ms"},
        "lifetime": "1s", "messages": {"pattern": "steady", "rate": "4/s"}})",
                           kBucket);
    KeyInterner keys;
    const std::vector<Event> events = eventsOf(s, 10 * kS, keys);
    const std::string a = "user-2:conn-0", b = "user-2:conn-1";
    using K = ArrivalKind;
    const std::vector<Event> expected = {
        {1000 * kMs, K::Handshake, a}, {1250 * kMs, K::Message, a}, {1500 * kMs, K::Handshake, b}, {1500 * kMs, K::Message, a},
        {1750 * kMs, K::Message, b},   {1750 * kMs, K::Message, a}, {2000 * kMs, K::Message, b},   {2250 * kMs, K::Message, b},
    };
    QCOMPARE(events.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i)
        QVERIFY2(events[i] == expected[i], qPrintable(QString("event %1 at %2").arg(i).arg(events[i].t)));
}

void TestConnections::burstyMessagesFollowTheirPhases()
{
    // 10 a second while on (300 ms on, 700 ms off) from the handshake at 0: messages at on-time
    // k x 100 ms, mapped onto the phases: 100, 200 | 1000, 1100, 1200 | 2000, 2100, 2200 ms;
    // the next (3000 ms) is past the close at 2500 ms.
    const Scenario s = connectionScenario(R"({"kind": "connections", "client": 0, "open": {"count": 1, "at": "0s"},
        "lifetime": "2500ms", "messages": {"pattern": "bursty", "rate": "10/s", "on": "300ms", "off": "700ms"}})",
                                          kBucket);
    KeyInterner keys;
    std::vector<SimTime> times;
    for (const Event& e : eventsOf(s, 10 * kS, keys)) {
        if (e.kind == ArrivalKind::Message)
            times.push_back(e.t / kMs);
    }
    QCOMPARE(times, (std::vector<SimTime>{100, 200, 1000, 1100, 1200, 2000, 2100, 2200}));
}

void TestConnections::randomPartsHaveTheirMeans()
{
    // Opens at 10/s for 2000 s: 20,000 expected (sd 141). Lifetimes exponential, mean 5 s,
    // one message a second at open + k s: E[messages] = sum over k >= 1 of P(L > k) =
    // e^-0.2 / (1 - e^-0.2) = 4.517 (sd of the mean over 20,000 about 0.04).
    {
        const Scenario s = connectionScenario(R"({"kind": "connections", "open": {"rate": "10/s"},
            "lifetime": {"distribution": "exponential", "mean": "5s"}, "messages": {"pattern": "steady", "rate": "1/s"}})",
                                              kBucket);
        KeyInterner keys;
        double handshakes = 0, messages = 0;
        std::vector<int> perClient(4, 0);
        for (const Event& e : eventsOf(s, 2000 * kS, keys)) {
            (e.kind == ArrivalKind::Handshake ? handshakes : messages) += 1;
            if (e.kind == ArrivalKind::Handshake)
                ++perClient[std::stoi(e.connection.substr(5, 1))];
        }
        QVERIFY2(std::abs(handshakes - 20'000) < 600, qPrintable(QString::number(handshakes)));
        const double expected = std::exp(-0.2) / (1 - std::exp(-0.2));
        QVERIFY2(std::abs(messages / handshakes - expected) < 0.03 * expected,
                 qPrintable(QString::number(messages / handshakes)));
        for (const int n : perClient)  // uniform popularity: 5,000 each (sd 61)
            QVERIFY2(std::abs(n - 5000) < 300, qPrintable(QString::number(n)));
    }
    // Lifetimes uniform in [2 s, 4 s], a message a second: 2 when L <= 3 s, 3 above: mean 2.5.
    // Poisson messages at 50/s on one connection open 100 s: 5,000 expected (sd 71).
    {
        const Scenario s = connectionScenario(R"({"kind": "connections", "open": {"rate": "10/s"},
            "lifetime": {"distribution": "uniform", "min": "2s", "max": "4s"}, "messages": {"pattern": "steady", "rate": "1/s"}})",
                                              kBucket);
        KeyInterner keys;
        double handshakes = 0, messages = 0;
        for (const Event& e : eventsOf(s, 1000 * kS, keys))
            (e.kind == ArrivalKind::Handshake ? handshakes : messages) += 1;
        QVERIFY2(std::abs(messages / handshakes - 2.5) < 0.05, qPrintable(QString::number(messages / handshakes)));
    }
    {
        const Scenario s = connectionScenario(R"({"kind": "connections", "open": {"count": 1, "at": "0s"}, "lifetime": "100s",
            "messages": {"pattern": "poisson", "rate": "50/s"}})",
                                              kBucket);
        KeyInterner keys;
        const auto events = eventsOf(s, 1000 * kS, keys);
        QVERIFY2(std::abs(static_cast<double>(events.size() - 1) - 5000) < 300, qPrintable(QString::number(events.size())));
        QVERIFY(events.back().t < 100 * kS);
    }
}

void TestConnections::sameSeedSameStream()
{
    const std::string source = R"({"kind": "connections", "open": {"rate": "2/s"},
        "lifetime": {"distribution": "exponential", "mean": "3s"}, "messages": {"pattern": "poisson", "rate": "5/s"}})";
    KeyInterner k1, k2, k3;
    const Scenario s = connectionScenario(source, kBucket);
    const auto first = eventsOf(s, 60 * kS, k1);
    QVERIFY(first.size() > 100);
    QVERIFY(first == eventsOf(s, 60 * kS, k2));
    const Scenario other = connectionScenario(source, kBucket, R"(, "seed": 2)");
    QVERIFY(!(first == eventsOf(other, 60 * kS, k3)));
    for (std::size_t i = 1; i < first.size(); ++i)
        QVERIFY(first[i - 1].t <= first[i].t);
}

void TestConnections::badSourceNamesItsPath_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    const QString one = R"({"duration": "10s", "keys": "connection", "traffic": [{"kind": "connections", %1}],
        "algorithms": [{"algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}}]})";
    const QString good = R"("open": {"count": 1}, "lifetime": "5s", "messages": {"rate": "1/s"})";
    QTest::newRow("no open") << one.arg(R"("lifetime": "5s", "messages": {"rate": "1/s"})") << "traffic[0].open"
                             << "missing";
    QTest::newRow("open by rate and count") << one.arg(
        R"("open": {"rate": "1/s", "count": 2}, "lifetime": "5s", "messages": {"rate": "1/s"})")
                                            << "traffic[0].open"
                                            << "not both";
    QTest::newRow("open at with a rate") << one.arg(
        R"("open": {"rate": "1/s", "at": "2s"}, "lifetime": "5s", "messages": {"rate": "1/s"})")
                                         << "traffic[0].open.at"
                                         << "only with \"count\"";
    QTest::newRow("count 0") << one.arg(R"("open": {"count": 0}, "lifetime": "5s", "messages": {"rate": "1/s"})")
                             << "traffic[0].open.count"
                             << "must be >= 1";
    QTest::newRow("unknown open field") << one.arg(
        R"("open": {"count": 1, "when": "1s"}, "lifetime": "5s", "messages": {"rate": "1/s"})")
                                        << "traffic[0].open.when"
                                        << "unknown field";
    QTest::newRow("no lifetime") << one.arg(R"("open": {"count": 1}, "messages": {"rate": "1/s"})") << "traffic[0].lifetime"
                                 << "missing";
    QTest::newRow("lifetime a number") << one.arg(R"("open": {"count": 1}, "lifetime": 5, "messages": {"rate": "1/s"})")
                                       << "traffic[0].lifetime"
                                       << "must be a duration";
    QTest::newRow("lifetime distribution") << one.arg(
        R"("open": {"count": 1}, "lifetime": {"distribution": "pareto", "mean": "5s"}, "messages": {"rate": "1/s"})")
                                           << "traffic[0].lifetime.distribution"
                                           << "must be one of fixed, exponential, uniform";
    QTest::newRow("exponential without mean")
        << one.arg(R"("open": {"count": 1}, "lifetime": {"distribution": "exponential"}, "messages": {"rate": "1/s"})")
        << "traffic[0].lifetime.mean"
        << "missing";
    QTest::newRow("uniform max below min") << one.arg(
        R"("open": {"count": 1}, "lifetime": {"distribution": "uniform", "min": "5s", "max": "2s"}, "messages": {"rate": "1/s"})")
                                           << "traffic[0].lifetime.max"
                                           << "at least the min";
    QTest::newRow("uniform with mean") << one.arg(
        R"("open": {"count": 1}, "lifetime": {"distribution": "uniform", "min": "1s", "max": "2s", "mean": "1s"}, "messages": {"rate": "1/s"})")
                                       << "traffic[0].lifetime.mean"
                                       << "unknown field";
    QTest::newRow("no messages") << one.arg(R"("open": {"count": 1}, "lifetime": "5s")") << "traffic[0].messages"
                                 << "missing";
    QTest::newRow("messages without rate") << one.arg(
        R"("open": {"count": 1}, "lifetime": "5s", "messages": {"pattern": "steady"})")
                                           << "traffic[0].messages.rate"
                                           << "missing";
    QTest::newRow("bad pattern") << one.arg(
        R"("open": {"count": 1}, "lifetime": "5s", "messages": {"pattern": "flood", "rate": "1/s"})")
                                 << "traffic[0].messages.pattern"
                                 << "must be one of steady, poisson, bursty";
    QTest::newRow("bursty without on") << one.arg(
        R"("open": {"count": 1}, "lifetime": "5s", "messages": {"pattern": "bursty", "rate": "1/s"})")
                                       << "traffic[0].messages.on"
                                       << "missing";
    QTest::newRow("on with steady") << one.arg(
        R"("open": {"count": 1}, "lifetime": "5s", "messages": {"rate": "1/s", "on": "1s"})")
                                    << "traffic[0].messages.on"
                                    << "only with the pattern \"bursty\"";
    QTest::newRow("client out of range") << one.arg(good + R"(, "client": 100)") << "traffic[0].client"
                                         << "must be <=";
    QTest::newRow("rate field of poisson") << one.arg(good + R"(, "rate": "1/s")") << "traffic[0].rate"
                                           << "not used by a connections source";
    QTest::newRow("open on a poisson source")
        << R"({"traffic": [{"kind": "poisson", "rate": "1/s", "open": {"count": 1}}], "algorithms": [{"algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}}]})"
        << "traffic[0].open"
        << "not used by a poisson source (only by connections)";
}

void TestConnections::badLimitNamesItsPath_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    const QString good = R"("open": {"count": 1}, "lifetime": "5s", "messages": {"rate": "1/s"})";
    const QString algorithm = R"({"duration": "10s", "traffic": [{"kind": "connections", %1}],
        "algorithms": [{"algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}, %2}]%3})";
    QTest::newRow("applies_to not an array")
        << algorithm.arg(good, R"("applies_to": "messages")", "") << "algorithms[0].applies_to"
        << "non-empty array";
    QTest::newRow("applies_to empty") << algorithm.arg(good, R"("applies_to": [])", "") << "algorithms[0].applies_to"
                                      << "non-empty array";
    QTest::newRow("applies_to unknown kind")
        << algorithm.arg(good, R"("applies_to": ["messages", "frames"])", "") << "algorithms[0].applies_to[1]"
        << "must be one of requests, handshakes, messages";
    QTest::newRow("applies_to twice") << algorithm.arg(good, R"("applies_to": ["messages", "messages"])", "")
                                      << "algorithms[0].applies_to[1]"
                                      << "listed twice";
    QTest::newRow("applies_to without connections")
        << R"({"traffic": [{"kind": "poisson", "rate": "1/s"}], "algorithms": [{"algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}, "applies_to": ["requests"]}]})"
        << "algorithms[0].applies_to"
        << "needs a \"connections\" traffic source";
    QTest::newRow("connection keys with a poisson source")
        << R"({"keys": "connection", "traffic": [{"kind": "poisson", "rate": "1/s"}], "algorithms": [{"algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}}]})"
        << "algorithms[0].keys"
        << "every traffic source to be \"connections\"";
    QTest::newRow("connections with retries")
        << algorithm.arg(good, R"("keys": "user")", R"(, "clients": {"retry": "immediate"})") << "clients.retry"
        << "not retried";
    QTest::newRow("connections in a cluster")
        << algorithm.arg(good, R"("keys": "user")", R"(, "cluster": {"instances": 2})") << "cluster"
        << "one instance";
}

void TestConnections::badSourceNamesItsPath()
{
    QFETCH(QString, json);
    QFETCH(QString, path);
    QFETCH(QString, message);
    QVERIFY(hasProblem(json, path, message));
}

void TestConnections::badLimitNamesItsPath()
{
    QFETCH(QString, json);
    QFETCH(QString, path);
    QFETCH(QString, message);
    QVERIFY(hasProblem(json, path, message));
}

void TestConnections::savedScenarioLoadsTheSame()
{
    Scenario s = embedded("websocket-messages");
    s.traffic[0].connections.lifetime = LifetimeKind::Uniform;  // every shape of lifetime and messages
    s.traffic[0].connections.lifetimeMaxUs = 90 * kS;
    s.traffic[1].connections.pattern = MessagePattern::Bursty;
    s.traffic[1].connections.on = 2 * kS;
    s.traffic[1].connections.off = 3 * kS;
    const std::string saved = saveScenario(s);
    const Scenario again = loadScenario(saved, "saved.json");
    QCOMPARE(saveScenario(again), saved);
    QCOMPARE(again.algorithms[2].appliesTo, kindBit(ArrivalKind::Handshake));
    QCOMPARE(again.algorithms[0].keys, std::optional(KeyStrategy::Connection));
    QCOMPARE(again.traffic[1].connections.off, 3 * kS);
    QCOMPARE(again.traffic[2].connections.lifetime, LifetimeKind::Exponential);
}

void TestConnections::floodHeldOnlyByMessageLimits()
{
    const Scenario s = embedded("websocket-messages");
    // The flooder (user-0, ip 10.0.0.1): one connection open the whole minute, a message every
    // 5 ms after its handshake at 0: 11,999 messages (the 12,000th would fall on the close).
    const std::int64_t floodMessages = 60'000 / 5 - 1;
    // A token bucket of 20 refilled at 10/s, full at the first message (5 ms) and drained at
    // once by a flood far above its rate, has admitted burst + floor(rate x elapsed) by the
    // last message (59.995 s): 20 + floor(10 x 59.99) = 619.
    const std::int64_t floodHeld = 20 + static_cast<std::int64_t>(std::floor(10 * (59.995 - 0.005)));
    QCOMPARE(floodHeld, std::int64_t(619));
    // The many-tabs user (user-1, ip 10.0.0.2): 12 connections at 0, a message every 200 ms
    // on each: 299 each. A per-IP limit of 10 handshakes a minute refuses the last 2, whose
    // 598 messages are never sent. Per user, 12 messages arrive at each 200 ms, more than the
    // 2 tokens each 200 ms adds: 20 + 10 x (59.8 - 0.2) = 616 admitted.
    const std::int64_t tabMessages = 60'000 / 200 - 1;
    const std::int64_t tabsHeld = 20 + static_cast<std::int64_t>(std::llround(10 * (59.8 - 0.2)));

    RunControl control;
    const auto counted = [&](const std::string& key, const std::string& id) {
        const BucketCounts counts = bucketCounts(s, key, s.duration, control);
        for (const LaneCounts& l : counts.lanes) {
            if (l.algorithmId == id)
                return std::pair(l.allowed.front(), l.rejected.front());
        }
        throw std::runtime_error("no lane " + id);
    };
    using Counts = std::pair<std::int64_t, std::int64_t>;
    const std::string atHandshake = "per-IP limit on handshakes", perConnection = "per-connection bucket on messages",
                      perUser = "per-user bucket on messages";
    // Handshakes and messages a limit does not apply to pass it, counted as allowed.
    QCOMPARE(counted("ip:10.0.0.1", atHandshake), Counts(1 + floodMessages, 0));
    QCOMPARE(counted("ip:10.0.0.2", atHandshake), Counts(10 + 10 * tabMessages, 2));
    QCOMPARE(counted("user-0:conn-0", perConnection), Counts(1 + floodHeld, floodMessages - floodHeld));
    QCOMPARE(counted("user-1:conn-1", perConnection), Counts(1 + tabMessages, 0));
    QCOMPARE(counted("user-0", perUser), Counts(1 + floodHeld, floodMessages - floodHeld));
    QCOMPARE(counted("user-1", perUser), Counts(12 + tabsHeld, 12 * tabMessages - tabsHeld));

    const Report r = run(s);
    const ConnectionStats& handshakes = *lane(r, atHandshake).connections;
    QCOMPARE(handshakes.handshakesRefused, std::int64_t(2));
    QCOMPARE(handshakes.neverSent, 2 * tabMessages);
    const ConnectionStats& messages = *lane(r, perConnection).connections;
    QCOMPARE(messages.handshakesRefused, std::int64_t(0));
    QCOMPARE(messages.neverSent, std::int64_t(0));
    // Under the handshake limit every message sent is unchecked; under the message limits every
    // handshake is: together, with the messages never sent, every arrival once.
    QCOMPARE(handshakes.unchecked + messages.unchecked + handshakes.neverSent, lane(r, perConnection).requests);
    QCOMPARE(lane(r, atHandshake).requests + handshakes.neverSent, lane(r, perConnection).requests);
    QCOMPARE(lane(r, perUser).rejected, lane(r, perUser).requests - lane(r, perUser).allowed);
}

void TestConnections::plainRequestsPassALimitOnMessages()
{
    // HTTP requests beside a connection, under a limit on messages only: user-0's 100 requests
    // (10/s for 10 s) and user-1's handshake pass unchecked; user-1's 99 messages (10/s, from
    // 100 ms) meet GCRA at 1/s, burst 1: the first, then one each second, 100 ms, 1.1 s, ...,
    // 9.1 s: 10.
    const Scenario s = loadScenario(R"({"duration": "10s", "population": {"clients": 2}, "keys": "user", "traffic": [
        {"kind": "constant", "rate": "10/s", "client": 0},
        {"kind": "connections", "client": 1, "open": {"count": 1}, "lifetime": "10s", "messages": {"rate": "10/s"}}],
        "algorithms": [{"algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}, "applies_to": ["messages"]}]})",
                                    "t.json");
    const Report r = run(s);
    const AlgorithmReport& a = r.algorithms.front();
    QCOMPARE(a.requests, std::int64_t(100 + 1 + 99));
    QCOMPARE(a.allowed, std::int64_t(100 + 1 + 10));
    QCOMPARE(a.connections->unchecked, std::int64_t(101));
}

void TestConnections::learnStepsThroughOneConnection()
{
    // The flooder's connection through the per-connection bucket: the handshake is not the
    // bucket's to decide, so step 1 is the first message (5 ms). Before the n-th message the
    // bucket holds 20 - (n - 1) + 10/s x 5 ms x (n - 1) = 20 - 0.95 (n - 1) tokens: the first
    // 21 pass, the 22nd (110 ms) finds 0.05 and must wait (1 - 0.05) / 10/s = 95 ms.
    const Scenario s = embedded("websocket-messages");
    RunControl control;
    const KeyHistory h = keyHistory(s, "per-connection bucket on messages", "user-0:conn-0", 0, 30, control);
    QCOMPARE(h.steps.size(), std::size_t(30));
    QCOMPARE(h.steps.front().atUs, 5 * kMs);
    for (std::size_t i = 0; i < 21; ++i)
        QVERIFY2(h.steps[i].decision.allowed, qPrintable(QString::number(i)));
    QVERIFY(!h.steps[21].decision.allowed);
    QCOMPARE(h.steps[21].atUs, 110 * kMs);
    QCOMPARE(h.steps[21].decision.retryAfterUs, 95 * kMs);
    // The key picker lists the first lane's keys, per connection: the flooder's 12,000 arrivals
    // first, then the ordinary user's or a tab's at most 300 each.
    QCOMPARE(busiestKeys(s, 3, control).front(), std::string("user-0:conn-0"));
}

QTEST_APPLESS_MAIN(TestConnections)
#include "tst_connections.moc"
