// Scenario JSON: every problem is reported with its JSON path (a log source's options
// included); the Learn view's key trace.

#include "arithmeticas.h"
#include "scenariotest.h"

#include "engine/algorithms/fixedwindow/fixedwindowarithmetic.h"
#include "engine/algorithms/slidingwindowlog/slidingwindowlogarithmetic.h"
#include "engine/engine.h"
#include "engine/scenario/scenarioio.h"
#include "engine/scenario/workestimate.h"

#include <QtTest>

#include <cmath>

using namespace ratelab;

class TestScenario : public QObject {
    Q_OBJECT

private slots:
    void problemsNameTheirPath_data();
    void problemsNameTheirPath();
    void reportsEveryProblemAtOnce();
    void noDivisionByAFieldBeforeItsCheck_data();
    void noDivisionByAFieldBeforeItsCheck();
    void reportsProblemsOfEverySection();
    void ignoredConfigurationIsRefused_data();
    void ignoredConfigurationIsRefused();
    void duplicateKeysAreRefused_data();
    void duplicateKeysAreRefused();
    void numbersOutOfRangeNameTheirField();
    void deepNestingIsRefused();
    void errorsQuoteAtMostALine();
    void scenarioFilesAreBounded();
    void workEstimate_data();
    void workEstimate();
    void runsOverTheWorkCapAreRefused();
    void keyHistoryExplainsEachDecision();
    void busiestKeysComeFirst();
};

namespace {

using test::problemsOf;

bool hasProblem(const QStringList& problems, const QString& path, const QString& message)
{
    for (const QString& p : problems) {
        if (p.startsWith(path + ": ") && p.contains(message))
            return true;
    }
    return false;
}

const std::string kGcra = R"({"algorithm": "gcra", "params": {"rate": "10/s", "burst": 5}})";

std::string scenario(const std::string& traffic, const std::string& algorithms = kGcra, const std::string& more = "")
{
    return R"({"duration": "10s", "traffic": [)" + traffic + R"(], "algorithms": [)" + algorithms + "]" + more + "}";
}

}  // namespace

