// Access-log import: the real logs in tests/data/logs and resources/samples import through
// detection with the counts their SOURCES.md gives (expectations taken from SOURCES.md and from reading the files, not from
// this importer); one step table per parser with hand-written lines; keys behind proxies;
// reordering; the pull-based reader against the sink; fuzz-like input (truncated lines, binary garbage, 1 MB lines, invalid UTF-8,
// out-of-range times); progress and cancellation; the parallel path equals the sequential one;
// a file that shrinks while it is imported.

#include "engine/logs/keys/clientaddress.h"
#include "engine/logs/keys/keyextractor.h"
#include "engine/logs/keys/pathtemplate.h"
#include "engine/logs/logoptions.h"
#include "engine/logs/parsers/formatdetect.h"
#include "engine/logs/parsers/nginxformat.h"
#include "engine/logs/parsers/textscan.h"
#include "engine/logs/parsers/timeparse.h"
#include "engine/logs/reading/logimporter.h"
#include "engine/logs/reading/logreader.h"
#include "engine/logs/reading/parallelimport.h"
#include "engine/logs/reading/reorderbuffer.h"

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

using namespace ratelab;

namespace {

const QString kLogs = QStringLiteral(RATELAB_TEST_DATA "/logs/");
// The Apache sample ships once, with the app (resources/samples/SOURCES.md).
const QString kApache = QStringLiteral(RATELAB_SOURCE_DIR "/resources/samples/apache_combined_elastic-examples_2015.log");

struct Row {
    SimTime t;
    std::string key;
    std::int64_t line;
};

struct Imported {
    ImportSummary summary;
    std::vector<Row> rows;

    std::vector<std::int64_t> problemLines() const
    {
        std::vector<std::int64_t> lines;
        for (const LineWarning& w : summary.problems)
            lines.push_back(w.line);
        return lines;
    }
    std::map<std::string, std::int64_t> perKey() const
    {
        std::map<std::string, std::int64_t> counts;
        for (const Row& r : rows)
            ++counts[r.key];
        return counts;
    }
    bool sorted() const
    {
        for (std::size_t i = 1; i < rows.size(); ++i)
            if (rows[i].t < rows[i - 1].t || (rows[i].t == rows[i - 1].t && rows[i].line < rows[i - 1].line))
                return false;
        return true;
    }
};

Imported importText(const std::string& text, const ImportOptions& options = {})
{
    std::istringstream in(text);
    KeyInterner keys;
    Imported out;
    out.summary = importLog(in, options, keys, [&](const ImportedRequest& r) {
        out.rows.push_back({r.t, keys.name(r.key), r.line});
    });
    return out;
}

Imported importFile(const QString& path, const ImportOptions& options = {})
{
    KeyInterner keys;
    Imported out;
    out.summary = importLogFile(path.toStdString(), options, keys, [&](const ImportedRequest& r) {
        out.rows.push_back({r.t, keys.name(r.key), r.line});
    });
    return out;
}

// The one record a single line yields, through a fresh parser of `format`.
// The parser and the line stay alive with the fields: the fields are views into them.
struct OneLine {
    std::string line;
    std::unique_ptr<LineParser> parser;
    LineOutcome outcome;
    LogFields fields;
    std::string client;
};

constexpr SimTime sec(std::int64_t s) { return s * kMicrosPerSecond; }

} // namespace

Q_DECLARE_METATYPE(std::vector<std::int64_t>)

class TestLogs : public QObject {
    Q_OBJECT

private slots:
    void sharedLogs_data();
    void sharedLogs();
    void sharedLogsBusiestClients();
    void nginxFixtureDefaultWindowDropsOldLines();
    void proxyChains_data();
    void proxyChains();
    void detectionSaysWhy();
    void summaryCountsAgree();
    void combinedLines_data();
    void combinedLines();
    void nginxFormatLines_data();
    void nginxFormatLines();
    void nginxFormatErrors_data();
    void nginxFormatErrors();
    void w3cResetsOnEveryFieldsLine();
    void albLines_data();
    void albLines();
    void haproxyLines_data();
    void haproxyLines();
    void jsonLines_data();
    void jsonLines();
    void delimitedLines();
    void timestamps_data();
    void timestamps();
    void clfCacheKeepsTheValidRange();
    void clfTimesAcrossZonesAndDays();
    void findCharAgreesWithFind();
    void clientOfOneAddress_data();
    void clientOfOneAddress();
    void problemsListedFirstByLine();
    void pathTemplates_data();
    void pathTemplates();
    void keyKinds();
    void tierMap();
    void reorderBufferSteps();
    void refusedLinesLeaveNoKey();
    void readerYieldsWhatTheSinkReceives();
    void optionsByName_data();
    void optionsByName();
    void fuzzTruncatedAndGarbage();
    void fuzzRandomBytes();
    void hugeLines();
    void progressAndCancel();
    void progressCountsBadLines();
    void parallelEqualsSequential();
    void parallelEqualsSequentialAcrossChunks();
    void onlyBadLinesEndTheImport();
    void onlyBadLinesEndAFileImport_data();
    void onlyBadLinesEndAFileImport();
    void fileShrinkingDuringImport_data();
    void fileShrinkingDuringImport();
};

// ---- The shared real logs --------------------------------------------------------------------

void TestLogs::sharedLogs_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("format");
    QTest::addColumn<qint64>("lookBackSeconds");
    QTest::addColumn<qint64>("linesRead");
    QTest::addColumn<qint64>("records");
    QTest::addColumn<qint64>("blank");
    QTest::addColumn<qint64>("directives");
    QTest::addColumn<std::vector<std::int64_t>>("skippedLines");
    QTest::addColumn<int>("skipReason");
    QTest::addColumn<qint64>("clients");
    QTest::addColumn<qint64>("firstUs");
    QTest::addColumn<qint64>("lastUs");
    QTest::addColumn<qint64>("backwardSteps");

    // resources/samples/SOURCES.md: 10,000 lines, line 8899 cut off inside the user agent (no
    // closing quote), 1,753 IPs, minute :05 of each hour from 2015-05-17 10:05 to 2015-05-20
    // 21:05, 4,915 backward steps (all within one minute, so inside the 60 s window).
    QTest::newRow("apache combined") << kApache << "combined" << qint64(60)
                                     << qint64(10000) << qint64(9999) << qint64(0) << qint64(0)
                                     << std::vector<std::int64_t>{8899} << int(LineProblem::UnterminatedQuote)
                                     << qint64(1753) << qint64(sec(1431857100)) << qint64(sec(1432155959))
                                     << qint64(4915);
    // tests/data/logs/SOURCES.md: the first hour of the NASA trace, 993 records + a header
    // naming 9 columns over 7-column rows; 115 clients; epoch seconds 807256800 to 807260379;
    // never backwards.
    QTest::newRow("nasa tsv") << kLogs + "nasa_ksc_19950801_first-hour.tsv" << "tsv" << qint64(60) << qint64(994)
                              << qint64(993) << qint64(0) << qint64(1) << std::vector<std::int64_t>{} << -1
                              << qint64(115) << qint64(sec(807256800)) << qint64(sec(807260379)) << qint64(0);
    // 33 lines: 21 requests and 12 '#' directive lines (3 header blocks, the last without a
    // date field, so its records take the #Date directive's day); 4 clients; 2016-01-01
    // 01:06:30 to 2016-01-31 21:45:54 UTC.
    QTest::newRow("iis w3c") << kLogs + "iis_w3c_handwritten.log" << "w3c" << qint64(60) << qint64(33)
                             << qint64(21) << qint64(0) << qint64(12) << std::vector<std::int64_t>{} << -1
                             << qint64(4) << qint64(sec(1451610390)) << qint64(sec(1454276754)) << qint64(0);
    // 10 records and the empty last line; one client (ip:port); 15:01:12.376735Z to
    // 15:55:11.987940Z; 15:01:50 before 15:01:22 is the one backward step.
    QTest::newRow("aws alb") << kLogs + "aws_alb_elastic-beats_application-lb-http.log" << "alb" << qint64(60) << qint64(11)
                             << qint64(10) << qint64(1) << qint64(0) << std::vector<std::int64_t>{} << -1 << qint64(1)
                             << qint64(1570806072376735) << qint64(1570809311987940) << qint64(1);
    // 10 records, clients 1.2.3.4 and "-"; accept dates 2018-07-30 09:03:52.726 to
    // 2021-06-22 12:03:08.833; backward: 01.427<01.501, 59.590<01.427, 55.202<59.590, 04.060<08.833.
    QTest::newRow("haproxy") << kLogs + "haproxy_http_elastic-beats.log" << "haproxy" << qint64(60) << qint64(10) << qint64(10)
                             << qint64(0) << qint64(0) << std::vector<std::int64_t>{} << -1 << qint64(2)
                             << qint64(1532941432726000) << qint64(1624363388833000) << qint64(4);
    // 7 records from 2016 to 2018 (edited fixture lines: a look-back of 3 years keeps them
    // all); first addresses of the chains: 10.0.0.2 (twice), 172.17.0.1, 85.181.35.98,
    // 10.5.102.222, 2a03:..., 127.0.0.1 = 6 clients. 22/Jan/2016:13:18:29 +0000 is the
    // earliest, 12/Apr/2018:09:48:40 +0200 the latest.
    QTest::newRow("nginx edge cases") << kLogs + "nginx_edgecases_elastic-beats_test.log" << "combined"
                                      << qint64(3 * 366 * 86400) << qint64(7) << qint64(7) << qint64(0) << qint64(0)
                                      << std::vector<std::int64_t>{} << -1 << qint64(6) << qint64(sec(1453468709))
                                      << qint64(sec(1523519320)) << qint64(2);
}

void TestLogs::sharedLogs()
{
    QFETCH(QString, file);
    QFETCH(QString, format);
    QFETCH(qint64, lookBackSeconds);
    QFETCH(qint64, linesRead);
    QFETCH(qint64, records);
    QFETCH(qint64, blank);
    QFETCH(qint64, directives);
    QFETCH(std::vector<std::int64_t>, skippedLines);
    QFETCH(int, skipReason);
    QFETCH(qint64, clients);
    QFETCH(qint64, firstUs);
    QFETCH(qint64, lastUs);
    QFETCH(qint64, backwardSteps);

    ImportOptions options;  // format Auto: detection
    options.lookBackUs = sec(lookBackSeconds);
    const Imported r = importFile(file, options);
    const ImportSummary& s = r.summary;
    QCOMPARE(QString::fromStdString(std::string(formatName(s.format))), format);
    QVERIFY2(s.detection.starts_with(format.toStdString() + ": "), s.detection.c_str());
    QCOMPARE(s.linesRead, linesRead);
    QCOMPARE(s.requestsImported, records);
    QCOMPARE(qint64(r.rows.size()), records);
    QCOMPARE(s.blankLines, blank);
    QCOMPARE(s.directiveLines, directives);
    QCOMPARE(s.skippedTotal(), qint64(skippedLines.size()));
    QCOMPARE(r.problemLines(), skippedLines);
    for (const LineWarning& w : s.problems)
        QCOMPARE(int(w.problem), skipReason);
    QCOMPARE(s.distinctKeys, clients);
    QCOMPARE(qint64(r.perKey().size()), clients);
    QCOMPARE(s.firstTime, firstUs);
    QCOMPARE(s.lastTime, lastUs);
    QCOMPARE(s.backwardSteps, backwardSteps);
    QVERIFY(r.sorted());
    QCOMPARE(s.linesRead, s.requestsImported + s.blankLines + s.directiveLines + s.skippedTotal());
}

