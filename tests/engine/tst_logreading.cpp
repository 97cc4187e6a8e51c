// Access-log reading: reordering; the pull-based reader against the sink; options by name;
// progress and cancellation; a stream of nothing but bad lines ends; a file that shrinks
// while it is imported. The parallel path against the sequential one: tst_parallelimport.

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

using namespace ratelab;
using namespace logtest;

class TestLogReading : public QObject {
    Q_OBJECT

private slots:
    void reorderBufferSteps();
    void readerYieldsWhatTheSinkReceives();
    void optionsByName_data();
    void optionsByName();
    void progressAndCancel();
    void progressCountsBadLines();
    void onlyBadLinesEndTheImport();
    void onlyBadLinesEndAFileImport_data();
    void onlyBadLinesEndAFileImport();
    void smallLogsOfOnlyBadLinesAreRefused_data();
    void smallLogsOfOnlyBadLinesAreRefused();
    void fileShrinkingDuringImport_data();
    void fileShrinkingDuringImport();
};

void TestLogReading::reorderBufferSteps()
{
    // {t (s), line, expected push result}; look-back 10 s. Time going backwards within the
    // window is reordered; beyond it, refused; equal times keep line order.
    struct Step {
        std::int64_t t;
        std::int64_t line;
        ReorderBuffer::Push result;
    };
    using P = ReorderBuffer::Push;
    const Step steps[] = {{100, 1, P::InOrder},   {95, 2, P::Reordered}, {100, 3, P::InOrder},   {90, 4, P::Reordered},
                          {89, 5, P::TooOld},     {120, 6, P::InOrder},  {111, 7, P::Reordered}, {109, 8, P::TooOld},
                          {111, 9, P::Reordered}, {130, 10, P::InOrder}};
    ReorderBuffer buffer(sec(10));
    std::vector<std::pair<std::int64_t, std::int64_t>> out;
    const auto collect = [&](const ImportedRequest& r) { out.emplace_back(r.t / kMicrosPerSecond, r.line); };
    for (const Step& s : steps)
        QCOMPARE(buffer.push({sec(s.t), 0, 0, s.line}, collect), s.result);
    QVERIFY(buffer.size() <= 3);  // only the last 10 s are held
    buffer.flush(collect);
    const std::vector<std::pair<std::int64_t, std::int64_t>> expected = {{90, 4},  {95, 2},  {100, 1}, {100, 3},
                                                                         {111, 7}, {111, 9}, {120, 6}, {130, 10}};
    QCOMPARE(out, expected);
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

}  // namespace

void TestLogReading::readerYieldsWhatTheSinkReceives()
{
    // Look-back 10 s. Line 2 is 5 s late (reordered), line 3 20 s late (too old), line 4 is
    // not a log line, line 5 blank, line 6 ends in CR, 6 and 7 share a time (line order),
    // line 8 is 2 s late and has no newline.
    const std::string log = combinedAt("1.1.1.1", 100) + "\n" + combinedAt("2.2.2.2", 95) + "\n" + combinedAt("1.1.1.1", 80)
        + "\nnot a log line\n\n" + combinedAt("2.2.2.2", 103) + "\r\n" + combinedAt("1.1.1.1", 103) + "\n"
        + combinedAt("3.3.3.3", 101);
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
    for (const QString& path : {kApache, kLogs + "nginx_edgecases_elastic-beats_test.log", kLogs + "iis_w3c_handwritten.log"}) {
        std::ifstream in(path.toStdString(), std::ios::binary);
        std::stringstream text;
        text << in.rdbuf();
        compareWithSink(text.str(), detected);
    }
}