void TestScenario::problemsNameTheirPath_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    const QString base = R"({"duration": "10s", "traffic": [{"kind": "poisson", "rate": "10/s"}],
        "algorithms": [{"algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}}, %1]})";
    QTest::newRow("param out of range") << base.arg(R"({"id": "g2", "algorithm": "gcra", "params": {"rate": "1/s", "burst": 0}})")
                                        << "algorithms[1].params.burst"
                                        << "must be between 1 and";
    QTest::newRow("unknown algorithm") << base.arg(R"({"id": "x", "algorithm": "bucket"})") << "algorithms[1].algorithm"
                                       << "unknown algorithm 'bucket'";
    QTest::newRow("duplicate id") << base.arg(R"({"algorithm": "gcra", "params": {"rate": "1/s", "burst": 2}})")
                                  << "algorithms[1].id"
                                  << "used twice";
    QTest::newRow("bad rate") << base.arg(
        R"({"id": "t", "algorithm": "token_bucket", "params": {"capacity": 5, "refill": "5 per s"}})")
                              << "algorithms[1].params.refill"
                              << "expected a rate";
    QTest::newRow("unknown field") << base.arg(R"({"id": "t", "algorithm": "gcra", "parms": {}})") << "algorithms[1].parms"
                                   << "unknown field";
    QTest::newRow("change on a preset keeps no state")
        << base.arg(R"({"id": "x", "algorithm": "x_time_rate", "params": {"rate": "1/s", "burst": 1},
                       "changes": [{"at": "5s", "params": {"burst": 2}, "state": "keep"}]})")
        << "algorithms[1].changes[0].state"
        << "supports only \"reset\"";
    QTest::newRow("bad source kind")
        << R"({"traffic": [{"kind": "tsunami", "rate": "1/s"}], "algorithms": [{"algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}}]})"
        << "traffic[0].kind"
        << "must be one of";
    QTest::newRow("missing rate")
        << R"({"traffic": [{"kind": "poisson"}], "algorithms": [{"algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}}]})"
        << "traffic[0].rate"
        << "missing";
    QTest::newRow("bad duration")
        << R"({"duration": "ten", "traffic": [{"kind": "poisson", "rate": "1/s"}], "algorithms": [{"algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}}]})"
        << "duration"
        << "expected a duration";
    // The valid range of times (algorithms.md): a run starts and ends by 2^52 us.
    const QString gcraOnly = R"({%1 "traffic": [{"kind": "poisson", "rate": "10/s"}],
        "algorithms": [{"algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}}]})";
    QTest::newRow("start_us near 2^63") << gcraOnly.arg(R"("start_us": 9223372036854000000,)") << "start_us"
                                        << "must be <= 4503599627370496";
    QTest::newRow("run ends past 2^52") << gcraOnly.arg(R"("start_us": 4503599627370000, "duration": "1s",)") << "duration"
                                        << "end of the valid range";
    // 3000 h at 999999/s: gcra's TAT, an int64 in 1/999999 us, covers (2^63 - 1 - tau) / 999999 us
    // with tau = 10^6 x burst: 9223381260235 us (107 days).
    QTest::newRow("run longer than a limiter's span") << R"({"duration": "3000h", "traffic": [{"kind": "poisson", "rate": "1/h"}],
               "algorithms": [{"algorithm": "gcra", "params": {"rate": "999999/s", "burst": 1}}]})"
                                                      << "algorithms[0].params"
                                                      << "more than the 9223381260235us its times may lie apart";
    QTest::newRow("clock beyond the valid range")
        << gcraOnly.arg(R"("cluster": {"instances": 2, "clocks": [{"instance": 1, "offset": "1000000h"}]},)")
        << "cluster.clocks[0]"
        << "more than";
    QTest::newRow("overlapping boundary attacks")
        << R"({"traffic": [{"kind": "boundary_attack", "window": "1s", "period": "1s", "count": 10, "spread": "600ms"}],
               "algorithms": [{"algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}}]})"
        << "traffic[0].spread"
        << "at most half the period";
    // A log source takes the options of `ratelab-cli import`, each checked with its path.
    const QString logBase = R"({"duration": "10s", "keys": "recorded", "traffic": [{"kind": "log", "file": "a.log", %1}],
        "algorithms": [{"algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}}]})";
    QTest::newRow("log: unknown format") << logBase.arg(R"("format": "foo")") << "traffic[0].format"
                                         << "unknown format \"foo\"";
    QTest::newRow("log: unknown key") << logBase.arg(R"("key": "cookie")") << "traffic[0].key"
                                      << "unknown key \"cookie\"";
    QTest::newRow("log: nginx without log_format") << logBase.arg(R"("format": "nginx")") << "traffic[0].log_format"
                                                   << "missing";
    QTest::newRow("log: log_format with w3c")
        << logBase.arg(R"("format": "w3c", "log_format": "$msec")") << "traffic[0].log_format"
        << "only with format nginx";
    QTest::newRow("log: bad cidr") << logBase.arg(R"("trusted": ["10.0.0.0/8", "10.0.0.0/99"])") << "traffic[0].trusted"
                                   << "CIDR";
    QTest::newRow("log: bad look_back") << logBase.arg(R"("look_back": "soon")") << "traffic[0].look_back"
                                        << "expected seconds (90) or a duration";
    QTest::newRow("log: option of the wrong type") << logBase.arg(R"("look_back": 1.5)") << "traffic[0].look_back"
                                                   << "must be a string, an integer or a boolean";
    QTest::newRow("log: unknown field") << logBase.arg(R"("colour": "red")") << "traffic[0].colour"
                                        << "unknown field";
    QTest::newRow("log: no file")
        << R"({"keys": "recorded", "traffic": [{"kind": "log"}], "algorithms": [{"algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}}]})"
        << "traffic[0].file"
        << "missing: the access log to replay";
    QTest::newRow("log: keys not recorded")
        << R"({"traffic": [{"kind": "log", "file": "a.log"}], "algorithms": [{"algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}}]})"
        << "algorithms[0].keys"
        << "use \"recorded\"";
    QTest::newRow("log option on another kind")
        << R"({"traffic": [{"kind": "poisson", "rate": "1/s", "format": "combined"}], "algorithms": [{"algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}}]})"
        << "traffic[0].format"
        << "only for a log source";
    QTest::newRow("not json") << "{\"name\": "
                              << "name"
                              << "not valid JSON";
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