void TestLogs::sharedLogsBusiestClients()
{
    // The SOURCES.md files: the busiest clients and the IPv6 loopback count.
    QCOMPARE(importFile(kApache).perKey().at("66.249.73.135"), 482);
    QCOMPARE(importFile(kLogs + "nasa_ksc_19950801_first-hour.tsv").perKey().at("dialup21.brussels.eunet.be"), 42);
    const auto iis = importFile(kLogs + "iis_w3c_handwritten.log").perKey();
    QCOMPARE(iis.at("203.0.113.50"), 13);
    QCOMPARE(iis.at("::1"), 3);
    const auto haproxy = importFile(kLogs + "haproxy_http_elastic-beats.log").perKey();
    QCOMPARE(haproxy.at("-"), 9);
    QCOMPARE(haproxy.at("1.2.3.4"), 1);
    QCOMPARE(importFile(kLogs + "aws_alb_elastic-beats_application-lb-http.log").perKey().at("77.227.156.41"), 10);
}

void TestLogs::nginxFixtureDefaultWindowDropsOldLines()
{
    // With the default 60 s look-back, lines 3-6 (Dec 2016, Jan 2016) come after a May 2017
    // line: too old to reorder, each reported as dropped with its line number.
    const Imported r = importFile(kLogs + "nginx_edgecases_elastic-beats_test.log");
    QCOMPARE(r.summary.requestsImported, 3);
    QCOMPARE(r.summary.skippedFor(LineProblem::TooOld), 4);
    QCOMPARE(r.problemLines(), (std::vector<std::int64_t>{3, 4, 5, 6}));
    for (const LineWarning& w : r.summary.problems)
        QCOMPARE(w.problem, LineProblem::TooOld);
}

// ---- Keys behind proxies --------------------------------------------------------------------

void TestLogs::proxyChains_data()
{
    QTest::addColumn<QString>("xff");
    QTest::addColumn<QStringList>("trusted");
    QTest::addColumn<QStringList>("keysByLine");  // lines 1..7 of the nginx fixture

    const QString v6 = "2a03:0000:10ff:f00f:0000:0000:0:8000";
    QTest::newRow("first, none trusted") << "first" << QStringList{}
                                         << QStringList{"10.0.0.2", "172.17.0.1", "10.0.0.2", "85.181.35.98",
                                                        "10.5.102.222", v6, "127.0.0.1"};
    QTest::newRow("last, none trusted") << "last" << QStringList{}
                                        << QStringList{"127.0.0.1", "172.17.0.1", "85.181.35.98", "85.181.35.98",
                                                       "10.2.1.185", "10.2.2.121", "127.0.0.1"};
    // Private ranges trusted: the last untrusted hop is the public address a proxy saw;
    // a chain of trusted addresses only falls back to its leftmost entry.
    QTest::newRow("last, private trusted")
        << "last" << QStringList{"10.0.0.0/8", "127.0.0.0/8", "172.16.0.0/12"}
        << QStringList{"10.0.0.2", "172.17.0.1", "85.181.35.98", "85.181.35.98", "204.246.1.1", v6, "127.0.0.1"};
    QTest::newRow("first, prefix trusted") << "first" << QStringList{"10."}
                                           << QStringList{"127.0.0.1", "172.17.0.1", "85.181.35.98", "85.181.35.98",
                                                          "199.96.1.1", v6, "127.0.0.1"};
}

void TestLogs::proxyChains()
{
    QFETCH(QString, xff);
    QFETCH(QStringList, trusted);
    QFETCH(QStringList, keysByLine);
    ImportOptions options;
    options.lookBackUs = sec(3 * 366 * 86400);
    options.key.forwarded = xff == "last" ? ForwardedChoice::Last : ForwardedChoice::First;
    for (const QString& t : trusted)
        options.key.trustedProxies.push_back(t.toStdString());
    const Imported r = importFile(kLogs + "nginx_edgecases_elastic-beats_test.log", options);
    QCOMPARE(r.rows.size(), std::size_t(7));
    std::map<std::int64_t, std::string> byLine;
    for (const Row& row : r.rows)
        byLine[row.line] = row.key;
    for (int line = 1; line <= 7; ++line)
        QCOMPARE(QString::fromStdString(byLine[line]), keysByLine[line - 1]);
}

void TestLogs::detectionSaysWhy()
{
    std::string head;
    for (int i = 0; i < 25; ++i)
        head += "1.2.3.4 - - [17/May/2015:10:05:03 +0000] \"GET / HTTP/1.1\" 200 1 \"-\" \"ua\"\n";
    Detection d = detectFormat(head, {});
    QCOMPARE(d.format, LogFormat::Combined);
    QCOMPARE(QString::fromStdString(d.reason), QStringLiteral("combined: 20/20 lines match"));

    d = detectFormat("1.2.3.4 - - [17/May/2015:10:05:03 +0000] \"GET / HTTP/1.1\" 200 1\n", {});
    QCOMPARE(QString::fromStdString(d.reason), QStringLiteral("common: 1/1 line matches"));  // not "1/1 lines match"
    QCOMPARE(QString::fromStdString(detectFormat("prose\n", {}).reason), QStringLiteral("no format matches the first line"));
    QCOMPARE(QString::fromStdString(detectFormat("prose\nmore prose\n", {}).reason),
             QStringLiteral("no format matches any of the first 2 lines"));

    // An nginx log_format is tried first when given.
    ParserOptions nginx;
    nginx.nginxLogFormat = "$remote_addr [$time_local] $status";
    d = detectFormat("1.2.3.4 [17/May/2015:10:05:03 +0000] 200\n", nginx);
    QCOMPARE(d.format, LogFormat::Nginx);

    // Nothing matches: the import cannot start, and says why.
    std::istringstream prose("It was a dark and stormy night.\nThe end.\n");
    KeyInterner keys;
    QVERIFY_THROWS_EXCEPTION(ImportError, importLog(prose, {}, keys, [](const ImportedRequest&) {}));
    // An empty input imports nothing, and is not an error.
    QCOMPARE(importText("").summary.requestsImported, 0);
}

// The import summary's counts with their nouns, at 0, 1 and 2: "(1 byte)", "1 more skipped
// line not listed", "tier gold: 1 request".
void TestLogs::summaryCountsAgree()
{
    for (const std::int64_t n : {0, 1, 2}) {
        ImportSummary s;
        s.bytesRead = n;
        s.skipped[static_cast<std::size_t>(LineProblem::TooOld)] = n + 1;  // one listed, n not
        s.problems.push_back({1, LineProblem::TooOld, "time", "x"});
        s.tiers.push_back({"gold", n});
        const QString text = QString::fromStdString(formatSummary(s));
        const char* plural = n == 1 ? "" : "s";
        QVERIFY2(text.contains(QString("lines read: 0 (%1 byte%2)\n").arg(n).arg(plural)), qPrintable(text));
        QVERIFY2(text.contains(QString("tier gold: %1 request%2\n").arg(n).arg(plural)), qPrintable(text));
        QVERIFY2(n == 0 ? !text.contains("not listed")
                        : text.contains(QString("... and %1 more skipped line%2 not listed\n").arg(n).arg(plural)),
                 qPrintable(text));
    }
}

// ---- One step table per parser ----------------------------------------------------------------

namespace {

void parseOne(OneLine& out, LogFormat format, const std::string& line, const ParserOptions& options = {},
              const std::vector<std::string>& before = {})
{
    out.parser = makeParser(format, options);
    out.line = line;
    for (const std::string& b : before)
        out.parser->parse(b, out.fields);
    out.outcome = out.parser->parse(out.line, out.fields);
    KeyExtractor keys{KeyOptions{}};
    if (out.outcome.kind == LineKind::Record)
        out.client = std::string(keys.clientOf(out.fields));
}

void addLineColumns()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<int>("problem");  // -1: a record
    QTest::addColumn<QString>("client");
    QTest::addColumn<qint64>("tUs");
    QTest::addColumn<QString>("method");
    QTest::addColumn<QString>("target");
}

void checkLine(LogFormat format, const ParserOptions& options = {}, const std::vector<std::string>& before = {})
{
    QFETCH(QString, line);
    QFETCH(int, problem);
    QFETCH(QString, client);
    QFETCH(qint64, tUs);
    QFETCH(QString, method);
    QFETCH(QString, target);
    OneLine r;
    parseOne(r, format, line.toStdString(), options, before);
    if (problem >= 0) {
        QCOMPARE(int(r.outcome.kind), int(LineKind::Malformed));
        QCOMPARE(int(r.outcome.problem), problem);
        return;
    }
    QCOMPARE(int(r.outcome.kind), int(LineKind::Record));
    QCOMPARE(QString::fromStdString(r.client), client);
    QCOMPARE(r.fields.time, tUs);
    QCOMPARE(QString::fromStdString(std::string(r.fields.method)), method);
    QCOMPARE(QString::fromStdString(std::string(r.fields.target)), target);
}

constexpr int kRecord = -1;
int p(LineProblem problem) { return int(problem); }

} // namespace

void TestLogs::combinedLines_data()
{
    addLineColumns();
    // 10/Oct/2000:13:55:36 -0700 = 2000-10-10T20:55:36Z
    const qint64 t = sec(971211336);
    QTest::newRow("ipv6 client") << R"(2001:db8::1 - frank [10/Oct/2000:13:55:36 -0700] "GET /a.gif HTTP/1.0" 200 2326 "-" "Mozilla/4.08")"
                                 << kRecord << "2001:db8::1" << t << "GET" << "/a.gif";
    QTest::newRow("same instant in +0200") << R"(1.2.3.4 - - [10/Oct/2000:22:55:36 +0200] "GET / HTTP/1.1" 200 1 "-" "x")"
                                           << kRecord << "1.2.3.4" << t << "GET" << "/";
    QTest::newRow("proxy chain, quoted") << R"("10.5.102.222, 199.96.1.1" 10.2.1.185 - - [10/Oct/2000:20:55:36 +0000] "GET /q?x=1 HTTP/1.1" 200 5 "-" "cf")"
                                         << kRecord << "10.5.102.222" << t << "GET" << "/q?x=1";
    QTest::newRow("milliseconds") << R"(1.2.3.4 - - [10/Oct/2000:20:55:36.250 +0000] "GET /x HTTP/1.1" 200 1 "-" "x")"
                                  << kRecord << "1.2.3.4" << t + 250'000 << "GET" << "/x";
    QTest::newRow("space in target, HTTP/2.0") << R"(1.2.3.4 - - [10/Oct/2000:20:55:36 +0000] "GET /a b HTTP/2.0" 200 1 "-" "x")"
                                               << kRecord << "1.2.3.4" << t << "GET" << "/a b";
    QTest::newRow("no protocol") << R"(1.2.3.4 - - [10/Oct/2000:20:55:36 +0000] "GET /a b" 200 1 "-" "x")" << kRecord
                                 << "1.2.3.4" << t << "GET" << "/a b";
    QTest::newRow("empty request") << R"(127.0.0.1 - - [10/Oct/2000:20:55:36 +0000] "" 400 0 "-" "-")" << kRecord
                                   << "127.0.0.1" << t << "" << "";
    QTest::newRow("escaped quotes in agent") << R"(1.2.3.4 - - [10/Oct/2000:20:55:36 +0000] "GET / HTTP/1.1" 200 - "-" "a \"b\" c")"
                                             << kRecord << "1.2.3.4" << t << "GET" << "/";
    QTest::newRow("extra trailing field") << R"(1.2.3.4 - - [10/Oct/2000:20:55:36 +0000] "GET / HTTP/1.1" 200 1 "-" "x" "-")"
                                          << kRecord << "1.2.3.4" << t << "GET" << "/";
    QTest::newRow("truncated agent") << R"(1.2.3.4 - - [10/Oct/2000:20:55:36 +0000] "GET / HTTP/1.1" 200 1 "-" "Mozilla/5.0 (compat)"
                                     << p(LineProblem::UnterminatedQuote) << "" << qint64(0) << "" << "";
    QTest::newRow("truncated request") << R"(1.2.3.4 - - [10/Oct/2000:20:55:36 +0000] "GET /very/long/pa)"
                                       << p(LineProblem::UnterminatedQuote) << "" << qint64(0) << "" << "";
    QTest::newRow("truncated time") << R"(1.2.3.4 - - [10/Oct/20)" << p(LineProblem::MissingField) << "" << qint64(0) << ""
                                    << "";
    QTest::newRow("bad month") << R"(1.2.3.4 - - [10/Foo/2000:20:55:36 +0000] "GET / HTTP/1.1" 200 1 "-" "x")"
                               << p(LineProblem::BadTimestamp) << "" << qint64(0) << "" << "";
    QTest::newRow("31 February") << R"(1.2.3.4 - - [31/Feb/2000:20:55:36 +0000] "GET / HTTP/1.1" 200 1 "-" "x")"
                                 << p(LineProblem::BadTimestamp) << "" << qint64(0) << "" << "";
    QTest::newRow("year 1900") << R"(1.2.3.4 - - [10/Oct/1900:20:55:36 +0000] "GET / HTTP/1.1" 200 1 "-" "x")"
                               << p(LineProblem::TimestampOutOfRange) << "" << qint64(0) << "" << "";
    QTest::newRow("zone +9900") << R"(1.2.3.4 - - [10/Oct/2000:20:55:36 +9900] "GET / HTTP/1.1" 200 1 "-" "x")"
                                << p(LineProblem::TimestampOutOfRange) << "" << qint64(0) << "" << "";
    QTest::newRow("status not a number") << R"(1.2.3.4 - - [10/Oct/2000:20:55:36 +0000] "GET / HTTP/1.1" OK 1 "-" "x")"
                                         << p(LineProblem::BadStatus) << "" << qint64(0) << "" << "";
}

