// Scenario JSON: every problem is reported with its JSON path (a log source's options
// included); the Learn view's key trace.

#include "engine/engine.h"
#include "engine/scenario/scenarioio.h"

#include <QtTest>


using namespace ratelab;

class TestScenario : public QObject {
    Q_OBJECT

private slots:
    void problemsNameTheirPath_data();
    void problemsNameTheirPath();
    void reportsEveryProblemAtOnce();
    void scenarioFilesAreBounded();
    void traceKeyExplainsEachDecision();
    void busiestKeysComeFirst();
};

void TestScenario::problemsNameTheirPath_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    const QString base = R"({"duration": "10s", "traffic": [{"kind": "poisson", "rate": "10/s"}],
        "algorithms": [{"algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}}, %1]})";
    QTest::newRow("param out of range") << base.arg(R"({"id": "g2", "algorithm": "gcra", "params": {"rate": "1/s", "burst": 0}})")
                                        << "algorithms[1].params.burst" << "must be between 1 and";
    QTest::newRow("unknown algorithm") << base.arg(R"({"id": "x", "algorithm": "bucket"})") << "algorithms[1].algorithm"
                                       << "unknown algorithm 'bucket'";
    QTest::newRow("duplicate id") << base.arg(R"({"algorithm": "gcra", "params": {"rate": "1/s", "burst": 2}})")
                                  << "algorithms[1].id" << "used twice";
    QTest::newRow("bad rate") << base.arg(R"({"id": "t", "algorithm": "token_bucket", "params": {"capacity": 5, "refill": "5 per s"}})")
                              << "algorithms[1].params.refill" << "expected a rate";
    QTest::newRow("unknown field") << base.arg(R"({"id": "t", "algorithm": "gcra", "parms": {}})") << "algorithms[1].parms"
                                   << "unknown field";
    QTest::newRow("change on a preset keeps no state")
        << base.arg(R"({"id": "x", "algorithm": "x_time_rate", "params": {"rate": "1/s", "burst": 1},
                       "changes": [{"at": "5s", "params": {"burst": 2}, "state": "keep"}]})")
        << "algorithms[1].changes[0].state" << "supports only \"reset\"";
    QTest::newRow("bad source kind")
        << R"({"traffic": [{"kind": "tsunami", "rate": "1/s"}], "algorithms": [{"algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}}]})"
        << "traffic[0].kind" << "must be one of";
    QTest::newRow("missing rate")
        << R"({"traffic": [{"kind": "poisson"}], "algorithms": [{"algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}}]})"
        << "traffic[0].rate" << "missing";
    QTest::newRow("bad duration")
        << R"({"duration": "ten", "traffic": [{"kind": "poisson", "rate": "1/s"}], "algorithms": [{"algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}}]})"
        << "duration" << "expected a duration";
    QTest::newRow("overlapping boundary attacks")
        << R"({"traffic": [{"kind": "boundary_attack", "window": "1s", "period": "1s", "count": 10, "spread": "600ms"}],
               "algorithms": [{"algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}}]})"
        << "traffic[0].spread" << "at most half the period";
    // A log source takes the options of `ratelab-cli import`, each checked with its path.
    const QString logBase = R"({"duration": "10s", "keys": "recorded", "traffic": [{"kind": "log", "file": "a.log", %1}],
        "algorithms": [{"algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}}]})";
    QTest::newRow("log: unknown format") << logBase.arg(R"("format": "foo")") << "traffic[0].format"
                                         << "unknown format \"foo\"";
    QTest::newRow("log: unknown key") << logBase.arg(R"("key": "cookie")") << "traffic[0].key" << "unknown key \"cookie\"";
    QTest::newRow("log: nginx without log_format") << logBase.arg(R"("format": "nginx")") << "traffic[0].log_format"
                                                   << "missing";
    QTest::newRow("log: log_format with w3c") << logBase.arg(R"("format": "w3c", "log_format": "$msec")")
                                              << "traffic[0].log_format" << "only with format nginx";
    QTest::newRow("log: bad cidr") << logBase.arg(R"("trusted": ["10.0.0.0/8", "10.0.0.0/99"])") << "traffic[0].trusted"
                                   << "CIDR";
    QTest::newRow("log: bad look_back") << logBase.arg(R"("look_back": "soon")") << "traffic[0].look_back"
                                        << "expected seconds (90) or a duration";
    QTest::newRow("log: option of the wrong type") << logBase.arg(R"("look_back": 1.5)") << "traffic[0].look_back"
                                                   << "must be a string, an integer or a boolean";
    QTest::newRow("log: unknown field") << logBase.arg(R"("colour": "red")") << "traffic[0].colour" << "unknown field";
    QTest::newRow("log: no file")
        << R"({"keys": "recorded", "traffic": [{"kind": "log"}], "algorithms": [{"algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}}]})"
        << "traffic[0].file" << "missing: the access log to replay";
    QTest::newRow("log: keys not recorded")
        << R"({"traffic": [{"kind": "log", "file": "a.log"}], "algorithms": [{"algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}}]})"
        << "algorithms[0].keys" << "use \"recorded\"";
    QTest::newRow("log option on another kind")
        << R"({"traffic": [{"kind": "poisson", "rate": "1/s", "format": "combined"}], "algorithms": [{"algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}}]})"
        << "traffic[0].format" << "only for a log source";
    QTest::newRow("not json") << "{\"name\": " << "" << "not valid JSON";
}

