// A scenario whose traffic is an access log (source kind "log"): exact decisions on a
// handwritten log derived by hand; the same report as the trace `ratelab-cli import`
// writes from the same log; the shipped sample log replayed by tests/data/scenarios; the
// import counts in the report; a log that cannot be opened or read is an error naming it;
// a log that shrinks while the run reads it; a saved scenario keeps the log options.

#include "scenariotest.h"
#include "tests/cli/processrun.h"

#include "engine/report/reportio.h"
#include "engine/tracecsv/tracereader.h"

#include <QTemporaryDir>
#include <QtTest>
#include <nlohmann/json.hpp>

using namespace ratelab;

using test::lane;
using test::run;

namespace {

// A combined-format line from `ip` at 10/Oct/2000:20:00:`second` +0000.
QByteArray logLine(const char* ip, int second)
{
    return QByteArray(ip) + " - - [10/Oct/2000:20:00:" + (second < 10 ? "0" : "") + QByteArray::number(second)
        + " +0000] \"GET / HTTP/1.1\" 200 1 \"-\" \"ua\"\n";
}

// Two clients, A = 1.1.1.1 and B = 2.2.2.2. Line 5 is cut off inside the request (no
// closing quote); line 7 (A at :08) comes after line 6 (B at :12): 4 s late, inside the
// default 60 s look-back.
const char* const kA = "1.1.1.1";
const char* const kB = "2.2.2.2";
const QByteArray kLog = logLine(kA, 0) + logLine(kA, 1) + logLine(kB, 2) + logLine(kA, 5)
    + "1.1.1.1 - - [10/Oct/2000:20:00:06 +0000] \"GET / HTTP/1.1\n" + logLine(kB, 12) + logLine(kA, 8) + logLine(kB, 13)
    + logLine(kB, 14) + logLine(kA, 15);

// A scenario over one replayed source (`source` is its JSON object) through a fixed window
// of 2 per 10 s and a token bucket of 2 refilled at 1 per 5 s.
std::string scenarioOver(const std::string& source)
{
    return R"({"name": "handwritten", "duration": "20s", "keys": "recorded", "traffic": [)" + source + R"(],
        "algorithms": [{"algorithm": "fixed_window", "params": {"limit": 2, "window": "10s"}},
                       {"algorithm": "token_bucket", "params": {"capacity": 2, "refill": "0.2/s"}}]})";
}

// The report as JSON without what differs between a log and a trace source: the kind and
// the import counts.
nlohmann::json withoutSourceKind(const Report& r)
{
    auto j = nlohmann::json::parse(reportJson(r));
    for (auto& source : j["scenario"]["sources"]) {
        source.erase("kind");
        source.erase("import");
    }
    return j;
}

}  // namespace

class TestLogSource : public QObject {
    Q_OBJECT

private slots:
    void handwrittenLogDecisions();
    void sameReportAsTheImportedTrace_data();
    void sameReportAsTheImportedTrace();
    void sampleLogScenario();
    void logThatCannotBeRead();
    void logShrinkingDuringTheRun();
    void savedScenarioKeepsTheLogOptions();

private:
    QString write(const QString& name, const QByteArray& content) { return test::writeFile(m_dir, name, content); }
    // `ratelab-cli import LOG --out TRACE`; the trace's path.
    QString importToTrace(const QString& log, const QString& traceName);

    QTemporaryDir m_dir;
};

QString TestLogSource::importToTrace(const QString& log, const QString& traceName)
{
    const QString trace = m_dir.filePath(traceName);
    const test::ProcessResult r = test::runProcess(QStringLiteral(RATELAB_CLI_PATH), {"import", log, "--out", trace}, {}, 60000);
    return r.exitCode == 0 ? trace : QString();
}