void TestLogs::combinedLines() { checkLine(LogFormat::Combined); }

void TestLogs::nginxFormatLines_data()
{
    QTest::addColumn<QString>("format");
    addLineColumns();
    const qint64 t = sec(971211336);
    QTest::newRow("combined + xff") << R"($remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent" "$http_x_forwarded_for")"
                                    << R"(10.0.0.9 - - [10/Oct/2000:20:55:36 +0000] "GET /x HTTP/1.1" 200 3 "-" "ua" "203.0.113.9, 10.0.0.1")"
                                    << kRecord << "203.0.113.9" << t << "GET" << "/x";
    QTest::newRow("iso time, opaque fields") << R"($time_iso8601 $remote_addr "$request" $status $request_time $upstream_addr)"
                                             << R"(2000-10-10T22:55:36+02:00 192.0.2.1 "POST /api HTTP/2.0" 201 0.012 10.1.1.1:8080)"
                                             << kRecord << "192.0.2.1" << t << "POST" << "/api";
    QTest::newRow("msec and split request") << R"($msec|$remote_addr|$request_method|$request_uri|$status)"
                                            << "971211336.250|192.0.2.2|DELETE|/items/7?a=1|204" << kRecord
                                            << "192.0.2.2" << t + 250'000 << "DELETE" << "/items/7?a=1";
    QTest::newRow("whole directive") << R"(log_format main '$remote_addr [$time_local] ' '"$request" $status';)"
                                     << R"(192.0.2.3 [10/Oct/2000:20:55:36 +0000] "GET / HTTP/1.1" 200)" << kRecord
                                     << "192.0.2.3" << t << "GET" << "/";
    QTest::newRow("braced variable") << R"(${remote_addr}@${time_iso8601} "$request")"
                                     << R"(192.0.2.4@2000-10-10T20:55:36Z "GET /b HTTP/1.1")" << kRecord << "192.0.2.4" << t
                                     << "GET" << "/b";
    QTest::newRow("truncated quoted") << R"($remote_addr [$time_local] "$request" "$http_user_agent")"
                                      << R"(192.0.2.5 [10/Oct/2000:20:55:36 +0000] "GET / HTTP/1.1" "Mozil)"
                                      << p(LineProblem::UnterminatedQuote) << "" << qint64(0) << "" << "";
    QTest::newRow("literal mismatch") << R"($remote_addr [$time_local] $status)" << "192.0.2.6 10/Oct/2000 200"
                                      << p(LineProblem::MissingField) << "" << qint64(0) << "" << "";
}

void TestLogs::nginxFormatLines()
{
    QFETCH(QString, format);
    ParserOptions options;
    options.nginxLogFormat = format.toStdString();
    checkLine(LogFormat::Nginx, options);
}

void TestLogs::nginxFormatErrors_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("message");
    QTest::newRow("adjacent variables") << "$remote_addr$remote_user [$time_local]" << "not separated";
    QTest::newRow("no time") << "$remote_addr \"$request\"" << "no time variable";
    QTest::newRow("empty") << "  " << "empty log_format";
    QTest::newRow("unclosed brace") << "${remote_addr [$time_local]" << "unclosed";
}

void TestLogs::nginxFormatErrors()
{
    QFETCH(QString, format);
    QFETCH(QString, message);
    try {
        NginxFormat::compile(format.toStdString());
        QFAIL("expected LogFormatError");
    } catch (const LogFormatError& e) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(message), e.what());
    }
}

void TestLogs::w3cResetsOnEveryFieldsLine()
{
    const std::string log = "2016-01-01 00:00:01 1.1.1.1 GET /early\n"  // before any #Fields
                            "#Software: Microsoft Internet Information Services 8.5\n"
                            "#Fields: date time c-ip cs-method cs-uri-stem sc-status\n"
                            "2016-01-01 00:00:02 1.1.1.1 GET /a 200\n"
                            "2016-01-01 00:00:03 1.1.1.1 GET /a\n"  // one field short
                            "#Fields: time cs-uri-stem c-ip cs-method cs-uri-query\n"  // new order, no date
                            "#Date: 2016-01-02 00:00:00\n"
                            "00:00:04 /b 2.2.2.2 POST api_key=k1&x=2\n"
                            "#Fields: date time cs-username c-ip\n"
                            "2016-01-03 00:00:05 bob ::1\n";
    ImportOptions options;
    options.lookBackUs = sec(3 * 86400);
    const Imported r = importText(log, options);
    QCOMPARE(r.summary.format, LogFormat::W3c);
    QCOMPARE(r.summary.directiveLines, 5);
    QCOMPARE(r.problemLines(), (std::vector<std::int64_t>{1, 5}));
    QCOMPARE(r.summary.problems[0].problem, LineProblem::NoFieldsDirective);
    QCOMPARE(r.summary.problems[1].problem, LineProblem::FieldCountMismatch);
    QCOMPARE(r.rows.size(), std::size_t(3));
    QCOMPARE(r.rows[0].key, std::string("1.1.1.1"));
    QCOMPARE(r.rows[1].key, std::string("2.2.2.2"));
    QCOMPARE(r.rows[1].t, sec(1451692800 + 4));  // 2016-01-02 (from #Date) 00:00:04
    QCOMPARE(r.rows[2].key, std::string("::1"));

    options.key.kind = KeyKind::ApiKey;  // from cs-uri-query
    const Imported keyed = importText(log, options);
    QCOMPARE(keyed.rows.size(), std::size_t(1));
    QCOMPARE(keyed.rows[0].key, std::string("k1"));
    options.key.kind = KeyKind::User;
    QCOMPARE(importText(log, options).perKey(), (std::map<std::string, std::int64_t>{{"bob", 1}}));
}

void TestLogs::albLines_data()
{
    addLineColumns();
    const std::string tail = R"( "curl/7.58.0" - - arn:aws:elasticloadbalancing:eu-central-1:1:targetgroup/t/1 "Root=1-5" "-" "-" 0 2019-10-11T15:55:09.307000Z "forward" "-" "-")";
    const qint64 t = 1570809309308183;  // 2019-10-11T15:55:09.308183Z
    QTest::newRow("alb http") << QString::fromStdString(
        R"(http 2019-10-11T15:55:09.308183Z app/lb/c8 77.227.156.41:37838 10.0.0.192:80 0.001 0.000 0.000 200 200 125 859 "GET http://lb.example.com:80/p?q=1 HTTP/1.1")" + tail)
                              << kRecord << "77.227.156.41" << t << "GET" << "/p?q=1";
    QTest::newRow("alb h2 ipv6, no target") << QString::fromStdString(
        R"(h2 2019-10-11T15:55:09.308183Z app/lb/c8 [2001:db8::5]:443 - -1 -1 -1 460 - 125 0 "GET https://lb.example.com:443/ HTTP/2.0")" + tail)
                                            << kRecord << "2001:db8::5" << t << "GET" << "/";
    QTest::newRow("alb unreadable request") << QString::fromStdString(
        R"(https 2019-10-11T15:55:09.308183Z app/lb/c8 1.2.3.4:5 - -1 -1 -1 400 - 0 0 "- - -")" + tail)
                                            << kRecord << "1.2.3.4" << t << "" << "";
    QTest::newRow("classic elb") << R"(2019-10-11T15:55:09.308183Z my-elb 192.0.2.7:2817 10.0.0.1:80 0.000073 0.001048 0.000057 200 200 0 29 "GET http://www.example.com:80/ HTTP/1.1" "curl/7.38.0" - -)"
                                 << kRecord << "192.0.2.7" << t << "GET" << "/";
    QTest::newRow("missing space after quote") << QString::fromStdString(
        R"(http 2019-10-11T15:55:09.308183Z app/lb/c8 1.2.3.4:5 10.0.0.1:80 0.001 0.000 0.000 200 200 1 2 "GET http://h/ HTTP/1.1" "ua" - - arn "-"1 x)")
                                               << kRecord << "1.2.3.4" << t << "GET" << "/";
    QTest::newRow("truncated") << "http 2019-10-11T15:55:09.308183Z app/lb/c8 1.2.3.4:5 10.0.0.1:80 0.001 0.000 0.000 200 200 1 2 \"GET http://h/ HT"
                               << p(LineProblem::UnterminatedQuote) << "" << qint64(0) << "" << "";
    QTest::newRow("bad time") << R"(http 2019-13-11T15:55:09Z app/lb/c8 1.2.3.4:5 10.0.0.1:80 0 0 0 200 200 1 2 "GET http://h/ HTTP/1.1" "ua")"
                              << p(LineProblem::BadTimestamp) << "" << qint64(0) << "" << "";
}

void TestLogs::albLines() { checkLine(LogFormat::Alb); }

void TestLogs::haproxyLines_data()
{
    addLineColumns();
    const qint64 t = 1624363381501000;  // 2021-06-22T12:03:01.501Z
    QTest::newRow("dash client") << R"(Jun 22 12:03:01 node2 haproxy[23034]: -:47445 [22/Jun/2021:12:03:01.501] www-https~ app/node16 app.domain.com 0/0/1/55/56 200 3097 - - ---- 2/2/0/0/0 0/0 "GET /app/login/ HTTP/1.1")"
                                 << kRecord << "-" << t << "GET" << "/app/login/";
    QTest::newRow("captured headers") << R"(Jun 22 12:03:01 localhost haproxy[1]: 1.2.3.4:38862 [22/Jun/2021:12:03:01.501] in~ be/s 0/0/1/0/2 304 168 - - ---- 6/6/0/0/0 0/0 {docs.example||} {|||} "GET /x.js HTTP/1.1")"
                                      << kRecord << "1.2.3.4" << t << "GET" << "/x.js";
    QTest::newRow("ipv6 client, no syslog") << R"(2001:db8::7:5555 [22/Jun/2021:12:03:01.501] fe be/s 1/2/3/4/10 200 10 - - ---- 1/1/1/1/0 0/0 "HEAD / HTTP/1.1")"
                                            << kRecord << "2001:db8::7" << t << "HEAD" << "/";
    QTest::newRow("aborted, status -1") << R"(Jun 22 12:03:01 n haproxy[1]: 1.2.3.4:1 [22/Jun/2021:12:03:01.501] fe be/<NOSRV> 0/-1/-1/-1/0 -1 0 - - CR-- 1/1/0/0/0 0/0 "<BADREQ>")"
                                        << kRecord << "1.2.3.4" << t << "<BADREQ>" << "";
    QTest::newRow("tcp log, no request") << R"(Jun 22 12:03:01 n haproxy[1]: 1.2.3.4:1 [22/Jun/2021:12:03:01.501] fe be/s 0/0/5007 212 -- 1/1/1/1/0 0/0)"
                                         << p(LineProblem::MissingField) << "" << qint64(0) << "" << "";
    QTest::newRow("truncated") << R"(Jun 22 12:03:01 n haproxy[1]: 1.2.3.4:1 [22/Jun/2021:12:03:01.501] fe be/s 0/0/1/55/56 200 3097 - - ---- 2/2/0/0/0 0/0 "GET /ap)"
                               << p(LineProblem::UnterminatedQuote) << "" << qint64(0) << "" << "";
}

void TestLogs::haproxyLines() { checkLine(LogFormat::Haproxy); }

void TestLogs::jsonLines_data()
{
    addLineColumns();
    const qint64 t = sec(1646861401) + 524102;
    QTest::newRow("caddy") << R"({"level":"info","ts":1646861401.5241024,"logger":"http.log.access","msg":"handled request","request":{"remote_ip":"127.0.0.1","remote_port":"41342","proto":"HTTP/2.0","method":"GET","host":"localhost","uri":"/api/v1/users/42","headers":{"User-Agent":["curl/7.82.0"],"X-Forwarded-For":["203.0.113.50"]}},"duration":0.000929,"status":200})"
                           << kRecord << "203.0.113.50" << t << "GET" << "/api/v1/users/42";
    QTest::newRow("traefik") << R"({"ClientAddr":"192.0.2.10:4242","ClientHost":"192.0.2.10","DownstreamStatus":404,"RequestMethod":"PUT","RequestPath":"/x?y=1","StartUTC":"2022-03-09T21:30:01.524102Z","time":"2022-03-09T22:30:02+01:00"})"
                             << kRecord << "192.0.2.10" << t << "PUT" << "/x?y=1";
    QTest::newRow("nginx escape=json") << R"({"time_local":"09/Mar/2022:21:30:01 +0000","remote_addr":"192.0.2.11","request":"GET /q?s=\"a\" HTTP/1.1","status":"200","http_user_agent":"Mozilla \u00e9 \ud83d\ude00"})"
                                       << kRecord << "192.0.2.11" << qint64(sec(1646861401)) << "GET" << "/q?s=\"a\"";
    QTest::newRow("epoch milliseconds") << R"({"timestamp":1646861401524,"client_ip":"192.0.2.12","method":"GET","path":"/"})"
                                        << kRecord << "192.0.2.12" << qint64(sec(1646861401) + 524000) << "GET" << "/";
    QTest::newRow("truncated") << R"({"ts":1646861401.5,"request":{"remote_ip":"127.0.0.1","uri":"/ap)"
                               << p(LineProblem::UnterminatedQuote) << "" << qint64(0) << "" << "";
    QTest::newRow("not an object") << R"(["ts", 1])" << p(LineProblem::BadJson) << "" << qint64(0) << "" << "";
    QTest::newRow("garbage after") << R"({"ts":1} trailing)" << p(LineProblem::BadJson) << "" << qint64(0) << "" << "";
    QTest::newRow("no time") << R"({"remote_addr":"1.2.3.4"})" << p(LineProblem::MissingField) << "" << qint64(0) << ""
                             << "";
    QTest::newRow("year 99999") << R"({"time":"99999-01-01T00:00:00Z","remote_addr":"1.2.3.4"})"
                                << p(LineProblem::BadTimestamp) << "" << qint64(0) << "" << "";
    QTest::newRow("epoch overflow") << R"({"ts":123456789012345678901234,"remote_addr":"1.2.3.4"})"
                                    << p(LineProblem::TimestampOutOfRange) << "" << qint64(0) << "" << "";
    QTest::newRow("deep nesting") << QString(200, '[').prepend("{\"a\":") << p(LineProblem::BadJson) << "" << qint64(0)
                                  << "" << "";
}

