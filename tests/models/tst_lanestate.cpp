// A Learn lane's state at any instant (app/models/plotdata/lanestate.h), what the state lane draws and
// the cursor reads out:
//  - for every algorithm and preset, at random instants, stateAt() on the history the Learn
//    view gets equals the state of a limiter that decided the same requests up to that instant
//    (a replay through makeLimiter and inspect(), outside the scenario machinery);
//  - a token bucket's level and a fixed window's starts derived by hand.

#include "app/models/plotdata/lanestate.h"
#include "tests/engine/randomtrace.h"
#include "tests/engine/scenariotest.h"
#include "tests/engine/steptable.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <random>

using namespace ratelab;

namespace {

const char* kPlaceholder = R"({"name": "lane", "duration": "20s", "traffic": [{"kind": "trace", "file": "trace.csv"}],
    "keys": "recorded", "algorithms": [{"id": "x", "algorithm": "fixed_window", "params": {"limit": 2, "window": "1s"}}]})";

// Key "a" (with some of "b" between) at gaps of 1-300 ms for about 15 s. The first line, at
// 0, is b's: a trace is shifted so that its first request is at the scenario start.
std::string randomTraceText(std::vector<SimTime>& timesOfA)
{
    std::mt19937_64 rng(17);
    std::uniform_int_distribution<SimTime> gap(1'000, 300'000);
    std::string text = "t_us,key,cost\n0,b,1\n";
    SimTime t = 50'000;
    while (t < 15'000'000) {
        const bool a = rng() % 4 != 0;
        text += std::to_string(t) + (a ? ",a,1\n" : ",b,1\n");
        if (a)
            timesOfA.push_back(t);
        t += gap(rng);
    }
    return text;
}

bool sameValue(double expected, double actual)
{
    return std::abs(expected - actual) <= 1e-9 * std::max(1.0, std::abs(expected));
}

// Key a through a limit of 2 per 1 s of `algorithm` (id "x"), requests at 0.1, 0.2, 0.3, 1.5,
// 2.1, 2.2, 2.3, 2.35, 5.0 s in a 6 s scenario (b's request at 0 keeps the trace unshifted).
KeyHistory windowHistory(const QTemporaryDir& dir, const std::string& algorithm)
{
    const Scenario s = test::traceScenario(
        dir.path().toStdString(),
        "t_us,key,cost\n0,b,1\n100000,a,1\n200000,a,1\n300000,a,1\n1500000,a,1\n2100000,a,1\n2200000,a,1\n2300000,a,1\n"
        "2350000,a,1\n5000000,a,1\n",
        R"({"name": "hand", "duration": "6s", "traffic": [{"kind": "trace", "file": "trace.csv"}], "keys": "recorded",
            "algorithms": [{"id": "x", "algorithm": ")"
            + algorithm + R"(", "params": {"limit": 2, "window": "1s"}}]})");
    RunControl control;
    return keyHistory(s, "x", "a", 0, 20, control);
}

}  // namespace

class TestLaneState : public QObject {
    Q_OBJECT

private slots:
    void stateAtEqualsAReplay_data();
    void stateAtEqualsAReplay();
    void tokenLevelByHand();
    void fixedWindowStartsByHand();
    void limitsCounterWindowStartsByHand();
    void stepAtOrBefore();
};

void TestLaneState::stateAtEqualsAReplay_data()
{
    QTest::addColumn<QString>("algorithm");
    QTest::addColumn<QString>("params");
    for (const auto& c : test::everyLimiter())
        QTest::newRow((QByteArray(c.name) + " " + c.params).constData())
            << QString::fromLatin1(c.name) << QString::fromLatin1(c.params);
}