void TestScenario::noDivisionByAFieldBeforeItsCheck_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    // Each of these divided by zero (SIGFPE), or sized a vector by a bad value, while loading.
    QTest::newRow("zero window") << QString::fromStdString(scenario(R"({"kind": "boundary_attack", "window": "0s"})"))
                                 << "traffic[0].window"
                                 << "must be at least 1us";
    QTest::newRow("zero count") << QString::fromStdString(scenario(R"({"kind": "boundary_attack", "count": 0})"))
                                << "traffic[0].count"
                                << "must be >= 1";
    QTest::newRow("zero period") << QString::fromStdString(scenario(R"({"kind": "boundary_attack", "period": "0s"})"))
                                 << "traffic[0].period"
                                 << "must be at least 1us";
    const std::string cluster = R"(, "cluster": {"instances": 2, "clocks": [{"instance": INSTANCE, "offset": "5ms"}]})";
    for (const char* instance : {"-5", "100000000000", "18446744073709551615"}) {
        std::string json = scenario(R"({"kind": "poisson", "rate": "10/s"})", kGcra, cluster);
        json.replace(json.find("INSTANCE"), 8, instance);
        QTest::newRow(instance) << QString::fromStdString(json) << "cluster.clocks[0].instance"
                                << "must be";
    }
}

void TestScenario::noDivisionByAFieldBeforeItsCheck()
{
    QFETCH(QString, json);
    QFETCH(QString, path);
    QFETCH(QString, message);
    const QStringList problems = problemsOf(json.toStdString());
    QVERIFY2(hasProblem(problems, path, message), qPrintable(problems.join('\n')));
}

void TestScenario::reportsProblemsOfEverySection()
{
    // A bad rate, a zero window and a bad parameter: the loader's problems and the checks
    // across sections are listed together, not only the first section's.
    const QStringList problems =
        problemsOf(scenario(R"({"kind": "poisson", "rate": "fast"}, {"kind": "boundary_attack", "window": "0s"})",
                            R"({"algorithm": "gcra", "params": {"rate": "10/s", "burst": 0}})"));
    QVERIFY2(hasProblem(problems, "traffic[0].rate", "expected a rate"), qPrintable(problems.join('\n')));
    QVERIFY2(hasProblem(problems, "traffic[1].window", "must be at least 1us"), qPrintable(problems.join('\n')));
    QVERIFY2(hasProblem(problems, "algorithms[0].params.burst", "must be between 1 and"), qPrintable(problems.join('\n')));
    QCOMPARE(problems.size(), 3);
}