void TestLogs::jsonLines() { checkLine(LogFormat::JsonLines); }

void TestLogs::delimitedLines()
{
    // CSV: quoted cells with "" escapes and commas, a request-line column, a BOM, ms times.
    const std::string csv = "\xEF\xBB\xBFtimestamp,client_ip,request,status,note\n"
                            "1646861401524,192.0.2.1,\"GET /a,b HTTP/1.1\",200,\"say \"\"hi\"\"\"\n"
                            "2022-03-09T21:30:02Z,192.0.2.2,\"POST /c HTTP/1.1\",201,x\n"
                            "1646861403,192.0.2.3,\"GET /d HTTP/1.1\n"  // unterminated quote
                            "not-a-time,192.0.2.4,\"GET / HTTP/1.1\",200,x\n";
    const Imported r = importText(csv);
    QCOMPARE(r.summary.format, LogFormat::Csv);
    QCOMPARE(r.summary.directiveLines, 1);
    QCOMPARE(r.rows.size(), std::size_t(2));
    QCOMPARE(r.rows[0].t, sec(1646861401) + 524000);
    QCOMPARE(r.rows[1].key, std::string("192.0.2.2"));
    QCOMPARE(r.problemLines(), (std::vector<std::int64_t>{4, 5}));
    QCOMPARE(r.summary.problems[0].problem, LineProblem::UnterminatedQuote);
    QCOMPARE(r.summary.problems[1].problem, LineProblem::BadTimestamp);

    ImportOptions endpoint;
    endpoint.key.kind = KeyKind::Endpoint;
    QCOMPARE(importText(csv, endpoint).rows[0].key, std::string("GET /a,b"));

    // TSV like the NASA file: 9 header columns, 7-column rows, epoch seconds; a row missing
    // the time column is reported.
    const std::string tsv = "host\tlogname\ttime\tmethod\turl\tresponse\tbytes\treferer\tuseragent\n"
                            "a.example.com\t-\t807256800\tGET\t/x\t200\t1\n"
                            "b.example.com\t-\n";
    const Imported t = importText(tsv);
    QCOMPARE(t.summary.format, LogFormat::Tsv);
    QCOMPARE(t.rows.size(), std::size_t(1));
    QCOMPARE(t.rows[0].key, std::string("a.example.com"));
    QCOMPARE(t.problemLines(), (std::vector<std::int64_t>{3}));
    QCOMPARE(t.summary.problems[0].problem, LineProblem::MissingField);

    // A column mapping of one's own.
    ImportOptions mapped;
    mapped.format = LogFormat::Csv;
    mapped.parser.mapping.time = {"when"};
    mapped.parser.mapping.client = {"who"};
    const Imported m = importText("who,when\nzed,807256800\n", mapped);
    QCOMPARE(m.rows.size(), std::size_t(1));
    QCOMPARE(m.rows[0].key, std::string("zed"));
}

void TestLogs::timestamps_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("result");
    QTest::addColumn<qint64>("tUs");
    const int ok = int(TimeParse::Ok);
    const int bad = int(TimeParse::Bad);
    const int range = int(TimeParse::OutOfRange);
    QTest::newRow("clf utc") << "17/May/2015:10:05:03 +0000" << ok << qint64(sec(1431857103));
    QTest::newRow("clf -0400") << "01/Aug/1995:00:00:01 -0400" << ok << qint64(sec(807249601));
    QTest::newRow("clf millis no zone") << "22/Jun/2021:12:03:01.501" << ok << qint64(1624363381501000);
    QTest::newRow("iso Z micros") << "2019-10-11T15:55:09.308183Z" << ok << qint64(1570809309308183);
    QTest::newRow("iso +05:30") << "2019-10-11T21:25:09+05:30" << ok << qint64(sec(1570809309));
    QTest::newRow("iso space, no zone") << "2016-01-01 01:06:30" << ok << qint64(sec(1451610390));
    QTest::newRow("leap day") << "2016-02-29T00:00:00Z" << ok << qint64(sec(1456704000));
    QTest::newRow("epoch s") << "807256800" << ok << qint64(sec(807256800));
    QTest::newRow("epoch s fraction") << "1646861401.5241024" << ok << qint64(1646861401524102);
    QTest::newRow("epoch ms") << "1646861401524" << ok << qint64(1646861401524000);
    QTest::newRow("epoch us") << "1646861401524102" << ok << qint64(1646861401524102);
    QTest::newRow("epoch ns") << "1646861401524102999" << ok << qint64(1646861401524102);
    QTest::newRow("not leap 2100") << "2100-02-29T00:00:00Z" << bad << qint64(0);
    QTest::newRow("hour 24") << "2016-01-01T24:00:00Z" << bad << qint64(0);
    QTest::newRow("year 1969") << "1969-12-31T23:59:59Z" << range << qint64(0);
    // The engine's valid range ends at 2^52 us = 4503599627.370496 s, 2112-09-17 23:53:47.370496
    // UTC (4503599627 s = 52124 days after 1970-01-01, 2112-09-17, + 86027 s = 23:53:47).
    QTest::newRow("last valid microsecond") << "2112-09-17T23:53:47.370496Z" << ok << qint64(4503599627370496);
    QTest::newRow("past the valid range") << "2112-09-17T23:53:47.370497Z" << range << qint64(0);
    QTest::newRow("clf past the valid range") << "17/Sep/2112:23:53:48 +0000" << range << qint64(0);
    QTest::newRow("year 9999") << "9999-12-31T23:59:59Z" << range << qint64(0);
    QTest::newRow("epoch s past the range") << "4503599628" << range << qint64(0);
    QTest::newRow("epoch ns past the range") << "4503599627370497000" << range << qint64(0);
    QTest::newRow("negative epoch") << "-5" << range << qint64(0);
    QTest::newRow("epoch overflow") << "99999999999999999999999" << range << qint64(0);
    QTest::newRow("words") << "yesterday" << bad << qint64(0);
    QTest::newRow("empty") << "" << bad << qint64(0);
}

void TestLogs::timestamps()
{
    QFETCH(QString, text);
    QFETCH(int, result);
    QFETCH(qint64, tUs);
    SimTime t = 0;
    QCOMPARE(int(parseAnyTime(text.toStdString(), t)), result);
    if (result == int(TimeParse::Ok))
        QCOMPARE(t, tUs);
}

void TestLogs::clfCacheKeepsTheValidRange()
{
    // The cache remembers 17/Sep/2112 from an early time of that day; a later one past
    // 23:53:47.370496 is still out of range (the last valid day ends early).
    ClfTimeCache cache;
    SimTime t = 0;
    QCOMPARE(cache.parse("17/Sep/2112:00:00:00 +0000", t), TimeParse::Ok);
    QCOMPARE(t, SimTime{4503513600} * kMicrosPerSecond);  // 52124 days
    QCOMPARE(cache.parse("17/Sep/2112:23:53:47 +0000", t), TimeParse::Ok);
    QCOMPARE(cache.parse("17/Sep/2112:23:53:48 +0000", t), TimeParse::OutOfRange);
}