void TestLogSource::handwrittenLogDecisions()
{
    write("access.log", kLog);
    // Relative to the scenario's directory, like a trace.
    const Scenario s = loadScenario(scenarioOver(R"({"kind": "log", "file": "access.log", "format": "combined"})"),
                                    "handwritten.json", m_dir.path().toStdString());
    const Report r = run(s);

    // In time order, shifted so the first request (A at :00) is at 0 s: A 0, A 1, B 2, A 5,
    // A 8 (reordered), B 12, B 13, B 14, A 15; line 5 skipped. 9 requests from 2 clients.
    QCOMPARE(r.uniqueRequests, std::int64_t(9));
    QCOMPARE(r.distinctClients, std::int64_t(2));
    // Fixed window, 2 per [0, 10 s), [10 s, 20 s), per key:
    //   A in [0, 10): 0 and 1 pass, 5 and 8 are rejected; in [10, 20): 15 passes.
    //   B in [0, 10): 2 passes; in [10, 20): 12 and 13 pass, 14 is rejected.
    // 6 allowed, 3 rejected.
    const AlgorithmReport& fixed = lane(r, "fixed_window");
    QCOMPARE(fixed.requests, std::int64_t(9));
    QCOMPARE(fixed.allowed, std::int64_t(6));
    QCOMPARE(fixed.rejected, std::int64_t(3));
    // Token bucket of 2, 0.2 tokens per second, each key starts full (levels after each request):
    //   A: 0 s 2 -> 1; 1 s 1.2 -> 0.2; 5 s 1.0 -> 0; 8 s 0.6 < 1 rejected; 15 s 0.6 + 1.4 = 2 -> 1.
    //   B: 2 s 2 -> 1; 12 s 2 (capped) -> 1; 13 s 1.2 -> 0.2; 14 s 0.4 < 1 rejected.
    // 7 allowed, 2 rejected.
    const AlgorithmReport& bucket = lane(r, "token_bucket");
    QCOMPARE(bucket.allowed, std::int64_t(7));
    QCOMPARE(bucket.rejected, std::int64_t(2));

    // What the import read, in the report.
    QCOMPARE(r.scenario.sources.size(), std::size_t(1));
    const SourceInfo& source = r.scenario.sources.front();
    QCOMPARE(source.kind, std::string("log"));
    QCOMPARE(source.label, std::string("log"));
    QVERIFY(source.import);
    const SourceImport& imported = *source.import;
    QCOMPARE(imported.format, std::string("combined"));
    QVERIFY(imported.complete);
    QCOMPARE(imported.linesRead, std::int64_t(10));
    QCOMPARE(imported.requestsImported, std::int64_t(9));
    QCOMPARE(imported.skipped, std::int64_t(1));
    QCOMPARE(imported.skippedByReason, (std::vector<std::pair<std::string, std::int64_t>>{{"unterminated_quote", 1}}));
    QCOMPARE(imported.firstSkipped.size(), std::size_t(1));
    QCOMPARE(imported.firstSkipped[0].line, std::int64_t(5));
    QCOMPARE(imported.reorderedLines, std::int64_t(1));
    const auto json = nlohmann::json::parse(reportJson(r));
    QCOMPARE(json["scenario"]["sources"][0]["import"]["lines_read"].get<int>(), 10);
    QCOMPARE(json["scenario"]["sources"][0]["import"]["first_skipped"][0]["reason"].get<std::string>(),
             std::string("unterminated_quote"));
    QVERIFY(json["scenario"]["sources"][0]["import"]["shrank"].is_null());

    // A look-back of 2 s cannot put line 7 (4 s late) back: it is dropped as too old, and
    // the fixed window rejects one request fewer.
    const Report tight = run(loadScenario(scenarioOver(R"({"kind": "log", "file": "access.log", "look_back": "2s"})"),
                                          "tight.json", m_dir.path().toStdString()));
    QCOMPARE(tight.uniqueRequests, std::int64_t(8));
    QCOMPARE(lane(tight, "fixed_window").rejected, std::int64_t(2));
    QCOMPARE(tight.scenario.sources.front().import->skippedByReason,
             (std::vector<std::pair<std::string, std::int64_t>>{{"unterminated_quote", 1}, {"too_old", 1}}));
}