void TestScenario::ignoredConfigurationIsRefused_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    const std::string poisson = R"({"kind": "poisson", "rate": "10/s"})";
    const auto row = [](const char* name, const std::string& json, const char* path, const char* message) {
        QTest::newRow(name) << QString::fromStdString(json) << path << message;
    };
    const std::string tiered =
        R"({"algorithm": "gcra", "params": {"rate": "10/s", "burst": 5}, "tiers": {"TIER": {"burst": 9}}})";
    const auto tier = [&](const std::string& name) {
        std::string t = tiered;
        return t.replace(t.find("TIER"), 4, name);
    };
    const std::string twoTiers =
        R"(, "keys": "tiered", "population": {"clients": 10, "tiers": [{"name": "free", "share": 1}, {"name": "gold", "share": 0.01}]})";
    // Tier limits: only with tiered keys, and only for a tier that has clients (1% of 10
    // clients is none of them: client c is in the tier its position (c + 0.5) / 10 reaches).
    row("tiers on ip keys", scenario(poisson, tier("default")), "algorithms[0].tiers",
        R"(only with keys "tiered": this algorithm's keys are "ip")");
    row("a tier no client is in", scenario(poisson, tier("gold"), twoTiers), "algorithms[0].tiers.gold",
        "no client is in this tier");
    row("a tier that does not exist", scenario(poisson, tier("platinum"), twoTiers), "algorithms[0].tiers.platinum",
        "no tier of that name: the population's tiers are free, gold");
    row("population tiers nobody uses", scenario(poisson, kGcra, R"(, "population": {"tiers": [{"name": "free"}]})"),
        "population.tiers", R"(only used by keys "tiered")");
    // local_sync merges fixed-window counters: any other algorithm would silently run as one.
    const std::string cluster = R"(, "cluster": {"instances": 2, "store": {"mode": "local_sync"}})";
    row("local_sync with gcra", scenario(poisson, kGcra, cluster), "cluster.store.mode",
        "local_sync merges epoch-aligned fixed-window counters, and gcra (algorithms[0]) is not one");
    row("local_sync with a window opened by the first request",
        scenario(poisson, R"({"algorithm": "fixed_window", "params": {"limit": 10, "window": "1s", "align": "first"}})", cluster),
        "algorithms[0].params.align", R"(align must be "epoch")");
    row("local_sync on an algorithm's own store",
        scenario(poisson,
                 R"({"algorithm": "token_bucket", "params": {"capacity": 5, "refill": "5/s"}, "store": {"mode": "local_sync"}})",
                 R"(, "cluster": {"instances": 2})"),
        "algorithms[0].store.mode", "token_bucket (algorithms[0]) is not one");
    row("limits_fixed_window on local_sync",
        scenario(poisson, R"({"algorithm": "limits_fixed_window", "params": {"limit": 10, "window": "1s"}})", cluster),
        "cluster.store.mode", "limits_fixed_window (algorithms[0]) is not one");
    // What a cluster run does not simulate.
    row("changes in a cluster",
        scenario(
            poisson,
            R"({"algorithm": "gcra", "params": {"rate": "10/s", "burst": 5}, "changes": [{"at": "1s", "params": {"burst": 2}}]})",
            R"(, "cluster": {"instances": 2})"),
        "algorithms[0].changes", "does not simulate limit changes");
    row("retries in a cluster", scenario(poisson, kGcra, R"(, "clients": {"retry": "immediate"}, "cluster": {"instances": 2})"),
        "clients.retry", "does not simulate retrying clients");
    row("a store without a cluster",
        scenario(poisson, R"({"algorithm": "gcra", "params": {"rate": "10/s", "burst": 5}, "store": {"mode": "redis_atomic"}})"),
        "algorithms[0].store", "only in a cluster scenario");
    // Fields of a source that its kind does not read.
    row("window on a poisson source", scenario(R"({"kind": "poisson", "rate": "10/s", "window": "1s"})"), "traffic[0].window",
        "not used by a poisson source (only by boundary_attack)");
    row("rate on a boundary attack", scenario(R"({"kind": "boundary_attack", "rate": "10/s"})"), "traffic[0].rate",
        "not used by a boundary_attack source");
    row("peak on a constant source", scenario(R"({"kind": "constant", "rate": "10/s", "peak": "20/s"})"), "traffic[0].peak",
        "only by diurnal, flash_crowd");
    row("client on a trace", scenario(R"({"kind": "trace", "file": "t.csv", "client": 0})", kGcra, R"(, "keys": "recorded")"),
        "traffic[0].client", "not used by a trace source");
    row("file on a poisson source", scenario(R"({"kind": "poisson", "rate": "10/s", "file": "t.csv"})"), "traffic[0].file",
        "only by trace, log");
    // Population settings that were clamped or skipped.
    row("zipf_s with uniform popularity", scenario(poisson, kGcra, R"(, "population": {"zipf_s": 2})"), "population.zipf_s",
        R"(only with popularity "zipf")");
    row("a NAT larger than the population",
        scenario(poisson, kGcra, R"(, "population": {"clients": 10, "nat": {"clients": 50, "ips": 2}})"),
        "population.nat.clients", "must be at most population.clients (10)");
    row("endpoints that weigh nothing", scenario(poisson, kGcra, R"(, "endpoints": [{"path": "/a", "weight": 0}])"), "endpoints",
        "the weights add up to 0");
    // Arrays given as something else were skipped.
    row("outage instances not an array",
        scenario(poisson, kGcra, R"(, "cluster": {"instances": 2, "outages": [{"from": "1s", "to": "2s", "instances": 1}]})"),
        "cluster.outages[0].instances", "must be an array");
    row("changes not an array",
        scenario(poisson, R"({"algorithm": "gcra", "params": {"rate": "10/s", "burst": 5}, "changes": {"at": "1s"}})"),
        "algorithms[0].changes", "must be an array");
    row("a clock given twice",
        scenario(
            poisson, kGcra,
            R"(, "cluster": {"instances": 2, "clocks": [{"instance": 1, "offset": "5ms"}, {"instance": 1, "offset": "9ms"}]})"),
        "cluster.clocks[1].instance", "instance 1 has a clock already");
    row("more clocks than instances",
        scenario(poisson, kGcra, R"(, "cluster": {"instances": 1, "clocks": [{"offset": "5ms"}, {"offset": "9ms"}]})"),
        "cluster.clocks[1]", "there is no instance 1: the cluster has 1 instance");
}