// One cache over a log merged from front ends in two zones, crossing midnight: each time
// as the epoch says it (10/Oct/2000:13:55:36 -0700 = 22:55:36 +0200 = 971211336 s).
void TestLogs::clfTimesAcrossZonesAndDays()
{
    const std::vector<std::pair<std::string, std::int64_t>> lines = {
        {"10/Oct/2000:13:55:36 -0700", 971211336}, {"10/Oct/2000:22:55:36 +0200", 971211336},
        {"10/Oct/2000:13:55:37 -0700", 971211337}, {"10/Oct/2000:22:55:38 +0200", 971211338},
        {"11/Oct/2000:00:00:00 +0000", 971222400},  // a third date and zone replaces the older entry
        {"10/Oct/2000:22:55:39 +0200", 971211339}, {"10/Oct/2000:13:55:40 -0700", 971211340},
        {"11/Oct/2000:00:00:01 +0000", 971222401}, {"11/Oct/2000:02:00:02 +0200", 971222402},
    };
    ClfTimeCache cache;
    for (const auto& [text, seconds] : lines) {
        SimTime t = 0;
        QCOMPARE(int(cache.parse(text, t)), int(TimeParse::Ok));
        QCOMPARE(t, sec(seconds));
    }
    // A known day and zone around something that is not a time.
    SimTime t = 0;
    QCOMPARE(int(cache.parse("10/Oct/2000:22:55:41 +0200", t)), int(TimeParse::Ok));
    QCOMPARE(t, sec(971211341));
    QCOMPARE(int(cache.parse("10/Oct/2000:24:00:00 +0200", t)), int(TimeParse::Bad));
    QCOMPARE(int(cache.parse("10xOct/2000:22:55:36 +0200", t)), int(TimeParse::Bad));
    QCOMPARE(int(cache.parse("10/Oct/2000:22:55:3x +0200", t)), int(TimeParse::Bad));
}

// The vectorised search against std::string_view::find, for every length up to a few
// blocks, every start and every place of the byte (or none): block edges, the 32-byte
// steps, the overlapping last block and the scalar loop of short strings are all crossed.
void TestLogs::findCharAgreesWithFind()
{
    for (std::size_t length = 0; length <= 70; ++length) {
        for (std::size_t place = 0; place <= length; ++place) {  // place == length: absent
            std::string text(length, 'a');
            if (place < length)
                text[place] = '"';
            if (place + 3 < length)
                text[place + 3] = '"';  // a second one after the first
            const std::string_view view(text);
            for (std::size_t from = 0; from <= length + 1; ++from) {
                const std::size_t expected = view.find('"', from);
                if (textscan::findChar(view, '"', from) != expected)
                    QFAIL(qPrintable(QString("length %1, quote at %2, from %3").arg(length).arg(place).arg(from)));
            }
        }
    }
}

// The address of a line without X-Forwarded-For and with nobody trusted: the port goes when
// there is one (hasPort: the format says so; otherwise only with a single colon).
void TestLogs::clientOfOneAddress_data()
{
    QTest::addColumn<QString>("remote");
    QTest::addColumn<bool>("hasPort");
    QTest::addColumn<QString>("client");
    QTest::newRow("ipv4") << "192.0.2.1" << false << "192.0.2.1";
    QTest::newRow("ipv4:port") << "192.0.2.1:443" << false << "192.0.2.1";
    QTest::newRow("host:port") << "edge.example:8080" << false << "edge.example";
    QTest::newRow("ipv6") << "2001:db8::1" << false << "2001:db8::1";
    QTest::newRow("ipv6 with port field") << "2001:db8::1:5000" << true << "2001:db8::1";
    QTest::newRow("[ipv6]:port") << "[2001:db8::1]:5000" << false << "2001:db8::1";
    QTest::newRow("dash") << "-" << false << "-";
    QTest::newRow("empty") << "" << false << "";
    QTest::newRow("chain") << "10.0.0.1, 192.0.2.1:80" << false << "10.0.0.1";
    // Lengths either side of the word-at-a-time check (4 to 16 bytes), specials at its ends.
    QTest::newRow("4 bytes") << "host" << false << "host";
    QTest::newRow("4 bytes, port") << "ab:1" << false << "ab";
    QTest::newRow("7 bytes") << "1.2.3.4" << false << "1.2.3.4";
    QTest::newRow("8 bytes, colon last") << "1.2.3.4:" << false << "1.2.3.4";
    QTest::newRow("9 bytes, port") << "1.2.3.4:8" << false << "1.2.3.4";
    QTest::newRow("16 bytes, comma") << "10.0.0.1,1.2.3.4" << false << "10.0.0.1";
    QTest::newRow("16 bytes, tab first") << "\t10.20.30.40:567" << false << "10.20.30.40";
    QTest::newRow("16 bytes") << "203.113.222.100." << false << "203.113.222.100.";
    QTest::newRow("17 bytes, port") << "203.113.222.100:8" << false << "203.113.222.100";
    QTest::newRow("3 bytes, tab") << "a\tb" << false << "a";
}

void TestLogs::clientOfOneAddress()
{
    QFETCH(QString, remote);
    QFETCH(bool, hasPort);
    QFETCH(QString, client);
    const std::string text = remote.toStdString();
    const TrustedProxies nobody(std::vector<std::string>{});
    QCOMPARE(QString::fromStdString(std::string(chooseClient({}, text, hasPort, ForwardedChoice::First, nobody))), client);
}

// Skipped lines may be counted out of line order (a batch's too-old lines after a later
// malformed one); the list keeps the first ones by line, in line order, and counts them all.
void TestLogs::problemsListedFirstByLine()
{
    ImportSummary s;
    for (const std::int64_t line : {9, 4, 12, 2, 4, 30})
        s.skip(line, LineProblem::MissingField, "time", "line " + std::to_string(line), 4);
    QCOMPARE(s.skippedFor(LineProblem::MissingField), 6);
    std::vector<std::int64_t> listed;
    for (const LineWarning& w : s.problems)
        listed.push_back(w.line);
    QCOMPARE(listed, (std::vector<std::int64_t>{2, 4, 4, 9}));
    QCOMPARE(s.problems[0].excerpt, std::string("line 2"));
    QCOMPARE(s.problemsNotListed(), 2);
}

void TestLogs::pathTemplates_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("templated");
    QTest::newRow("numeric") << "/users/123" << "/users/:id";
    QTest::newRow("nested, query dropped") << "/users/123/orders/456?page=2" << "/users/:id/orders/:id";
    QTest::newRow("uuid") << "/o/0b5f1e0a-3c2d-4e5f-8a9b-0c1d2e3f4a5b/x" << "/o/:id/x";
    QTest::newRow("object id") << "/items/5f2b9c0e1a7d3b0012345678" << "/items/:id";
    QTest::newRow("hex word kept") << "/cafe/facade" << "/cafe/facade";
    QTest::newRow("short hex kept") << "/v1/ab12" << "/v1/ab12";
    QTest::newRow("trailing slash") << "/a/42/" << "/a/:id/";
    QTest::newRow("root") << "/" << "/";
}

void TestLogs::pathTemplates()
{
    QFETCH(QString, path);
    QFETCH(QString, templated);
    std::string out;
    appendPathTemplate(path.toStdString(), out);
    QCOMPARE(QString::fromStdString(out), templated);
}

void TestLogs::keyKinds()
{
    const std::string log =
        R"(1.1.1.1 - alice [10/Oct/2000:20:55:36 +0000] "GET /users/1?api_key=K1 HTTP/1.1" 200 1 "-" "x")" "\n"
        R"(2.2.2.2 - - [10/Oct/2000:20:55:37 +0000] "GET /users/2?x=1&api_key=K2 HTTP/1.1" 200 1 "-" "x")" "\n"
        R"(1.1.1.1 - alice [10/Oct/2000:20:55:38 +0000] "POST /users/3 HTTP/1.1" 200 1 "-" "x")" "\n"
        R"(3.3.3.3 - - [10/Oct/2000:20:55:39 +0000] "" 400 0 "-" "-")" "\n";
    ImportOptions o;
    using Counts = std::map<std::string, std::int64_t>;
    o.key.kind = KeyKind::User;
    Imported r = importText(log, o);
    QCOMPARE(r.perKey(), (Counts{{"alice", 2}}));
    QCOMPARE(r.problemLines(), (std::vector<std::int64_t>{2, 4}));
    QCOMPARE(r.summary.problems[0].problem, LineProblem::NoKey);
    QCOMPARE(r.summary.problems[0].field, std::string("user"));

    o.key.kind = KeyKind::ApiKey;
    QCOMPARE(importText(log, o).perKey(), (Counts{{"K1", 1}, {"K2", 1}}));

    o.key.kind = KeyKind::Endpoint;
    QCOMPARE(importText(log, o).perKey(), (Counts{{"GET /users/1", 1}, {"GET /users/2", 1}, {"POST /users/3", 1}}));
    o.key.pathTemplates = true;
    QCOMPARE(importText(log, o).perKey(), (Counts{{"GET /users/:id", 2}, {"POST /users/:id", 1}}));

    o.key.kind = KeyKind::IpEndpoint;
    r = importText(log, o);
    QCOMPARE(r.perKey(), (Counts{{"1.1.1.1 GET /users/:id", 1}, {"1.1.1.1 POST /users/:id", 1}, {"2.2.2.2 GET /users/:id", 1}}));
    QCOMPARE(r.problemLines(), (std::vector<std::int64_t>{4}));  // the empty request has no endpoint

    // The API key from a logged field (an nginx variable).
    ImportOptions field;
    field.parser.nginxLogFormat = "$remote_addr [$time_local] $http_x_api_key";
    field.parser.apiKeyField = "http_x_api_key";
    field.key.kind = KeyKind::ApiKey;
    QCOMPARE(importText("9.9.9.9 [10/Oct/2000:20:55:36 +0000] secret\n", field).perKey(), (Counts{{"secret", 1}}));

    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, KeyExtractor(KeyOptions{KeyKind::Ip, ForwardedChoice::Last, {"10.0.0.0/40"}}));
}

void TestLogs::tierMap()
{
    std::istringstream csv("key,tier\n# partners\n1.1.1.1,partner\n2.2.2.2, free\n");
    auto tiers = std::make_shared<TierMap>(TierMap::read(csv));
    QCOMPARE(tiers->tierNames(), (std::vector<std::string>{"(none)", "partner", "free"}));
    ImportOptions o;
    o.tiers = tiers;
    std::string log;
    for (const char* ip : {"1.1.1.1", "1.1.1.1", "2.2.2.2", "3.3.3.3"})
        log += std::string(ip) + R"( - - [10/Oct/2000:20:55:36 +0000] "GET / HTTP/1.1" 200 1 "-" "x")" "\n";
    const Imported r = importText(log, o);
    QCOMPARE(r.summary.tiers.size(), std::size_t(3));
    QCOMPARE(r.summary.tiers[0].requests, 1);
    QCOMPARE(r.summary.tiers[1].requests, 2);
    QCOMPARE(r.summary.tiers[2].requests, 1);
    std::istringstream bad("1.1.1.1\n");
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, TierMap::read(bad));
}

void TestLogs::reorderBufferSteps()
{
    // {t (s), line, expected push result}; look-back 10 s. Time going backwards within the
    // window is reordered; beyond it, refused; equal times keep line order.
    struct Step {
        std::int64_t t;
        std::int64_t line;
        ReorderBuffer::Push result;
    };
    using P = ReorderBuffer::Push;
    const Step steps[] = {{100, 1, P::InOrder},  {95, 2, P::Reordered}, {100, 3, P::InOrder}, {90, 4, P::Reordered},
                          {89, 5, P::TooOld},    {120, 6, P::InOrder},  {111, 7, P::Reordered}, {109, 8, P::TooOld},
                          {111, 9, P::Reordered}, {130, 10, P::InOrder}};
    ReorderBuffer buffer(sec(10));
    std::vector<std::pair<std::int64_t, std::int64_t>> out;
    const auto collect = [&](const ImportedRequest& r) { out.emplace_back(r.t / kMicrosPerSecond, r.line); };
    for (const Step& s : steps)
        QCOMPARE(buffer.push({sec(s.t), 0, 0, s.line}, collect), s.result);
    QVERIFY(buffer.size() <= 3);  // only the last 10 s are held
    buffer.flush(collect);
    const std::vector<std::pair<std::int64_t, std::int64_t>> expected = {
        {90, 4}, {95, 2}, {100, 1}, {100, 3}, {111, 7}, {111, 9}, {120, 6}, {130, 10}};
    QCOMPARE(out, expected);
}

