// `ratelab-cli import` as a user runs it: the trace it writes is the decide format, sorted,
// and decide replays it; the summary goes to stderr and names bad lines; keys; bad usage
// exits 2 with one line.

#include "processrun.h"

#include <QTemporaryDir>
#include <QtTest>

namespace {

const QString kLogs = QStringLiteral(RATELAB_TEST_DATA "/logs/");
const QString kApache = QStringLiteral(RATELAB_SOURCE_DIR "/resources/samples/apache_combined_elastic-examples_2015.log");
}  // namespace

class TestImport : public QObject {
    Q_OBJECT

private slots:
    void writesTheDecideTrace();
    void decideReplaysTheTrace();
    void keysAndStdin();
    void badUsage_data();
    void badUsage();
    void threadsDoNotMultiplyMemory();
    void logsOfOnlyBadLinesAreBadInput_data();
    void logsOfOnlyBadLinesAreBadInput();

private:
    using Run = ratelab::test::TextRun;
    static Run run(const QStringList& args, const QByteArray& stdinData = {})
    {
        return ratelab::test::runText(QStringLiteral(RATELAB_CLI_PATH), args, stdinData, 60000);
    }
    QString write(const QString& name, const QByteArray& content);

    QTemporaryDir m_dir;
};

QString TestImport::write(const QString& name, const QByteArray& content)
{
    return ratelab::test::writeFile(m_dir, name, content);
}

void TestImport::writesTheDecideTrace()
{
    for (const QString& threads : {QStringLiteral("1"), QStringLiteral("2")}) {
        const Run r = run({"import", kApache, "--threads", threads});
        QCOMPARE(r.exitCode, 0);
        const QStringList lines = r.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.first(), QStringLiteral("t_us,key,cost"));
        QCOMPARE(lines.size(), 1 + 9999);  // line 8899 is cut off
        qint64 previous = 0;
        for (int i = 1; i < lines.size(); ++i) {
            const QStringList f = lines[i].split(',');
            QCOMPARE(f.size(), 3);
            QCOMPARE(f[2], QStringLiteral("1"));
            const qint64 t = f[0].toLongLong();
            QVERIFY(t >= previous);
            previous = t;
        }
        QCOMPARE(lines[1].section(',', 0, 0).toLongLong(), 1431857100LL * 1000000);  // 17/May/2015:10:05:00 +0000
        QVERIFY2(r.err.contains("format: combined (combined: 20/20 lines match)"), qPrintable(r.err));
        QVERIFY2(r.err.contains("line 8899: unterminated quote"), qPrintable(r.err));
        QVERIFY(r.err.contains("requests imported: 9999"));
        QVERIFY(r.err.contains("distinct keys: 1753"));
        QVERIFY(r.err.contains("time span: 2015-05-17T10:05:00Z to 2015-05-20T21:05:59Z"));
    }
}

void TestImport::decideReplaysTheTrace()
{
    // The ALB log is out of order in the file; the trace is sorted, so decide accepts it.
    const QString trace = m_dir.filePath("alb.csv");
    Run r = run({"import", kLogs + "aws_alb_elastic-beats_application-lb-http.log", "--out", trace});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QString());
    QVERIFY(r.err.contains("reordered lines: 2"));
    r = run({"decide", "--algorithm", "token_bucket", "--param", "capacity=2", "--param", "refill=1/s", "--trace", trace});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out.count('\n'), 1 + 10);
    QVERIFY(r.out.contains("1570806072376735,77.227.156.41,1,1,"));
}

void TestImport::keysAndStdin()
{
    const QByteArray log = R"(1.1.1.1 - - [10/Oct/2000:20:55:36 +0000] "GET /users/1,2 HTTP/1.1" 200 1 "-" "x")"
                           "\n"
                           R"(1.1.1.1 - - [10/Oct/2000:20:55:37 +0000] "GET /users/7 HTTP/1.1" 200 1 "-" "x")"
                           "\n";
    Run r = run({"import", "-", "--key", "endpoint", "--path-templates"}, log);
    QCOMPARE(r.exitCode, 0);
    // A comma in a key is percent-encoded: the trace format splits on commas.
    QCOMPARE(r.out, QStringLiteral("t_us,key,cost\n971211336000000,GET /users/1%2C2,1\n971211337000000,GET /users/:id,1\n"));

    const QString nginx = write("custom.log", "2000-10-10T20:55:36Z 9.9.9.9 \"203.0.113.1, 10.0.0.1\" /x\n");
    r = run({"import", nginx, "--log-format", "$time_iso8601 $remote_addr \"$http_x_forwarded_for\" $request_uri", "--xff",
             "last", "--trusted", "10.0.0.0/8,9.9.9.9"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.out, QStringLiteral("t_us,key,cost\n971211336000000,203.0.113.1,1\n"));

    const QString tiers = write("tiers.csv", "key,tier\n1.1.1.1,gold\n");
    r = run({"import", "-", "--tiers", tiers}, log);
    QVERIFY2(r.err.contains("tier gold: 2 requests"), qPrintable(r.err));
}

void TestImport::badUsage_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QString apache = kApache;
    QTest::newRow("unknown format") << QStringList{"import", apache, "--format", "syslog"} << "--format";
    QTest::newRow("unknown key") << QStringList{"import", apache, "--key", "cookie"} << "--key";
    QTest::newRow("nginx without log_format") << QStringList{"import", apache, "--format", "nginx"} << "--log-format";
    QTest::newRow("bad log_format") << QStringList{"import", apache, "--log-format", "$remote_addr$remote_user"}
                                    << "not separated";
    QTest::newRow("log_format with another format")
        << QStringList{"import", apache, "--format", "w3c", "--log-format", "$msec"} << "--log-format";
    QTest::newRow("missing file") << QStringList{"import", "/nonexistent/access.log"} << "cannot open";
    QTest::newRow("a directory") << QStringList{"import", QDir::tempPath()} << "is a directory, not a log file";
    QTest::newRow("bad trusted cidr") << QStringList{"import", apache, "--trusted", "10.0.0.0/99"} << "CIDR";
    QTest::newRow("undetectable") << QStringList{"import", kLogs + "SOURCES.md"} << "cannot detect the log format";
    QTest::newRow("no log") << QStringList{"import"} << "log";
}