void TestScenario::ignoredConfigurationIsRefused()
{
    QFETCH(QString, json);
    QFETCH(QString, path);
    QFETCH(QString, message);
    const QStringList problems = problemsOf(json.toStdString());
    QVERIFY2(hasProblem(problems, path, message), qPrintable(problems.join('\n')));
}

void TestScenario::duplicateKeysAreRefused_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("count");  // problems in all
    QTest::newRow("top level") << QString::fromStdString(R"({"seed": 1, "seed": 2,)"
                                                         + scenario(R"({"kind": "poisson", "rate": "10/s"})").substr(1))
                               << "seed" << 1;
    QTest::newRow("in a source") << QString::fromStdString(scenario(R"({"kind": "poisson", "rate": "10/s", "rate": "1000/s"})"))
                                 << "traffic[0].rate" << 1;
    QTest::newRow("in the second algorithm's params") << QString::fromStdString(
        scenario(R"({"kind": "poisson", "rate": "10/s"})",
                 kGcra + R"(, {"id": "b", "algorithm": "gcra", "params": {"rate": "10/s", "burst": 5, "burst": 50}})"))
                                                      << "algorithms[1].params.burst" << 1;
    // Each duplicate is listed, and the rest of the file is still checked.
    QTest::newRow("two, and a bad rate") << QString::fromStdString(
        scenario(R"({"kind": "poisson", "rate": "ten", "label": "a", "label": "b"})",
                 R"({"algorithm": "gcra", "algorithm": "gcra", "params": {"rate": "10/s", "burst": 5}})"))
                                         << "traffic[0].label" << 3;
}

void TestScenario::duplicateKeysAreRefused()
{
    QFETCH(QString, json);
    QFETCH(QString, path);
    QFETCH(int, count);
    const QStringList problems = problemsOf(json.toStdString());
    QVERIFY2(hasProblem(problems, path, "given twice in one object"), qPrintable(problems.join('\n')));
    QCOMPARE(problems.size(), count);
}

void TestScenario::numbersOutOfRangeNameTheirField()
{
    // 1e400 is valid JSON but no double: a problem at its field, not an internal error.
    QStringList problems = problemsOf(R"({"seed": 1e400})");
    QCOMPARE(problems, QStringList{"seed: number out of range (number overflow parsing '1e400')"});
    problems = problemsOf(scenario(R"({"kind": "poisson", "rate": "10/s"}, {"kind": "boundary_attack", "count": -1e999})"));
    QCOMPARE(problems, QStringList{"traffic[1].count: number out of range (number overflow parsing '-1e999')"});
    // An integer beyond int64 is out of the field's range, not wrapped to a negative number.
    problems = problemsOf(R"({"seed": 18446744073709551615, )" + scenario(R"({"kind": "poisson", "rate": "10/s"})").substr(1));
    QCOMPARE(problems, QStringList{"seed: must be <= 9223372036854775807"});
}