void TestLaneState::stateAtEqualsAReplay()
{
    QFETCH(QString, algorithm);
    QFETCH(QString, params);
    QTemporaryDir dir;
    std::vector<SimTime> timesOfA;
    Scenario s = test::traceScenario(dir.path().toStdString(), randomTraceText(timesOfA), kPlaceholder);
    s.algorithms[0].algorithm = algorithm.toStdString();
    s.algorithms[0].params = test::paramsFrom(params);
    RunControl control;
    const KeyHistory history = keyHistory(s, "x", "a", 0, 100'000, control);
    QCOMPARE(history.steps.size(), timesOfA.size());

    std::mt19937_64 rng(5);
    std::uniform_int_distribution<SimTime> instant(0, 16'000'000);
    int compared = 0;
    for (int i = 0; i < 300; ++i) {
        const SimTime t = instant(rng);
        // The replay: a fresh limiter decides a's requests up to t, then says what it holds.
        BuiltLimiter replay = makeLimiter(algorithm.toStdString(), test::paramsFrom(params));
        replay.limiter->setTimeOrigin(s.start);
        for (const SimTime at : timesOfA)
            if (at <= t)
                replay.limiter->decide(0, s.start + at, 1);
        const std::vector<StateValue> held = replay.limiter->inspect(0, s.start + t);
        if (t < timesOfA.front()) {
            QVERIFY(!stateAt(history, held.empty() ? "tokens" : held.front().name, t));
            continue;
        }
        for (const StateValue& v : held) {
            const std::optional<double> drawn = stateAt(history, v.name, t);
            QVERIFY2(drawn, qPrintable(QStringLiteral("%1 at %2 us: none drawn").arg(QString::fromStdString(v.name)).arg(t)));
            QVERIFY2(sameValue(v.value, *drawn),
                     qPrintable(QStringLiteral("%1 at %2 us: drawn %3, held %4")
                                    .arg(QString::fromStdString(v.name))
                                    .arg(t)
                                    .arg(*drawn, 0, 'g', 17)
                                    .arg(v.value, 0, 'g', 17)));
            ++compared;
        }
    }
    QVERIFY(compared > 250);  // every algorithm and preset shows its state
}

// capacity 2, refill 2/s: 0 s 2 -> 1; 0.1 s 1 + 0.2 = 1.2 -> 0.2; 0.2 s 0.2 + 0.2 = 0.4,
// rejected, stays 0.4; then rising 2 per second: 1.0 at 0.5 s, full (2) at 1.0 s, 2 after.
void TestLaneState::tokenLevelByHand()
{
    QTemporaryDir dir;
    const Scenario s = test::traceScenario(
        dir.path().toStdString(), "t_us,key,cost\n0,a,1\n100000,a,1\n200000,a,1\n",
        R"({"name": "hand", "duration": "3s", "traffic": [{"kind": "trace", "file": "trace.csv"}], "keys": "recorded",
            "algorithms": [{"id": "tb", "algorithm": "token_bucket", "params": {"capacity": 2, "refill": "2/s"}}]})");
    RunControl control;
    const KeyHistory h = keyHistory(s, "tb", "a", 0, 10, control);
    QVERIFY(sameValue(1.0, *stateAt(h, "tokens", 0)));
    QVERIFY(sameValue(1.1, *stateAt(h, "tokens", 50'000)));
    QVERIFY(sameValue(0.2, *stateAt(h, "tokens", 100'000)));
    QVERIFY(sameValue(0.4, *stateAt(h, "tokens", 200'000)));
    QVERIFY(sameValue(1.0, *stateAt(h, "tokens", 500'000)));
    QVERIFY(sameValue(2.0, *stateAt(h, "tokens", 1'000'000)));
    QVERIFY(sameValue(2.0, *stateAt(h, "tokens", 2'500'000)));
    QVERIFY(!stateAt(h, "excess", 500'000));
}

// A fixed window (epoch-aligned) over windowHistory's trace: windows begin at each whole
// second the key's curves cross, 1 to 6 s.
void TestLaneState::fixedWindowStartsByHand()
{
    QTemporaryDir dir;
    const KeyHistory h = windowHistory(dir, "fixed_window");
    QCOMPARE(windowStarts(h, 0, 6'000'000),
             (std::vector<SimTime>{1'000'000, 2'000'000, 3'000'000, 4'000'000, 5'000'000, 6'000'000}));
    QCOMPARE(windowStarts(h, 1'500'000, 3'500'000), (std::vector<SimTime>{2'000'000, 3'000'000}));
    // The count a band shows: 2 in [2, 3) (2.3 and 2.35 rejected), 0 from 3 s.
    QCOMPARE(*stateAt(h, "count", 2'999'999), 2.0);
    QCOMPARE(*stateAt(h, "count", 3'000'000), 0.0);
}

// python limits' sliding window counter keeps windows at multiples of W too: windowHistory's trace
// in its 1 s windows has them begin at each whole second, also where the previous window held
// nothing (previous_ttl is 0 there, as limits sets it).
void TestLaneState::limitsCounterWindowStartsByHand()
{
    QTemporaryDir dir;
    const KeyHistory h = windowHistory(dir, "limits_sliding_window_counter");
    QCOMPARE(windowStarts(h, 0, 6'000'000),
             (std::vector<SimTime>{1'000'000, 2'000'000, 3'000'000, 4'000'000, 5'000'000, 6'000'000}));
    QCOMPARE(*stateAt(h, "previous_ttl", 4'500'000), 0.0);  // window [3, 4) held nothing
}

void TestLaneState::stepAtOrBefore()
{
    KeyHistory h;
    QCOMPARE(ratelab::stepAtOrBefore(h, 5), -1);
    for (const SimTime t : {10, 20, 20, 30}) {
        KeyStep step;
        step.atUs = t;
        h.steps.push_back(step);
    }
    QCOMPARE(ratelab::stepAtOrBefore(h, 9), -1);
    QCOMPARE(ratelab::stepAtOrBefore(h, 10), 0);
    QCOMPARE(ratelab::stepAtOrBefore(h, 20), 2);
    QCOMPARE(ratelab::stepAtOrBefore(h, 29), 2);
    QCOMPARE(ratelab::stepAtOrBefore(h, 1000), 3);
}

QTEST_GUILESS_MAIN(TestLaneState)
#include "tst_lanestate.moc"