void TestScenario::problemsNameTheirPath()
{
    QFETCH(QString, json);
    QFETCH(QString, path);
    QFETCH(QString, message);
    try {
        loadScenario(json.toStdString(), "test.json");
        QFAIL("no ScenarioError");
    } catch (const ScenarioError& e) {
        bool found = false;
        for (const ScenarioProblem& p : e.problems())
            found = found || (QString::fromStdString(p.path) == path && QString::fromStdString(p.message).contains(message));
        QVERIFY2(found, e.what());
        QVERIFY(QString::fromStdString(e.what()).startsWith("test.json: "));
    }
}

void TestScenario::reportsEveryProblemAtOnce()
{
    try {
        loadScenario(R"({"seed": -1, "duration": "x", "traffic": [], "algorithms": []})", "s.json");
        QFAIL("no ScenarioError");
    } catch (const ScenarioError& e) {
        QVERIFY2(e.problems().size() >= 4, e.what());
    }
}

void TestScenario::scenarioFilesAreBounded()
{
    // A scenario is read up to 4 MiB and a byte: beyond, the file is refused unparsed.
    QTemporaryDir dir;
    const QString path = dir.filePath("big.json");
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray("{\"description\": \"") + QByteArray(kMaxScenarioBytes, 'x') + "\"}");
    file.close();
    try {
        loadScenarioFile(path.toStdString());
        QFAIL("no ScenarioError");
    } catch (const ScenarioError& e) {
        QCOMPARE(e.problems().size(), std::size_t(1));
        QCOMPARE(e.problems()[0].message, std::string("larger than 4 MiB: not a scenario (traces and logs are files of their own)"));
    }
}

void TestScenario::traceKeyExplainsEachDecision()
{
    // The boundary attacker against a fixed window of 10: the 20 requests of the first round
    // all pass; the sentence names the window count.
    Scenario s;
    for (const auto& [name, json] : embeddedScenarios()) {
        if (name == "boundary-attack")
            s = loadScenario(json, name);
    }
    RunControl control;
    const KeyTrace trace = traceKey(s, "fixed_window", "user-0", 25, control);
    QCOMPARE(trace.steps.size(), std::size_t(25));
    QCOMPARE(trace.policy.quota, std::int64_t(10));
    QCOMPARE(trace.limits.front().name, std::string("limit"));
    for (int i = 0; i < 20; ++i)
        QVERIFY(trace.steps[i].decision.allowed);
    // Request 10 is the 10th of the first window: the window had counted 9 before it.
    QVERIFY2(trace.steps[9].sentence.find("counted 9 of 10") != std::string::npos, trace.steps[9].sentence.c_str());
    QCOMPARE(trace.steps[9].state.front().value, 10.0);  // count after it
    // The sliding log rejects the 11th: a sentence with Retry-After.
    const KeyTrace log = traceKey(s, "sliding_window_log", "user-0", 11, control);
    QVERIFY(!log.steps[10].decision.allowed);
    QVERIFY2(log.steps[10].sentence.find("rejected") != std::string::npos, log.steps[10].sentence.c_str());
    QVERIFY2(log.steps[10].sentence.find("Retry-After 1") != std::string::npos, log.steps[10].sentence.c_str());
}

void TestScenario::busiestKeysComeFirst()
{
    // Zipf popularity: user-0 is the most popular client of the default scenario's steady
    // traffic, and the burst source draws by the same popularity.
    RunControl control;
    const auto keys = busiestKeys(defaultScenario(), 5, control);
    QCOMPARE(keys.size(), std::size_t(5));
    QCOMPARE(keys.front(), std::string("user-0"));
}

QTEST_APPLESS_MAIN(TestScenario)
#include "tst_scenario.moc"