void TestLogReading::optionsByName_data()
{
    // {name, value} pairs as `import` and a scenario's log source give them; the problem's
    // option and message (empty: none).
    QTest::addColumn<QStringList>("given");  // name=value
    QTest::addColumn<QString>("option");
    QTest::addColumn<QString>("message");
    QTest::newRow("all valid") << QStringList{"format=nginx",
                                              "log_format=$remote_addr [$time_local]",
                                              "key=endpoint",
                                              "xff=last",
                                              "trusted=10.0.0.0/8, 127.0.0.1",
                                              "trusted=fd",
                                              "api_key_param=token",
                                              "api_key_field=http_x_key",
                                              "path_templates=true",
                                              "look_back=2m"}
                               << ""
                               << "";
    QTest::newRow("look_back in seconds") << QStringList{"look_back=2.5"} << ""
                                          << "";
    QTest::newRow("unknown format") << QStringList{"format=foo"} << "format"
                                    << "unknown format \"foo\": one of auto, combined";
    QTest::newRow("unknown key") << QStringList{"key=cookie"} << "key"
                                 << "unknown key \"cookie\"";
    QTest::newRow("bad xff") << QStringList{"xff=middle"} << "xff"
                             << "one of first, last";
    QTest::newRow("nginx without log_format") << QStringList{"format=nginx"} << "log_format"
                                              << "missing";
    QTest::newRow("log_format with w3c") << QStringList{"format=w3c", "log_format=$msec"} << "log_format"
                                         << "only with format nginx, not \"w3c\"";
    QTest::newRow("bad log_format") << QStringList{"log_format=$remote_addr$remote_user"} << "log_format"
                                    << "not separated";
    QTest::newRow("bad cidr") << QStringList{"trusted=10.0.0.0/99"} << "trusted"
                              << "CIDR";
    QTest::newRow("bad bool") << QStringList{"path_templates=maybe"} << "path_templates"
                              << "true or false";
    QTest::newRow("negative look_back") << QStringList{"look_back=-1"} << "look_back"
                                        << "between 0";
    QTest::newRow("bad look_back") << QStringList{"look_back=soon"} << "look_back"
                                   << "a duration";
    QTest::newRow("unknown option") << QStringList{"colour=red"} << "colour"
                                    << "unknown log option";
}

void TestLogReading::optionsByName()
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

void TestLogReading::progressAndCancel()
{
    const QString apache = kApache;
    std::vector<int> permilles;
    RunControl control([&](int permille, const std::string& phase) {
        QCOMPARE(phase, std::string("import"));
        permilles.push_back(permille);
    });
    KeyInterner keys;
    std::ifstream in(apache.toStdString(), std::ios::binary);
    importLog(
        in, {}, keys, [](const ImportedRequest&) {}, &control);
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
        importLog(
            again, {}, keys, [&](const ImportedRequest&) { ++delivered; }, &ctl);
    } catch (const Cancelled&) {
        threw = true;
    }
    QVERIFY(threw);
    QVERIFY(delivered < 9999);
    RunControl cancelledBefore;  // the parallel path checks between rounds and inside its workers
    cancelledBefore.cancel();
    KeyInterner k;
    QVERIFY_THROWS_EXCEPTION(Cancelled,
                             importLogFile(
                                 apache.toStdString(), {}, k, [](const ImportedRequest&) {}, &cancelledBefore, 2));
}

void TestLogReading::progressCountsBadLines()
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
    const ImportSummary summary = importLog(
        in, {}, keys, [](const ImportedRequest&) {}, nullptr, [&reports](const ImportProgress& p) { reports.push_back(p); });
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

// logrotate's copytruncate copies a log and then empties it, while an import may be reading
// it. Here the file is cut to `cutTo` bytes at the import's first progress report, once a
// first block (one thread) or chunk (several) of 1 MiB is in, with more than that still to
// read. The import must end after the last whole line it had read, every one of them
// imported, and say so; a memory-mapped import died of SIGBUS at the first page past the cut.
void TestLogReading::fileShrinkingDuringImport_data()
{
    QTest::addColumn<unsigned>("threads");
    QTest::addColumn<qint64>("cutTo");
    QTest::newRow("1 thread, emptied") << 1u << qint64(0);
    QTest::newRow("2 threads, emptied") << 2u << qint64(0);
    QTest::newRow("1 thread, cut mid-line") << 1u << qint64(1000);
    QTest::newRow("3 threads, cut mid-line") << 3u << qint64(1000);
}

