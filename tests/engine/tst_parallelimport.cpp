// Access-log import on several threads against one: the same requests, key ids, tiers,
// counts, problems and progress, on the test logs, on a troubled log over many chunks, and
// for every key kind.

#include "engine/logs/keys/keyextractor.h"
#include "engine/logs/keys/tiermap.h"
#include "engine/logs/reading/parallelimport.h"

#include <QtTest>

#include "logtest.h"
#include <fstream>
#include <random>
#include <sstream>

using namespace ratelab;
using namespace logtest;

class TestParallelImport : public QObject {
    Q_OBJECT

private slots:
    void parallelEqualsSequential();
    void parallelEqualsSequentialAcrossChunks();
    void parallelEqualsSequentialForEveryKey_data();
    void parallelEqualsSequentialForEveryKey();
    void byteOrderMarkIsNoPartOfTheFirstKey();
};

void TestParallelImport::parallelEqualsSequential()
{
    for (const QString& path :
         {kApache, kLogs + "haproxy_http_elastic-beats.log", kLogs + "aws_alb_elastic-beats_application-lb-http.log",
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
            + " +0000] \"GET /item/" + std::to_string(n) + " HTTP/1.1\" 200 " + std::to_string(n % 5000) + " \"-\" \"bench\""
            + (n % 11 == 0 ? "\r\n" : "\n");
    }
    return log;
}

}  // namespace

void TestParallelImport::parallelEqualsSequentialAcrossChunks()
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
    QVERIFY_THROWS_EXCEPTION(Cancelled,
                             importLogFile(
                                 path.toStdString(), options, keys,
                                 [&](const ImportedRequest&) {
                                     if (++delivered == 20'000)
                                         control.cancel();
                                 },
                                 &control, 3));
    QVERIFY(delivered >= 20'000 && delivered < one.requests.size());
    QFile::remove(path);
}

// Every key kind through the parallel import: keys short and long, found in the line or
// composed from its fields. 40,000 lines (several chunks); line n comes from address
// n % 1000, user n % 400 (none on every third line), and asks for order n % 600. The
// distinct keys are counted here; ids, tiers and everything else must be one thread's.
void TestParallelImport::parallelEqualsSequentialForEveryKey_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<bool>("pathTemplates");
    QTest::addColumn<qint64>("distinctKeys");
    QTest::addColumn<qint64>("noKey");
    QTest::newRow("ip (7 to 12 bytes)") << "ip" << false << qint64(1000) << qint64(0);
    QTest::newRow("user (19 to 21 bytes)") << "user" << false << qint64(400) << qint64(40'000 / 3);
    QTest::newRow("endpoint (composed)") << "endpoint" << false << qint64(600) << qint64(0);
    QTest::newRow("endpoint, templates") << "endpoint" << true << qint64(1) << qint64(0);
    // (n % 1000, n % 600) is n % 3000, as 3000 is their least common multiple.
    QTest::newRow("ip_endpoint (composed)") << "ip_endpoint" << false << qint64(3000) << qint64(0);
}

void TestParallelImport::parallelEqualsSequentialForEveryKey()
{
    QFETCH(QString, key);
    QFETCH(bool, pathTemplates);
    QFETCH(qint64, distinctKeys);
    QFETCH(qint64, noKey);
    constexpr int kLines = 40'000;
    std::string log;
    std::string tierCsv = "key,tier\n";
    for (int n = 1; n <= kLines; ++n) {
        const int client = n % 1000;
        const std::string address = "10.3." + std::to_string(client / 250) + "." + std::to_string(client % 250);
        const std::string user = n % 3 == 0 ? "-" : "customer-account-" + std::to_string(n % 400);
        char stamp[32];
        std::snprintf(stamp, sizeof stamp, "%02d:%02d:%02d", n / 36'000, n / 600 % 60, n / 10 % 60);
        log += address + " - " + user + " [17/May/2015:" + stamp + " +0000] \"GET /api/v1/orders/" + std::to_string(n % 600)
            + "/items HTTP/1.1\" 200 512 \"-\" \"a user agent of some length, as real ones have\"\n";
        if (n <= 1000 && n % 2 == 0)
            tierCsv += address + ",gold\n";
        if (n <= 400 && n % 3 == 1)
            tierCsv += "customer-account-" + std::to_string(n) + ",silver\n";
    }
    QVERIFY(log.size() > 4 << 20);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("keys.log"));
    std::ofstream(path.toStdString(), std::ios::binary) << log;
    std::istringstream tierIn(tierCsv);
    ImportOptions options;
    options.format = LogFormat::Combined;
    options.key.kind = *keyKindFromName(key.toStdString());
    options.key.pathTemplates = pathTemplates;
    options.tiers = std::make_shared<TierMap>(TierMap::read(tierIn));

    const FileImport one = importWithThreads(path, options, 1);
    QCOMPARE(one.summary.distinctKeys, distinctKeys);
    QCOMPARE(one.summary.skippedFor(LineProblem::NoKey), noKey);
    QCOMPARE(one.summary.requestsImported, kLines - noKey);
    // Tiers: every even address is gold (half the lines), users 1, 4, ..., 397 silver (the
    // tier map names silver first).
    QCOMPARE(one.summary.tiers.size(), std::size_t{3});
    QCOMPARE(one.summary.tiers[2].tier, std::string("gold"));
    if (key == "ip")
        QCOMPARE(one.summary.tiers[2].requests, std::int64_t{kLines / 2});
    for (const unsigned threads : {2u, 3u}) {
        compareImports(importWithThreads(path, options, threads), one);
        QVERIFY2(!QTest::currentTestFailed(), qPrintable(QString("%1 threads").arg(threads)));
    }
}

// A log saved with a UTF-8 byte order mark (as some Windows tools write it): the mark is no
// part of the first line, so its client is one key, not two, on one thread, on two and when
// read as a stream, with the format detected or chosen.
void TestParallelImport::byteOrderMarkIsNoPartOfTheFirstKey()
{
    std::string log;
    for (int i = 0; i < 40; ++i)
        log += "10.0.0." + std::to_string(i % 2 + 1) + " - - [17/May/2015:10:05:" + std::to_string(10 + i)
            + " +0000] \"GET /a HTTP/1.1\" 200 5 \"-\" \"x\"\n";
    QTemporaryDir dir;
    const QString path = dir.filePath("bom.log");
    std::ofstream(path.toStdString(), std::ios::binary) << "\xEF\xBB\xBF" << log;
    for (const LogFormat format : {LogFormat::Auto, LogFormat::Combined}) {
        ImportOptions options;
        options.format = format;
        for (const unsigned threads : {1u, 2u}) {
            const FileImport r = importWithThreads(path, options, threads);
            QCOMPARE(r.keys, (std::vector<std::string>{"10.0.0.1", "10.0.0.2"}));
            QCOMPARE(r.requests.size(), std::size_t(40));
            QCOMPARE(r.summary.skippedTotal(), std::int64_t(0));
            QCOMPARE(r.summary.distinctKeys, std::int64_t(2));
        }
        const Imported streamed = importText("\xEF\xBB\xBF" + log, options);
        QCOMPARE(streamed.perKey(), (std::map<std::string, std::int64_t>{{"10.0.0.1", 20}, {"10.0.0.2", 20}}));
        QCOMPARE(streamed.summary.skippedTotal(), std::int64_t(0));
    }
}

QTEST_GUILESS_MAIN(TestParallelImport)
#include "tst_parallelimport.moc"