void TestLogSource::sameReportAsTheImportedTrace_data()
{
    QTest::addColumn<QString>("log");
    QTest::addColumn<QString>("scenario");  // JSON with %1 for the source
    QTest::newRow("handwritten") << write("same.log", kLog) << QString::fromStdString(scenarioOver("%1"));
    // The shipped sample through the test scenario's algorithms.
    QFile file(QStringLiteral(RATELAB_TEST_DATA "/scenarios/apache-sample-log.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    auto sample = nlohmann::json::parse(file.readAll().toStdString());
    sample["traffic"] = nlohmann::json::array();
    QTest::newRow("sample") << QStringLiteral(RATELAB_SOURCE_DIR "/resources/samples/apache_combined_elastic-examples_2015.log")
                            << QString::fromStdString(sample.dump()).replace("[]", "[%1]");
}

void TestLogSource::sameReportAsTheImportedTrace()
{
    QFETCH(QString, log);
    QFETCH(QString, scenario);
    const QString trace = importToTrace(log, QFileInfo(log).baseName() + ".csv");
    QVERIFY(!trace.isEmpty());
    const auto sourceJson = [](const char* kind, const QString& file) {
        return QString::fromStdString(nlohmann::json{{"kind", kind}, {"file", file.toStdString()}, {"label", "replay"}}.dump());
    };
    const Report fromLog = run(loadScenario(scenario.arg(sourceJson("log", log)).toStdString(), "log.json"));
    const Report fromTrace = run(loadScenario(scenario.arg(sourceJson("trace", trace)).toStdString(), "trace.json"));
    QVERIFY(fromLog.uniqueRequests > 0);
    QCOMPARE(fromLog.scenario.sources.front().kind, std::string("log"));
    QCOMPARE(fromTrace.scenario.sources.front().kind, std::string("trace"));
    QVERIFY(!fromTrace.scenario.sources.front().import);
    QCOMPARE(withoutSourceKind(fromLog).dump(1), withoutSourceKind(fromTrace).dump(1));
    QCOMPARE(seriesCsv(fromLog), seriesCsv(fromTrace));
}

void TestLogSource::sampleLogScenario()
{
    // SOURCES.md: 10,000 lines, line 8899 cut off, 9,999 requests from 1,753 IPs between
    // 2015-05-17 10:05 and 2015-05-20 21:05 UTC: inside the scenario's 84 h.
    Scenario s = loadScenarioFile(RATELAB_TEST_DATA "/scenarios/apache-sample-log.json");
    Report r = run(s);
    QCOMPARE(r.uniqueRequests, std::int64_t(9999));
    QCOMPARE(r.distinctClients, std::int64_t(1753));
    const SourceImport& all = *r.scenario.sources.front().import;
    QVERIFY(all.complete);
    QCOMPARE(all.linesRead, std::int64_t(10000));
    QCOMPARE(all.requestsImported, std::int64_t(9999));
    QCOMPARE(all.firstSkipped.at(0).line, std::int64_t(8899));
    QCOMPARE(lane(r, "token_bucket").requests, std::int64_t(9999));

    // A run shorter than the log stops reading it, and the counts say so. The first hour
    // holds the requests of minute 10:05 on May 17; the import has handed out the first
    // request past the end too, and parsed one look-back window of lines ahead.
    s.duration = 3600 * kMicrosPerSecond;
    r = run(s);
    const SourceImport& part = *r.scenario.sources.front().import;
    QVERIFY(!part.complete);
    QVERIFY(r.uniqueRequests > 0 && r.uniqueRequests < 9999);
    QCOMPARE(part.requestsImported, r.uniqueRequests + 1);
    QVERIFY(part.linesRead < 10000);
}

void TestLogSource::logThatCannotBeRead()
{
    // Problems of the file itself show when the run starts, naming the file.
    write("prose.log", "This is not an access log.\nNor is this line.\n");
    const auto errorOf = [&](const std::string& file) -> std::string {
        const Scenario s =
            loadScenario(scenarioOver(R"({"kind": "log", "file": ")" + file + R"("})"), "s.json", m_dir.path().toStdString());
        try {
            run(s);
        } catch (const InputError& e) {
            return e.what();
        }
        return "no error";
    };
    const std::string missing = errorOf("missing.log");
    QVERIFY2(missing.find("missing.log:0: file: cannot open the log file: No such file or directory") != std::string::npos,
             missing.c_str());
    const std::string prose = errorOf("prose.log");
    QVERIFY2(prose.find("prose.log:0: format: cannot detect the log format") != std::string::npos, prose.c_str());
    QVERIFY(QDir(m_dir.path()).mkpath("logs.d"));
    const std::string directory = errorOf("logs.d");
    QVERIFY2(directory.find("logs.d:0: file: is a directory, not a log") != std::string::npos, directory.c_str());
}

// logrotate's copytruncate empties the log while the run replays it: here at the run's first
// progress report, when the log source has read its first block (1 MiB and a line) of a
// 3 MB log. The run ends with the lines read before, all of them requests, and its report
// says the log shrank. A memory-mapped log killed the run with SIGBUS.
void TestLogSource::logShrinkingDuringTheRun()
{
    // 30,000 lines, 100 a second from 20:00:00: 300 s of traffic, inside the 20 min run.
    constexpr int kLines = 30'000;
    QByteArray log;
    for (int n = 0; n < kLines; ++n) {
        const int second = n / 100;
        log += QStringLiteral("10.3.%1.%2 - - [10/Oct/2000:20:%3:%4 +0000] \"GET /%5 HTTP/1.1\" 200 1 \"-\" \"ua\"\n")
                   .arg(n / 250 % 250)
                   .arg(n % 250)
                   .arg(second / 60, 2, 10, QLatin1Char('0'))
                   .arg(second % 60, 2, 10, QLatin1Char('0'))
                   .arg(n)
                   .toLatin1();
    }
    QVERIFY(log.size() > 2 * (1 << 20));
    const std::string path = write("rotated.log", log).toStdString();
    const Scenario s = loadScenario(R"({"name": "rotated", "duration": "20m", "keys": "recorded",
        "traffic": [{"kind": "log", "file": "rotated.log", "format": "combined"}],
        "algorithms": [{"algorithm": "fixed_window", "params": {"limit": 1000, "window": "10s"}}]})",
                                    "rotated.json", m_dir.path().toStdString());
    bool emptied = false;
    RunControl control([&](int, const std::string&) {
        if (!std::exchange(emptied, true))
            QFile::resize(QString::fromStdString(path), 0);
    });
    const Report r = runScenario(s, control);
    QVERIFY(emptied);

    const SourceImport& imported = *r.scenario.sources.front().import;
    // It read whole lines of the first block, and nothing after it.
    QVERIFY2(imported.linesRead > 0 && imported.linesRead < kLines, qPrintable(QString::number(imported.linesRead)));
    QVERIFY(imported.linesRead * 90 < 2 * (1 << 20));
    QVERIFY(imported.complete);
    QCOMPARE(imported.skipped, std::int64_t(0));
    QCOMPARE(imported.requestsImported, imported.linesRead);
    QCOMPARE(r.uniqueRequests, imported.linesRead);
    QCOMPARE(imported.shrankFrom, std::int64_t(log.size()));
    QCOMPARE(imported.shrankTo, std::int64_t(0));
    const auto json = nlohmann::json::parse(reportJson(r));
    QCOMPARE(json["scenario"]["sources"][0]["import"]["shrank"]["from_bytes"].get<std::int64_t>(), std::int64_t(log.size()));
    QCOMPARE(json["scenario"]["sources"][0]["import"]["shrank"]["to_bytes"].get<std::int64_t>(), std::int64_t(0));
}

void TestLogSource::savedScenarioKeepsTheLogOptions()
{
    const Scenario s = loadScenario(scenarioOver(R"({"kind": "log", "file": "/logs/a.log", "format": "combined",
        "trusted": ["10.0.0.0/8", "127.0.0.1"], "path_templates": true, "look_back": "2m"})"),
                                    "s.json");
    const Scenario again = loadScenario(saveScenario(s), "saved.json");
    const SourceSpec& src = again.traffic.front();
    QCOMPARE(src.kind, SourceKind::Log);
    QCOMPARE(src.file, std::string("/logs/a.log"));
    std::vector<std::pair<std::string, std::string>> options;
    for (const LogOption& o : src.logOptions)
        options.emplace_back(o.name, o.value);
    const std::vector<std::pair<std::string, std::string>> expected = {
        {"format", "combined"}, {"trusted", "10.0.0.0/8,127.0.0.1"}, {"path_templates", "true"}, {"look_back", "2m"}};
    QCOMPARE(options, expected);
}

QTEST_GUILESS_MAIN(TestLogSource)
#include "tst_logsource.moc"