void TestScenario::deepNestingIsRefused()
{
    // 100,000 nested arrays: refused at depth 64, where they are, not parsed into a tree.
    const std::string deep = R"({"description": )" + std::string(100'000, '[') + std::string(100'000, ']') + "}";
    const QStringList problems = problemsOf(deep);
    QCOMPARE(problems.size(), 1);
    QVERIFY2(problems.front().startsWith("description" + QString("[0]").repeated(63) + ": nested deeper than 64 levels"),
             qPrintable(problems.front().left(300)));
}

void TestScenario::errorsQuoteAtMostALine()
{
    // A megabyte of field name, id or value never makes a megabyte of message.
    const std::string huge(1 << 20, 'x');
    const std::string json =
        scenario(R"({"kind": "poisson", "rate": "10/s", ")" + huge + R"(": 1})",
                 R"({"id": ")" + huge + R"(", "algorithm": "gcra", "params": {"rate": "10/s", "burst": 5}}, {"id": ")" + huge
                     + R"(", "algorithm": "gcra", "params": {"rate": "10/s", "burst": 5}})");
    try {
        loadScenario(json, "big.json");
        QFAIL("no ScenarioError");
    } catch (const ScenarioError& e) {
        QCOMPARE(e.problems().size(), std::size_t(2));
        for (const std::string& line :
             {e.problems()[0].path + e.problems()[0].message, e.problems()[1].path + e.problems()[1].message})
            QVERIFY2(line.size() < 300, line.substr(0, 300).c_str());
        QVERIFY(e.problems()[0].path.ends_with("... (1048576 bytes)"));
    }
    // A parameter's value is quoted in the reason, which is kept at the end.
    const QStringList problems = problemsOf(scenario(
        R"({"kind": "poisson", "rate": "10/s"})", R"({"algorithm": "gcra", "params": {"rate": ")" + huge + R"(", "burst": 5}})"));
    QCOMPARE(problems.size(), 1);
    QVERIFY2(problems.front().size() < 300, qPrintable(problems.front().left(300)));
    QVERIFY2(problems.front().startsWith("algorithms[0].params.rate: gcra rate=xxx"), qPrintable(problems.front()));
    QVERIFY2(problems.front().endsWith("expected a rate like 10/s, 2.5/s or 600/m"), qPrintable(problems.front()));
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
        QCOMPARE(QString::fromUtf8(e.what()),
                 path + ": larger than 4 MiB: not a scenario (traces and logs are files of their own)");
    }
}

void TestScenario::workEstimate_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<double>("requests");  // over the 60 s the scenario runs
    // Rate x duration, and each shape's integral:
    QTest::newRow("constant") << R"({"kind": "constant", "rate": "10/s"})" << 600.0;
    QTest::newRow("poisson") << R"({"kind": "poisson", "rate": "2.5/s"})" << 150.0;
    // on a quarter of the time: 100/s x 60 s x 1 / 4.
    QTest::newRow("onoff") << R"({"kind": "onoff", "rate": "100/s", "on": "1s", "off": "3s"})" << 1500.0;
    QTest::newRow("diurnal") << R"({"kind": "diurnal", "rate": "10/s", "peak": "15/s"})" << 600.0;
    // 10/s x 60 s, and 100/s more over half the 2 s ramp, the 4 s hold and half the 2 s decay.
    QTest::newRow("flash crowd")
        << R"({"kind": "flash_crowd", "rate": "10/s", "peak": "110/s", "at": "10s", "ramp": "2s", "hold": "4s", "decay": "2s"})"
        << 600.0 + 100.0 * 6;
    // 2 x 10 requests around each of the boundaries every 2 s: at most 60 / 2 + 1 of them.
    QTest::newRow("boundary attack") << R"({"kind": "boundary_attack", "window": "1s", "period": "2s", "count": 10})"
                                     << 2.0 * 10 * 31;
}

void TestScenario::workEstimate()
{
    QFETCH(QString, source);
    QFETCH(double, requests);
    const std::string json = R"({"duration": "60s", "traffic": [)" + source.toStdString() + R"(], "algorithms": [)" + kGcra
        + R"(, {"id": "b", "algorithm": "fixed_window", "params": {"limit": 5, "window": "1s"}}]})";
    const Scenario s = loadScenario(json, "t.json");
    const WorkEstimate estimate = estimateWork(s);
    QCOMPARE(estimate.requests, requests);
    QCOMPARE(estimate.decisions(), 2 * requests);
    // An estimate, not a count: the run generates about as many (Poisson: within 5 standard
    // deviations), and never more than a deterministic source's estimate.
    const Report report = test::run(s);
    const auto actual = static_cast<double>(report.uniqueRequests);
    QVERIFY2(std::abs(actual - requests) <= 5 * std::sqrt(requests) + 1 || actual <= requests,
             qPrintable(QStringLiteral("%1 generated, %2 estimated").arg(actual).arg(requests)));
}