// Keys are those of imported requests only. A recent line, then lines an hour older (too old
// for the 60 s look-back: the nginx fixture's situation) and malformed lines: none of their
// addresses may become a key, on one thread or several, from a stream
// or a file, and the summary still counts every refused line.
void TestLogs::refusedLinesLeaveNoKey()
{
    const auto line = [](const std::string& ip, const char* time) {
        return ip + " - - [12/Apr/2018:" + time + " +0000] \"GET / HTTP/1.1\" 200 1 \"-\" \"ua\"\n";
    };
    std::string log = line("10.0.0.1", "09:00:00");
    for (int i = 1; i <= 4; ++i)
        log += line("192.168.0." + std::to_string(i), "08:00:00");  // an hour before line 1
    log += "172.16.0.9 - - [12/Apr/2018:09:00:01 +0000] \"GET / HTTP/1.1\n";  // malformed: no status
    log += line("172.16.0.8", "09:00:61");  // malformed: no such second
    log += line("10.0.0.2", "09:00:03");
    log += line("10.0.0.1", "09:00:04");
    const std::vector<std::string> kept{"10.0.0.1", "10.0.0.2"};

    const auto check = [&](const KeyInterner& keys, const ImportSummary& summary) {
        std::vector<std::string> names;
        for (KeyId k = 0; k < keys.size(); ++k)
            names.push_back(keys.name(k));
        QCOMPARE(names, kept);
        QCOMPARE(summary.distinctKeys, std::int64_t{2});
        QCOMPARE(summary.requestsImported, std::int64_t{3});
        QCOMPARE(summary.skippedFor(LineProblem::TooOld), std::int64_t{4});
        QCOMPARE(summary.skippedTotal(), std::int64_t{6});
        QCOMPARE(summary.problems.size(), std::size_t{6});  // each refused line still listed
    };
    {
        std::istringstream in(log);
        KeyInterner keys;
        const ImportSummary summary = importLog(in, {}, keys, [](const ImportedRequest&) {});
        check(keys, summary);
        QVERIFY(!QTest::currentTestFailed());
    }
    QTemporaryDir dir;
    const std::string path = dir.filePath("refused.log").toStdString();
    std::ofstream(path, std::ios::binary) << log;
    for (const unsigned threads : {1u, 2u}) {
        KeyInterner keys;
        const ImportSummary summary = importLogFile(path, {}, keys, [](const ImportedRequest&) {}, nullptr, threads);
        check(keys, summary);
        QVERIFY2(!QTest::currentTestFailed(), qPrintable(QString("%1 threads").arg(threads)));
    }
}

namespace {

struct Pulled {
    ImportSummary summary;
    std::vector<ImportedRequest> requests;
};

// Everything a LogReader yields, and its summary at the end.
void pull(const std::string& text, const ImportOptions& options, KeyInterner& keys, Pulled& out)
{
    std::istringstream in(text);
    LogReader reader(in, options, keys);
    ImportedRequest r;
    while (reader.next(r))
        out.requests.push_back(r);
    QVERIFY(reader.finished());
    QVERIFY(!reader.next(r));  // and it stays at the end
    out.summary = reader.summary();
}

// A combined-format line from `ip` at 10/Oct/2000:20:00:00 + `s` seconds.
std::string combinedAt(const std::string& ip, int s)
{
    char time[16];
    std::snprintf(time, sizeof time, "%02d:%02d", s / 60, s % 60);
    return ip + " - - [10/Oct/2000:20:" + time + " +0000] \"GET / HTTP/1.1\" 200 1 \"-\" \"ua\"";
}

void compareWithSink(const std::string& text, const ImportOptions& options)
{
    KeyInterner pushedKeys;
    std::istringstream in(text);
    std::vector<ImportedRequest> pushed;
    const ImportSummary s = importLog(in, options, pushedKeys, [&](const ImportedRequest& r) { pushed.push_back(r); });
    KeyInterner pulledKeys;
    Pulled p;
    pull(text, options, pulledKeys, p);
    QCOMPARE(p.requests.size(), pushed.size());
    for (std::size_t i = 0; i < pushed.size(); ++i) {
        QCOMPARE(p.requests[i].t, pushed[i].t);
        QCOMPARE(pulledKeys.name(p.requests[i].key), pushedKeys.name(pushed[i].key));
        QCOMPARE(p.requests[i].line, pushed[i].line);
        QCOMPARE(p.requests[i].tier, pushed[i].tier);
    }
    QCOMPARE(formatSummary(p.summary), formatSummary(s));
}

} // namespace

void TestLogs::readerYieldsWhatTheSinkReceives()
{
    // Look-back 10 s. Line 2 is 5 s late (reordered), line 3 20 s late (too old), line 4 is
    // not a log line, line 5 blank, line 6 ends in CR, 6 and 7 share a time (line order),
    // line 8 is 2 s late and has no newline.
    const std::string log = combinedAt("1.1.1.1", 100) + "\n" + combinedAt("2.2.2.2", 95) + "\n"
                            + combinedAt("1.1.1.1", 80) + "\nnot a log line\n\n" + combinedAt("2.2.2.2", 103) + "\r\n"
                            + combinedAt("1.1.1.1", 103) + "\n" + combinedAt("3.3.3.3", 101);
    ImportOptions options;
    options.format = LogFormat::Combined;
    options.lookBackUs = sec(10);
    KeyInterner keys;
    Pulled p;
    pull(log, options, keys, p);
    const SimTime base = sec(971208000);  // 10/Oct/2000:20:00:00 +0000
    const std::vector<std::pair<SimTime, std::int64_t>> expected = {
        {base + sec(95), 2}, {base + sec(100), 1}, {base + sec(101), 8}, {base + sec(103), 6}, {base + sec(103), 7}};
    std::vector<std::pair<SimTime, std::int64_t>> got;
    for (const ImportedRequest& r : p.requests)
        got.emplace_back(r.t, r.line);
    QCOMPARE(got, expected);
    QCOMPARE(p.summary.linesRead, 8);
    QCOMPARE(p.summary.requestsImported, 5);
    QCOMPARE(p.summary.reorderedLines, 2);
    QCOMPARE(p.summary.blankLines, 1);
    QCOMPARE(p.summary.skippedFor(LineProblem::TooOld), 1);
    QCOMPARE(p.summary.skippedTotal(), 2);
    QCOMPARE(p.summary.problems.at(0).line, 3);
    QCOMPARE(p.summary.problems.at(1).line, 4);
    QCOMPARE(p.summary.distinctKeys, 3);

    compareWithSink(log, options);
    ImportOptions detected;
    compareWithSink(log, detected);  // the default 60 s window keeps line 3
    compareWithSink("", detected);
    for (const QString& path : {kApache, kLogs + "nginx_edgecases_elastic-beats_test.log",
                                kLogs + "iis_w3c_handwritten.log"}) {
        std::ifstream in(path.toStdString(), std::ios::binary);
        std::stringstream text;
        text << in.rdbuf();
        compareWithSink(text.str(), detected);
    }
}

void TestLogs::optionsByName_data()
{
    // {name, value} pairs as `import` and a scenario's log source give them; the problem's
    // option and message (empty: none).
    QTest::addColumn<QStringList>("given");  // name=value
    QTest::addColumn<QString>("option");
    QTest::addColumn<QString>("message");
    QTest::newRow("all valid") << QStringList{"format=nginx", "log_format=$remote_addr [$time_local]", "key=endpoint",
                                              "xff=last", "trusted=10.0.0.0/8, 127.0.0.1", "trusted=fd",
                                              "api_key_param=token", "api_key_field=http_x_key",
                                              "path_templates=true", "look_back=2m"}
                               << "" << "";
    QTest::newRow("look_back in seconds") << QStringList{"look_back=2.5"} << "" << "";
    QTest::newRow("unknown format") << QStringList{"format=foo"} << "format" << "unknown format \"foo\": one of auto, combined";
    QTest::newRow("unknown key") << QStringList{"key=cookie"} << "key" << "unknown key \"cookie\"";
    QTest::newRow("bad xff") << QStringList{"xff=middle"} << "xff" << "one of first, last";
    QTest::newRow("nginx without log_format") << QStringList{"format=nginx"} << "log_format" << "missing";
    QTest::newRow("log_format with w3c") << QStringList{"format=w3c", "log_format=$msec"} << "log_format"
                                         << "only with format nginx, not \"w3c\"";
    QTest::newRow("bad log_format") << QStringList{"log_format=$remote_addr$remote_user"} << "log_format" << "not separated";
    QTest::newRow("bad cidr") << QStringList{"trusted=10.0.0.0/99"} << "trusted" << "CIDR";
    QTest::newRow("bad bool") << QStringList{"path_templates=maybe"} << "path_templates" << "true or false";
    QTest::newRow("negative look_back") << QStringList{"look_back=-1"} << "look_back" << "between 0";
    QTest::newRow("bad look_back") << QStringList{"look_back=soon"} << "look_back" << "a duration";
    QTest::newRow("unknown option") << QStringList{"colour=red"} << "colour" << "unknown log option";
}

void TestLogs::optionsByName()
{
    QFETCH(QStringList, given);
    QFETCH(QString, option);
    QFETCH(QString, message);
    std::vector<LogOption> options;
    for (const QString& g : given)
        options.push_back({g.section('=', 0, 0).toStdString(), g.section('=', 1).toStdString()});
    ImportOptions o;
    const std::vector<LogOptionProblem> problems = applyLogOptions(options, o);
    if (option.isEmpty()) {
        QVERIFY2(problems.empty(), problems.empty() ? "" : problems[0].message.c_str());
        if (given.size() == 1) {
            QCOMPARE(o.lookBackUs, Duration(2'500'000));
            return;
        }
        QCOMPARE(o.format, LogFormat::Nginx);
        QCOMPARE(o.parser.nginxLogFormat, std::string("$remote_addr [$time_local]"));
        QCOMPARE(o.key.kind, KeyKind::Endpoint);
        QCOMPARE(o.key.forwarded, ForwardedChoice::Last);
        QCOMPARE(o.key.trustedProxies, (std::vector<std::string>{"10.0.0.0/8", " 127.0.0.1", "fd"}));
        QCOMPARE(o.key.apiKeyParam, std::string("token"));
        QCOMPARE(o.parser.apiKeyField, std::string("http_x_key"));
        QVERIFY(o.key.pathTemplates);
        QCOMPARE(o.lookBackUs, sec(120));
        return;
    }
    QCOMPARE(problems.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(problems[0].option), option);
    QVERIFY2(QString::fromStdString(problems[0].message).contains(message), problems[0].message.c_str());
}

// ---- Fuzz-like input ----------------------------------------------------------------------------

namespace {

std::string goodLine(int i)
{
    return "10.0.0." + std::to_string(i % 200) + " - - [10/Oct/2000:20:" + (i % 60 < 10 ? "0" : "")
           + std::to_string(i % 60) + ":00 +0000] \"GET /p/" + std::to_string(i) + " HTTP/1.1\" 200 1 \"-\" \"ua\"";
}

} // namespace

