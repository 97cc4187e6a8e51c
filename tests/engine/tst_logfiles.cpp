// Access-log import of real logs: the logs in tests/data/logs and resources/samples import
// through detection with the counts their SOURCES.md gives (expectations taken from SOURCES.md
// and from reading the files, not from this importer); keys behind proxies in a real nginx
// log; why detection chose a format; the summary's counts and the problems it lists.

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

#include "logtest.h"
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

using namespace ratelab;
using namespace logtest;

Q_DECLARE_METATYPE(std::vector<std::int64_t>)

class TestLogFiles : public QObject {
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
    void problemsListedFirstByLine();
};

// ---- The shared real logs --------------------------------------------------------------------

void TestLogFiles::sharedLogs_data()
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
    QTest::newRow("apache combined") << kApache << "combined" << qint64(60) << qint64(10000) << qint64(9999) << qint64(0)
                                     << qint64(0) << std::vector<std::int64_t>{8899} << int(LineProblem::UnterminatedQuote)
                                     << qint64(1753) << qint64(sec(1431857100)) << qint64(sec(1432155959)) << qint64(4915);
    // tests/data/logs/SOURCES.md: the first hour of the NASA trace, 993 records + a header
    // naming 9 columns over 7-column rows; 115 clients; epoch seconds 807256800 to 807260379;
    // never backwards.
    QTest::newRow("nasa tsv") << kLogs + "nasa_ksc_19950801_first-hour.tsv"
                              << "tsv" << qint64(60) << qint64(994) << qint64(993) << qint64(0) << qint64(1)
                              << std::vector<std::int64_t>{} << -1 << qint64(115) << qint64(sec(807256800))
                              << qint64(sec(807260379)) << qint64(0);
    // 33 lines: 21 requests and 12 '#' directive lines (3 header blocks, the last without a
    // date field, so its records take the #Date directive's day); 4 clients; 2016-01-01
    // 01:06:30 to 2016-01-31 21:45:54 UTC.
    QTest::newRow("iis w3c") << kLogs + "iis_w3c_handwritten.log"
                             << "w3c" << qint64(60) << qint64(33) << qint64(21) << qint64(0) << qint64(12)
                             << std::vector<std::int64_t>{} << -1 << qint64(4) << qint64(sec(1451610390))
                             << qint64(sec(1454276754)) << qint64(0);
    // 10 records and the empty last line; one client (ip:port); 15:01:12.376735Z to
    // 15:55:11.987940Z; 15:01:50 before 15:01:22 is the one backward step.
    QTest::newRow("aws alb") << kLogs + "aws_alb_elastic-beats_application-lb-http.log"
                             << "alb" << qint64(60) << qint64(11) << qint64(10) << qint64(1) << qint64(0)
                             << std::vector<std::int64_t>{} << -1 << qint64(1) << qint64(1570806072376735)
                             << qint64(1570809311987940) << qint64(1);
    // 10 records, clients 1.2.3.4 and "-"; accept dates 2018-07-30 09:03:52.726 to
    // 2021-06-22 12:03:08.833; backward: 01.427<01.501, 59.590<01.427, 55.202<59.590, 04.060<08.833.
    QTest::newRow("haproxy") << kLogs + "haproxy_http_elastic-beats.log"
                             << "haproxy" << qint64(60) << qint64(10) << qint64(10) << qint64(0) << qint64(0)
                             << std::vector<std::int64_t>{} << -1 << qint64(2) << qint64(1532941432726000)
                             << qint64(1624363388833000) << qint64(4);
    // 7 records from 2016 to 2018 (edited fixture lines: a look-back of 3 years keeps them
    // all); first addresses of the chains: 10.0.0.2 (twice), 172.17.0.1, 85.181.35.98,
    // 10.5.102.222, 2a03:..., 127.0.0.1 = 6 clients. 22/Jan/2016:13:18:29 +0000 is the
    // earliest, 12/Apr/2018:09:48:40 +0200 the latest.
    QTest::newRow("nginx edge cases") << kLogs + "nginx_edgecases_elastic-beats_test.log"
                                      << "combined" << qint64(3 * 366 * 86400) << qint64(7) << qint64(7) << qint64(0) << qint64(0)
                                      << std::vector<std::int64_t>{} << -1 << qint64(6) << qint64(sec(1453468709))
                                      << qint64(sec(1523519320)) << qint64(2);
}

void TestLogFiles::sharedLogs()
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

void TestLogFiles::sharedLogsBusiestClients()
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

void TestLogFiles::nginxFixtureDefaultWindowDropsOldLines()
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

void TestLogFiles::proxyChains_data()
{
    QTest::addColumn<QString>("xff");
    QTest::addColumn<QStringList>("trusted");
    QTest::addColumn<QStringList>("keysByLine");  // lines 1..7 of the nginx fixture

    const QString v6 = "2a03:0000:10ff:f00f:0000:0000:0:8000";
    QTest::newRow("first, none trusted") << "first" << QStringList{}
                                         << QStringList{"10.0.0.2",     "172.17.0.1", "10.0.0.2", "85.181.35.98",
                                                        "10.5.102.222", v6,           "127.0.0.1"};
    QTest::newRow("last, none trusted") << "last" << QStringList{}
                                        << QStringList{"127.0.0.1",  "172.17.0.1", "85.181.35.98", "85.181.35.98",
                                                       "10.2.1.185", "10.2.2.121", "127.0.0.1"};
    // Private ranges trusted: the last untrusted hop is the public address a proxy saw;
    // a chain of trusted addresses only falls back to its leftmost entry.
    QTest::newRow("last, private trusted") << "last" << QStringList{"10.0.0.0/8", "127.0.0.0/8", "172.16.0.0/12"}
                                           << QStringList{"10.0.0.2",    "172.17.0.1", "85.181.35.98", "85.181.35.98",
                                                          "204.246.1.1", v6,           "127.0.0.1"};
    QTest::newRow("first, prefix trusted") << "first" << QStringList{"10."}
                                           << QStringList{"127.0.0.1",  "172.17.0.1", "85.181.35.98", "85.181.35.98",
                                                          "199.96.1.1", v6,           "127.0.0.1"};
}

void TestLogFiles::proxyChains()
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

void TestLogFiles::detectionSaysWhy()
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
void TestLogFiles::summaryCountsAgree()
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

// Skipped lines may be counted out of line order (a batch's too-old lines after a later
// malformed one); the list keeps the first ones by line, in line order, and counts them all.
void TestLogFiles::problemsListedFirstByLine()
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

QTEST_GUILESS_MAIN(TestLogFiles)
#include "tst_logfiles.moc"