void TestScenario::runsOverTheWorkCapAreRefused()
{
    // 10^9 requests a second for 1,000 s, through 3 algorithms: 3 x 10^12 decisions. Refused
    // before a request is generated, by the run and by the Learn view's traces alike.
    const Scenario s = loadScenario(
        R"({"duration": "1000s", "traffic": [{"kind": "constant", "rate": "10/s"}, {"kind": "poisson", "rate": "1000000000/s"}],
        "keys": "user", "algorithms": [{"algorithm": "gcra", "params": {"rate": "10/s", "burst": 5}}, {"id": "b", "algorithm": "gcra", "params": {"rate": "10/s", "burst": 5}},
        {"id": "c", "algorithm": "gcra", "params": {"rate": "10/s", "burst": 5}}]})",
        "huge.json");
    const std::string expected =
        "traffic: about 1,000,000,010,000 requests in 1000s (traffic[1] alone 1,000,000,000,000) x 3 algorithms"
        " = 3,000,000,030,000 decisions, over the cap of 1,000,000,000";
    RunControl control;
    const auto refusal = [&](const auto& call) {
        try {
            call();
        } catch (const ScenarioError& e) {
            return std::string(e.what());
        }
        return std::string("no ScenarioError");
    };
    QCOMPARE(refusal([&] { runScenario(s, control); }), s.name + ": " + expected);
    QCOMPARE(refusal([&] { busiestKeys(s, 5, control); }), s.name + ": " + expected);
    QCOMPARE(refusal([&] { keyHistory(s, "gcra", "user-0", 0, 5, control); }), s.name + ": " + expected);
    // Allowed, it runs (cancelled here at its first progress check).
    control.cancel();
    QVERIFY_THROWS_EXCEPTION(Cancelled, runScenario(s, control, WorkLimit::Unlimited));
}

void TestScenario::keyHistoryExplainsEachDecision()
{
    // The boundary attacker against a fixed window of 10: the 20 requests of the first round
    // all pass; the sentence names the window count.
    Scenario s;
    for (const auto& [name, json] : embeddedScenarios()) {
        if (name == "boundary-attack")
            s = loadScenario(json, name);
    }
    RunControl control;
    const KeyHistory trace = keyHistory(s, "fixed_window", "user-0", 0, 25, control);
    QCOMPARE(trace.steps.size(), std::size_t(25));
    QCOMPARE(trace.policy.quota, std::int64_t(10));
    QCOMPARE(trace.limits.front().name, std::string("limit"));
    for (int i = 0; i < 20; ++i)
        QVERIFY(trace.steps[i].decision.allowed);
    // Request 10 is the 10th of the first window: the window had counted 9 before it. The
    // engine gives the arithmetic as values; the app words them (decisiontext.h).
    const auto tenth = arithmeticAs<FixedWindowArithmetic>(trace.steps[9].arithmetic);
    QVERIFY(tenth);
    QCOMPARE(tenth->count, std::int64_t(9));
    QCOMPARE(tenth->limit, std::int64_t(10));
    QCOMPARE(tenth->windowEndUs - tenth->windowStartUs, Duration(1'000'000));
    QVERIFY(tenth->windowStartUs <= trace.steps[9].atUs && trace.steps[9].atUs < tenth->windowEndUs);  // from the start
    QVERIFY(trace.steps[9].sentence.empty());
    QCOMPARE(trace.steps[9].state.front().value, 10.0);  // count after it
    // The sliding log rejects the 11th: the 10 entries before it all lie in its window.
    const KeyHistory log = keyHistory(s, "sliding_window_log", "user-0", 0, 11, control);
    QVERIFY(!log.steps[10].decision.allowed);
    const auto eleventh = arithmeticAs<SlidingLogArithmetic>(log.steps[10].arithmetic);
    QVERIFY(eleventh);
    QCOMPARE(eleventh->entries.size(), std::size_t(10));
    QCOMPARE(eleventh->entries.front(), log.steps[0].atUs);
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