void TestLogs::fuzzTruncatedAndGarbage()
{
    // Each bad line, its line number and the reason it must be reported with.
    struct Bad {
        std::string text;
        LineProblem problem;
        bool imports = false;  // not a problem at all
    };
    const std::string good = goodLine(7);
    const std::vector<Bad> bads = {
        {good.substr(0, good.size() - 3), LineProblem::UnterminatedQuote},  // cut in the user agent
        {good.substr(0, good.find("HTTP")), LineProblem::UnterminatedQuote}, // cut in the request
        {good.substr(0, 20), LineProblem::MissingField},                    // cut in the time
        {std::string("\x00\x01\x02\xff\xfe garbage \x7f", 15), LineProblem::MissingField},
        {R"(1.2.3.4 - - [10/Oct/2000:20:55:36 +0000] "GET /caf)" "\xC3\x28" R"( HTTP/1.1" 200 1 "-" "ua \xff\xfe")",
         LineProblem::MissingField, true},  // invalid UTF-8 in the request and agent: bytes are bytes, it imports
        {R"(1.2.3.4 - - [10/Oct/0000:20:55:36 +0000] "GET / HTTP/1.1" 200 1 "-" "ua")", LineProblem::TimestampOutOfRange},
        {R"(1.2.3.4 - - [10/Oct/2000:99:55:36 +0000] "GET / HTTP/1.1" 200 1 "-" "ua")", LineProblem::BadTimestamp},
        {R"(1.2.3.4 - - [10/Oct/2000:20:55:36 +2500] "GET / HTTP/1.1" 200 1 "-" "ua")", LineProblem::TimestampOutOfRange},
    };
    std::string log;
    std::vector<std::int64_t> badLines;
    std::map<std::int64_t, LineProblem> reason;
    int goodCount = 0;
    std::int64_t line = 0;
    for (int i = 0; i < 25; ++i) {  // 25 good lines first, so detection sees a combined log
        log += goodLine(i) + "\n";
        ++line;
        ++goodCount;
    }
    for (std::size_t b = 0; b < bads.size(); ++b) {
        log += bads[b].text + "\n";
        ++line;
        if (bads[b].imports) {
            ++goodCount;
        } else {
            badLines.push_back(line);
            reason[line] = bads[b].problem;
        }
        log += goodLine(100 + static_cast<int>(b)) + "\n";
        ++line;
        ++goodCount;
    }
    ImportOptions o;
    o.lookBackUs = sec(3600);
    const Imported r = importText(log, o);
    QCOMPARE(r.summary.linesRead, line);
    QCOMPARE(r.summary.requestsImported, goodCount);
    QCOMPARE(r.problemLines(), badLines);
    for (const LineWarning& w : r.summary.problems)
        QCOMPARE(int(w.problem), int(reason[w.line]));
    for (const LineWarning& w : r.summary.problems)
        for (char c : w.excerpt)
            QVERIFY(static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7F);
}

void TestLogs::fuzzRandomBytes()
{
    // 2,000 good lines with 1,000 lines of random bytes (seeded) in between: every good line
    // imports, every random line is skipped, the first 20 are listed and the rest counted.
    std::mt19937 rng(42);
    std::string log;
    std::int64_t line = 0;
    std::vector<std::int64_t> garbageLines;
    for (int i = 0; i < 3000; ++i) {
        ++line;
        if (i >= 30 && i % 3 == 0) {
            std::string junk(1 + rng() % 300, '\0');
            for (char& c : junk) {
                c = static_cast<char>(rng() % 256);
                if (c == '\n')
                    c = ' ';
            }
            log += junk + "\n";
            garbageLines.push_back(line);
        } else {
            log += goodLine(i) + "\n";
        }
    }
    ImportOptions o;
    o.lookBackUs = sec(3600);
    const Imported r = importText(log, o);
    QCOMPARE(r.summary.requestsImported, 3000 - std::int64_t(garbageLines.size()));
    QCOMPARE(r.summary.skippedTotal() + r.summary.blankLines, std::int64_t(garbageLines.size()));
    QCOMPARE(r.summary.problems.size(), std::size_t(20));
    QCOMPARE(r.summary.problemsNotListed(), r.summary.skippedTotal() - 20);
    for (std::size_t i = 0; i < r.summary.problems.size(); ++i)
        QVERIFY(std::find(garbageLines.begin(), garbageLines.end(), r.summary.problems[i].line) != garbageLines.end());
    QVERIFY(r.sorted());
}

void TestLogs::hugeLines()
{
    // A 1 MB line (an enormous user agent) between good lines. With the default 256 KiB
    // limit it is skipped unbuffered and reported; with a 2 MiB limit it imports.
    std::string huge = R"(5.5.5.5 - - [10/Oct/2000:20:55:40 +0000] "GET /big HTTP/1.1" 200 1 "-" ")";
    huge += std::string(1'000'000, 'A');
    huge += "\"";
    std::string log;
    for (int i = 0; i < 30; ++i)
        log += goodLine(i) + "\n";
    log += huge + "\n";
    for (int i = 30; i < 60; ++i)
        log += goodLine(i) + "\n";
    log += huge;  // and once more as the last line, without a newline
    ImportOptions o;
    o.lookBackUs = sec(3600);
    Imported r = importText(log, o);
    QCOMPARE(r.summary.linesRead, 62);
    QCOMPARE(r.summary.requestsImported, 60);
    QCOMPARE(r.problemLines(), (std::vector<std::int64_t>{31, 62}));
    QCOMPARE(r.summary.problems[0].problem, LineProblem::LineTooLong);

    o.maxLineBytes = 2 << 20;
    r = importText(log, o);
    QCOMPARE(r.summary.requestsImported, 62);
    QCOMPARE(r.perKey().at("5.5.5.5"), 2);
}

void TestLogs::progressAndCancel()
{
    const QString apache = kApache;
    std::vector<int> permilles;
    RunControl control([&](int permille, const std::string& phase) {
        QCOMPARE(phase, std::string("import"));
        permilles.push_back(permille);
    });
    KeyInterner keys;
    std::ifstream in(apache.toStdString(), std::ios::binary);
    importLog(in, {}, keys, [](const ImportedRequest&) {}, &control);
    QVERIFY(permilles.size() >= 3);  // 2.3 MB in 1 MiB blocks
    QVERIFY(std::is_sorted(permilles.begin(), permilles.end()));
    QCOMPARE(permilles.back(), 1000);

    // Cancelled from the progress callback (as another thread would): Cancelled is thrown
    // before the whole file is read.
    std::int64_t delivered = 0;
    std::ifstream again(apache.toStdString(), std::ios::binary);
    bool threw = false;
    try {
        // The callback cancels its own control on the first report.
        RunControl ctl([&ctl](int, const std::string&) { ctl.cancel(); });
        importLog(again, {}, keys, [&](const ImportedRequest&) { ++delivered; }, &ctl);
    } catch (const Cancelled&) {
        threw = true;
    }
    QVERIFY(threw);
    QVERIFY(delivered < 9999);
    RunControl cancelledBefore;  // the parallel path checks between rounds and inside its workers
    cancelledBefore.cancel();
    KeyInterner k;
    QVERIFY_THROWS_EXCEPTION(Cancelled, importLogFile(apache.toStdString(), {}, k, [](const ImportedRequest&) {},
                                                      &cancelledBefore, 2));
}