void TestImport::badUsage()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Run r = run(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QCOMPARE(r.err.count('\n'), 1);
}

void TestImport::threadsDoNotMultiplyMemory()
{
    // 1,000,000 lines from 300,000 client IPs, well mixed, so every thread meets most keys. Each
    // thread's key table used to grow to all it met: 16 threads took 245 MB more than one.
    // Now their tables share 64 MiB and the chunks in flight 32 MiB, whatever their number.
    const QString log = m_dir.filePath("many-keys.log");
    {
        QFile file(log);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QByteArray text;
        std::uint64_t x = 88172645463325252ull;  // xorshift64
        char line[128];
        for (int i = 0; i < 1'000'000; ++i) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            const unsigned k = static_cast<unsigned>(x % 300'000);
            const int s = i / 50;
            const int n =
                std::snprintf(line, sizeof line, "10.%u.%u.%u - - [17/May/2015:%02d:%02d:%02d +0000] \"GET / HTTP/1.1\" 200 1\n",
                              k >> 16, (k >> 8) & 255, k & 255, s / 3600 % 24, s / 60 % 60, s % 60);
            text.append(line, n);
        }
        file.write(text);
    }
    const QString one = m_dir.filePath("one-thread.csv");
    const QString sixteen = m_dir.filePath("sixteen-threads.csv");
    const auto peakRss = [&](const QStringList& args) {
        const ratelab::test::MeasuredRun r =
            ratelab::test::runMeasured(QStringLiteral(RATELAB_CLI_PATH), args, m_dir.filePath("rss.err"));
        return r.exitCode == 0 ? r.peakRssKiB : -1;
    };
    const long rssOne = peakRss({"import", log, "--threads", "1", "--out", one});
    const long rssSixteen = peakRss({"import", log, "--threads", "16", "--out", sixteen});
    QVERIFY(rssOne > 0 && rssSixteen > 0);
    QVERIFY2(rssSixteen - rssOne < 128 * 1024,
             qPrintable(QStringLiteral("1 thread: %1 KiB, 16 threads: %2 KiB").arg(rssOne).arg(rssSixteen)));
    // And the result is the same: the keys a thread meets again keep their ids.
    QFile a(one), b(sixteen);
    QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
    const QByteArray trace = a.readAll();
    QCOMPARE(trace.count('\n'), 1 + 1'000'000);
    QVERIFY(trace == b.readAll());
}

void TestImport::logsOfOnlyBadLinesAreBadInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expected");  // the whole line after "ratelab-cli: "
    QTest::addColumn<bool>("fromStdin");

    const QString log = write("bad-lines.log", "not a log line\nnor this\n");
    const QString reason = "no line holds a request in the combined format (2 bad lines, the first: missing or "
                           "malformed field)";
    for (const QString& threads : {QStringLiteral("1"), QStringLiteral("2")})
        QTest::newRow(qPrintable("import, threads " + threads))
            << QStringList{"import",    log,     "--format", "combined",
                           "--threads", threads, "--out",    m_dir.filePath("only-bad-lines.csv")}
            << "import: " + log + ": " + reason << false;
    QTest::newRow("import from stdin") << QStringList{"import", "-", "--format", "combined"} << "import: <stdin>: " + reason
                                       << true;
    // A scenario's log source: the file, the line reached and the source's field.
    const QString scenario = write("replay-bad-lines.json",
                                   (R"({"duration": "10s", "traffic": [{"kind": "log", "file": ")" + log
                                    + R"(", "format": "combined"}], "keys": "recorded", "algorithms": [{"algorithm": "gcra", )"
                                      R"("params": {"rate": "10/s", "burst": 5}}]})")
                                       .toUtf8());
    QTest::newRow("a replayed log") << QStringList{"run", scenario} << log + ":2: format: " + reason << false;
}

// A log of nothing but bad lines is refused, exit 2, at any size and however it is read, and
// no trace is written: it is not imported as a trace of no request.
void TestImport::logsOfOnlyBadLinesAreBadInput()
{
    QFETCH(QStringList, args);
    QFETCH(QString, expected);
    QFETCH(bool, fromStdin);
    const Run r = run(args, fromStdin ? QByteArray("not a log line\nnor this\n") : QByteArray());
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.err, "ratelab-cli: " + expected + "\n");
    QVERIFY(r.out.isEmpty());
    QVERIFY(!QFile::exists(m_dir.filePath("only-bad-lines.csv")));
}

QTEST_GUILESS_MAIN(TestImport)
#include "tst_import.moc"