void TestLogReading::fileShrinkingDuringImport()
{
    QFETCH(unsigned, threads);
    QFETCH(qint64, cutTo);
    // 200,000 lines of 90 to 100 bytes, one second apart: ~19 MB, far more than a chunk for
    // each of the threads' read-ahead slots (2 per thread).
    constexpr int kLines = 200'000;
    std::string log;
    for (int n = 1; n <= kLines; ++n) {
        char stamp[32];
        std::snprintf(stamp, sizeof stamp, "%02d/May/2015:%02d:%02d:%02d", 17 + n / 86'400, n / 3600 % 24, n / 60 % 60, n % 60);
        log += "10.2." + std::to_string(n / 250 % 250) + "." + std::to_string(n % 250) + " - - [" + stamp + " +0000] \"GET /item/"
            + std::to_string(n) + " HTTP/1.1\" 200 1 \"-\" \"shrink\"\n";
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
    const ImportSummary summary = importLogFile(
        path, options, keys, [&](const ImportedRequest& r) { requests.push_back(r); }, nullptr, threads,
        [&](const ImportProgress&) {
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

}  // namespace

// A stream of nothing but bad lines (here, one endless line of NUL bytes, too long at each
// 256 KiB) is refused once 64 MiB have been read, not read for ever.
void TestLogReading::onlyBadLinesEndTheImport()
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
        QCOMPARE(std::string(e.what()),
                 std::string("the first 64 MiB hold no request in the combined format (1 bad line, "
                             "the first: line too long): not such a log"));
    }
}

void TestLogReading::onlyBadLinesEndAFileImport_data()
{
    QTest::addColumn<bool>("goodFirstLine");
    QTest::addColumn<int>("threads");
    QTest::newRow("1 thread") << false << 1;
    QTest::newRow("2 threads") << false << 2;
    QTest::newRow("one request first, 2 threads") << true << 2;
}

// A file of NUL bytes (sparse: it takes no disk), one endless line, is refused at 64 MiB by one
// thread or several: 1 GiB of it is not read to its end. With one request on its first line
// it is a log with bad lines, imported to its end.
void TestLogReading::onlyBadLinesEndAFileImport()
{
    QFETCH(bool, goodFirstLine);
    QFETCH(int, threads);
    QTemporaryDir dir;
    const QString path = dir.filePath("zeros.log");
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    if (goodFirstLine)
        file.write("1.2.3.4 - - [17/May/2015:10:05:03 +0000] \"GET / HTTP/1.1\" 200 1\n");
    const std::int64_t size = std::int64_t{goodFirstLine ? 65 : 1024} << 20;
    QVERIFY(file.resize(size));
    file.close();
    ImportOptions options;
    options.format = LogFormat::Common;
    std::int64_t bytesSeen = 0;
    try {
        KeyInterner keys;
        const ImportSummary summary = importLogFile(
            path.toStdString(), options, keys, [](const ImportedRequest&) {}, nullptr, unsigned(threads),
            [&](const ImportProgress& p) { bytesSeen = p.bytesDone; });
        QVERIFY2(goodFirstLine, "a GiB of NUL bytes was imported");
        QCOMPARE(summary.requestsImported, 1);
        QCOMPARE(summary.bytesRead, size);
    } catch (const ImportError& e) {
        QVERIFY2(!goodFirstLine, e.what());
        QCOMPARE(std::string(e.what()),
                 std::string("the first 64 MiB hold no request in the common format (1 bad line, "
                             "the first: line too long): not such a log"));
        // Stopped within a chunk or a block of the bound, not at the end of the file.
        QVERIFY2(bytesSeen <= (std::int64_t{66} << 20), qPrintable(QString::number(bytesSeen)));
    }
}

void TestLogReading::smallLogsOfOnlyBadLinesAreRefused_data()
{
    QTest::addColumn<int>("threads");  // 0: read as a stream
    QTest::newRow("a stream") << 0;
    QTest::newRow("1 thread") << 1;
    QTest::newRow("2 threads") << 2;
}

// A small log of nothing but bad lines is refused as a large one is, at its end, whatever the
// thread count: not imported as no request.
void TestLogReading::smallLogsOfOnlyBadLinesAreRefused()
{
    QFETCH(int, threads);
    const std::string log = "not a log line\n\nnor this\nnor this one\n";
    ImportOptions options;
    options.format = LogFormat::Combined;
    const std::string expected =
        "no line holds a request in the combined format (3 bad lines, the first: missing or malformed field)";
    try {
        if (threads == 0) {
            importText(log, options);
        } else {
            QTemporaryDir dir;
            const QString path = dir.filePath("bad.log");
            std::ofstream(path.toStdString(), std::ios::binary) << log;
            importWithThreads(path, options, unsigned(threads));
        }
        QFAIL("a log of bad lines was imported as nothing");
    } catch (const ImportError& e) {
        QCOMPARE(std::string(e.what()), expected);
    }
    // A log of nothing at all, or of blank lines, is no log of bad lines: nothing, no error.
    QCOMPARE(importText("\n\n", options).rows.size(), std::size_t(0));
}

QTEST_GUILESS_MAIN(TestLogReading)
#include "tst_logreading.moc"