void TestLogs::progressCountsBadLines()
{
    // 30,000 combined lines (about 2.8 MB: three blocks), every 1,000th a bad one: a report
    // after n lines has counted n / 1,000 bad lines; the last has all 30 and every byte.
    std::string log;
    for (int line = 1; line <= 30'000; ++line)
        log += line % 1000 == 0 ? std::string("this is not an access log line\n")
                                : "10.0." + std::to_string(line % 200) + "." + std::to_string(line % 250)
                                      + " - - [17/May/2015:10:05:03 +0000] \"GET /x HTTP/1.1\" 200 1 \"-\" \"ua\"\n";
    std::vector<ImportProgress> reports;
    std::istringstream in(log);
    KeyInterner keys;
    const ImportSummary summary = importLog(in, {}, keys, [](const ImportedRequest&) {}, nullptr,
                                            [&reports](const ImportProgress& p) { reports.push_back(p); });
    QCOMPARE(summary.skippedTotal(), std::int64_t{30});
    QVERIFY(reports.size() >= 3);
    for (std::size_t i = 0; i < reports.size(); ++i) {
        const ImportProgress& p = reports[i];
        QCOMPARE(p.totalBytes, std::int64_t(log.size()));
        QCOMPARE(p.badLines, p.linesRead / 1000);
        QCOMPARE(p.finished, i + 1 == reports.size());
        if (i > 0)
            QVERIFY(p.bytesDone >= reports[i - 1].bytesDone);
    }
    QVERIFY(reports.front().badLines > 0 && reports.front().badLines < 30);  // counted as it goes
    QCOMPARE(reports.back().badLines, std::int64_t{30});
    QCOMPARE(reports.back().linesRead, std::int64_t{30'000});
    QCOMPARE(reports.back().bytesDone, std::int64_t(log.size()));
}

namespace {

// Everything an import of a file yields, for comparing thread counts.
struct FileImport {
    std::vector<ImportedRequest> requests;
    std::vector<std::string> keys;  // by id: ids must follow first appearance in the file
    ImportSummary summary;
    std::vector<ImportProgress> progress;
};

FileImport importWithThreads(const QString& path, const ImportOptions& options, unsigned threads)
{
    FileImport r;
    KeyInterner keys;
    r.summary = importLogFile(path.toStdString(), options, keys,
                              [&](const ImportedRequest& request) { r.requests.push_back(request); }, nullptr, threads,
                              [&](const ImportProgress& p) { r.progress.push_back(p); });
    for (KeyId k = 0; k < keys.size(); ++k)
        r.keys.emplace_back(keys.name(k));
    return r;
}

// QCOMPARE in a helper returns from the helper only: callers check QTest::currentTestFailed().
void compareImports(const FileImport& many, const FileImport& one)
{
    QCOMPARE(many.keys, one.keys);
    QCOMPARE(many.requests.size(), one.requests.size());
    for (std::size_t i = 0; i < one.requests.size(); ++i) {
        QCOMPARE(many.requests[i].t, one.requests[i].t);
        QCOMPARE(many.requests[i].key, one.requests[i].key);
        QCOMPARE(many.requests[i].line, one.requests[i].line);
    }
    QCOMPARE(many.summary.linesRead, one.summary.linesRead);
    QCOMPARE(many.summary.skipped, one.summary.skipped);
    QCOMPARE(many.summary.blankLines, one.summary.blankLines);
    QCOMPARE(many.summary.reorderedLines, one.summary.reorderedLines);
    QCOMPARE(many.summary.backwardSteps, one.summary.backwardSteps);
    QCOMPARE(many.summary.distinctKeys, one.summary.distinctKeys);
    QCOMPARE(many.summary.firstTime, one.summary.firstTime);
    QCOMPARE(many.summary.lastTime, one.summary.lastTime);
    QCOMPARE(many.summary.problems.size(), one.summary.problems.size());
    for (std::size_t i = 0; i < one.summary.problems.size(); ++i) {
        QCOMPARE(many.summary.problems[i].line, one.summary.problems[i].line);
        QCOMPARE(many.summary.problems[i].problem, one.summary.problems[i].problem);
        QCOMPARE(many.summary.problems[i].field, one.summary.problems[i].field);
        QCOMPARE(many.summary.problems[i].excerpt, one.summary.problems[i].excerpt);
    }
}

} // namespace

void TestLogs::parallelEqualsSequential()
{
    for (const QString& path : {kApache, kLogs + "haproxy_http_elastic-beats.log",
                                kLogs + "aws_alb_elastic-beats_application-lb-http.log",
                                kLogs + "nginx_edgecases_elastic-beats_test.log"}) {
        compareImports(importWithThreads(path, {}, 2), importWithThreads(path, {}, 1));
        QVERIFY2(!QTest::currentTestFailed(), qPrintable(path));
    }
}

namespace {

// A combined log of `lines` lines over many 1 MiB chunks, with every kind of trouble at
// known places: lines 5 s behind the line before (reordered), lines 2 h behind (too old for
// the 60 s look-back), malformed lines, blank lines, CRLF endings, and lines longer than
// maxLineBytes. Keys: 5,000 addresses, so that workers meet keys the merge has not seen.
std::string troubledLog(int lines, std::size_t longLine)
{
    std::string log;
    std::mt19937 rng(5);
    int second = 0;
    for (int n = 1; n <= lines; ++n) {
        if (n % 2003 == 0) {
            log += "\n";
            continue;
        }
        if (n % 1013 == 0) {
            log += "not an access log line " + std::to_string(n) + "\n";
            continue;
        }
        if (n % 4999 == 0) {
            log += std::string(longLine + 1, 'x') + "\n";
            continue;
        }
        second += n % 3 == 0 ? 1 : 0;
        int t = second;
        if (n % 7 == 0)
            t -= 5;
        if (n % 997 == 0)
            t -= 7200;
        t += 7200;
        const unsigned ip = rng() % 5000;
        char stamp[32];
        std::snprintf(stamp, sizeof stamp, "%02d:%02d:%02d", t / 3600 % 24, t / 60 % 60, t % 60);
        log += "10.1." + std::to_string(ip / 250) + "." + std::to_string(ip % 250) + " - - [17/May/2015:" + stamp
            + " +0000] \"GET /item/" + std::to_string(n) + " HTTP/1.1\" 200 " + std::to_string(n % 5000)
            + " \"-\" \"bench\"" + (n % 11 == 0 ? "\r\n" : "\n");
    }
    return log;
}

} // namespace

void TestLogs::parallelEqualsSequentialAcrossChunks()
{
    const QString path = QDir(QDir::tempPath()).filePath("ratelab-tst-logs-chunks.log");
    ImportOptions options;
    options.format = LogFormat::Combined;
    options.maxLineBytes = 4096;
    options.maxReportedProblems = 50;
    const std::string log = troubledLog(60'000, options.maxLineBytes);
    QVERIFY(log.size() > 5 * (1 << 20));  // six chunks or more
    {
        std::ofstream out(path.toStdString(), std::ios::binary);
        out << log;
    }
    const FileImport one = importWithThreads(path, options, 1);
    // What the generator put in, counted by hand: lines n with n % 2003 == 0 are blank, else
    // n % 1013 == 0 malformed, else n % 4999 == 0 too long; of the rest, n % 997 == 0 is too
    // old (7,200 s behind while the look-back is 60 s).
    std::int64_t blank = 0, malformed = 0, tooLong = 0, tooOld = 0;
    for (int n = 1; n <= 60'000; ++n) {
        if (n % 2003 == 0)
            ++blank;
        else if (n % 1013 == 0)
            ++malformed;
        else if (n % 4999 == 0)
            ++tooLong;
        else if (n % 997 == 0)
            ++tooOld;
    }
    QCOMPARE(one.summary.linesRead, std::int64_t{60'000});
    QCOMPARE(one.summary.blankLines, blank);
    QCOMPARE(one.summary.skippedFor(LineProblem::LineTooLong), tooLong);
    QCOMPARE(one.summary.skippedFor(LineProblem::TooOld), tooOld);
    QCOMPARE(one.summary.skippedTotal(), malformed + tooLong + tooOld);
    QCOMPARE(one.summary.requestsImported, 60'000 - blank - malformed - tooLong - tooOld);
    QVERIFY(one.summary.reorderedLines > 0);
    QCOMPARE(std::int64_t(one.summary.problems.size()), std::int64_t{50});

    for (const unsigned threads : {2u, 3u}) {
        const FileImport many = importWithThreads(path, options, threads);
        compareImports(many, one);
        QVERIFY(!QTest::currentTestFailed());
        // Progress: one report per merged chunk, counts never going back, then the final one.
        QVERIFY(many.progress.size() >= 6);
        for (std::size_t i = 1; i < many.progress.size(); ++i) {
            QVERIFY(many.progress[i].bytesDone >= many.progress[i - 1].bytesDone);
            QVERIFY(many.progress[i].badLines >= many.progress[i - 1].badLines);
        }
        QVERIFY(many.progress.back().finished);
        QCOMPARE(many.progress.back().linesRead, std::int64_t{60'000});
        QCOMPARE(many.progress.back().badLines, one.summary.skippedTotal());
        QCOMPARE(many.progress.back().bytesDone, std::int64_t(log.size()));
    }
    // Cancelled midway, with workers busy: it stops after the chunk being merged, and throws.
    RunControl control;
    KeyInterner keys;
    std::size_t delivered = 0;
    QVERIFY_THROWS_EXCEPTION(Cancelled, importLogFile(path.toStdString(), options, keys, [&](const ImportedRequest&) {
        if (++delivered == 20'000)
            control.cancel();
    }, &control, 3));
    QVERIFY(delivered >= 20'000 && delivered < one.requests.size());
    QFile::remove(path);
}

// logrotate's copytruncate copies a log and then empties it, while an import may be reading
// it. Here the file is cut to `cutTo` bytes at the import's first progress report, once a
// first block (one thread) or chunk (several) of 1 MiB is in, with more than that still to
// read. The import must end after the last whole line it had read, every one of them
// imported, and say so; a memory-mapped import died of SIGBUS at the first page past the cut.
void TestLogs::fileShrinkingDuringImport_data()
{
    QTest::addColumn<unsigned>("threads");
    QTest::addColumn<qint64>("cutTo");
    QTest::newRow("1 thread, emptied") << 1u << qint64(0);
    QTest::newRow("2 threads, emptied") << 2u << qint64(0);
    QTest::newRow("1 thread, cut mid-line") << 1u << qint64(1000);
    QTest::newRow("3 threads, cut mid-line") << 3u << qint64(1000);
}

void TestLogs::fileShrinkingDuringImport()
{
    QFETCH(unsigned, threads);
    QFETCH(qint64, cutTo);
    // 200,000 lines of 90 to 100 bytes, one second apart: ~19 MB, far more than a chunk for
    // each of the threads' read-ahead slots (2 per thread).
    constexpr int kLines = 200'000;
    std::string log;
    for (int n = 1; n <= kLines; ++n) {
        char stamp[32];
        std::snprintf(stamp, sizeof stamp, "%02d/May/2015:%02d:%02d:%02d", 17 + n / 86'400, n / 3600 % 24, n / 60 % 60,
                      n % 60);
        log += "10.2." + std::to_string(n / 250 % 250) + "." + std::to_string(n % 250) + " - - [" + stamp
            + " +0000] \"GET /item/" + std::to_string(n) + " HTTP/1.1\" 200 1 \"-\" \"shrink\"\n";
    }
    QVERIFY(log.size() > std::size_t(3 * threads + 2) << 20);
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("access.log")).toStdString();
    {
        std::ofstream out(path, std::ios::binary);
        out << log;
    }

    ImportOptions options;
    options.format = LogFormat::Combined;
    KeyInterner keys;
    std::vector<ImportedRequest> requests;
    bool cut = false;
    const ImportSummary summary = importLogFile(path, options, keys,
                                                [&](const ImportedRequest& r) { requests.push_back(r); }, nullptr,
                                                threads, [&](const ImportProgress&) {
                                                    if (!std::exchange(cut, true))
                                                        std::filesystem::resize_file(path, std::uintmax_t(cutTo));
                                                });
    QVERIFY(cut);

    // It stopped early, after a whole line: the bytes read are lines 1 to linesRead exactly.
    const std::int64_t lines = summary.linesRead;
    QVERIFY2(lines > 0 && lines < kLines, qPrintable(QString::number(lines)));
    std::size_t end = 0;
    for (std::int64_t n = 0; n < lines; ++n)
        end = log.find('\n', end) + 1;
    QCOMPARE(summary.bytesRead, std::int64_t(end));
    QCOMPARE(summary.shrankFrom, std::int64_t(log.size()));
    QCOMPARE(summary.shrankTo, std::int64_t(cutTo));
    // Every line read is imported, in order; the line cut off is not a bad line.
    QCOMPARE(summary.skippedTotal(), std::int64_t{0});
    QCOMPARE(summary.requestsImported, lines);
    QCOMPARE(std::int64_t(requests.size()), lines);
    for (std::int64_t n = 1; n <= lines; n += lines / 7) {
        const ImportedRequest& r = requests[std::size_t(n - 1)];
        QCOMPARE(r.line, n);
        QCOMPARE(std::string(keys.name(r.key)), "10.2." + std::to_string(n / 250 % 250) + "." + std::to_string(n % 250));
    }
    const std::string note = "the file shrank from " + std::to_string(log.size()) + " to " + std::to_string(cutTo)
        + " bytes during the import; read up to line " + std::to_string(lines);
    QCOMPARE(shrinkNote(summary), note);
    QVERIFY(formatSummary(summary).find("warning: " + note + "\n") != std::string::npos);
}

namespace {

// NUL bytes without end, as /dev/zero gives them; it ends after `limit` bytes so that a reader
// that never stops fails the test instead of hanging it.
class EndlessZeros : public std::streambuf {
public:
    explicit EndlessZeros(std::int64_t limit) : m_left(limit) {}

protected:
    int_type underflow() override
    {
        if (m_left <= 0)
            return traits_type::eof();
        m_left -= static_cast<std::int64_t>(sizeof m_block);
        setg(m_block, m_block, m_block + sizeof m_block);
        return 0;
    }

private:
    char m_block[1 << 16] = {};
    std::int64_t m_left;
};

} // namespace

// A stream of nothing but bad lines (here, one endless line of NUL bytes, too long at each
// 256 KiB) is refused once 64 MiB have been read, not read for ever.
void TestLogs::onlyBadLinesEndTheImport()
{
    EndlessZeros zeros(std::int64_t{1} << 30);
    std::istream in(&zeros);
    ImportOptions options;
    options.format = LogFormat::Combined;
    KeyInterner keys;
    try {
        importLog(in, options, keys, [](const ImportedRequest&) {});
        QFAIL("a gigabyte of NUL bytes was imported");
    } catch (const ImportError& e) {
        // One line, too long from its first 256 KiB on, that never ends; refused at the first
        // block boundary past 64 MiB.
        QCOMPARE(std::string(e.what()), std::string("the first 65 MiB hold no request in the combined format (1 bad line, "
                                                     "the first: line too long): not such a log"));
    }
}

void TestLogs::onlyBadLinesEndAFileImport_data()
{
    QTest::addColumn<bool>("goodFirstLine");
    QTest::addColumn<int>("threads");
    QTest::newRow("1 thread") << false << 1;
    QTest::newRow("2 threads") << false << 2;
    QTest::newRow("one request first, 2 threads") << true << 2;
}

// A 65 MiB file of NUL bytes (sparse: it takes no disk) is refused at 64 MiB by one thread or
// several; with one request on its first line it is a log with bad lines, imported to its end.
void TestLogs::onlyBadLinesEndAFileImport()
{
    QFETCH(bool, goodFirstLine);
    QFETCH(int, threads);
    QTemporaryDir dir;
    const QString path = dir.filePath("zeros.log");
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    if (goodFirstLine)
        file.write("1.2.3.4 - - [17/May/2015:10:05:03 +0000] \"GET / HTTP/1.1\" 200 1\n");
    QVERIFY(file.resize(std::int64_t{65} << 20));
    file.close();
    ImportOptions options;
    options.format = LogFormat::Common;
    try {
        const FileImport r = importWithThreads(path, options, unsigned(threads));
        QVERIFY2(goodFirstLine, "65 MiB of NUL bytes were imported");
        QCOMPARE(r.summary.requestsImported, 1);
        QCOMPARE(r.summary.bytesRead, std::int64_t{65} << 20);
    } catch (const ImportError& e) {
        QVERIFY2(!goodFirstLine, e.what());
        QCOMPARE(std::string(e.what()), std::string("the first 65 MiB hold no request in the common format (1 bad line, "
                                                     "the first: line too long): not such a log"));
    }
}

QTEST_GUILESS_MAIN(TestLogs)
#include "tst_logs.moc"
