// Access-log import of fuzz-like input: truncated lines, binary garbage, random bytes, 1 MB
// lines, invalid UTF-8, out-of-range times.

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

class TestLogFuzz : public QObject {
    Q_OBJECT

private slots:
    void fuzzTruncatedAndGarbage();
    void fuzzRandomBytes();
    void hugeLines();
};

// ---- Fuzz-like input ----------------------------------------------------------------------------

namespace {

std::string goodLine(int i)
{
    return "10.0.0." + std::to_string(i % 200) + " - - [10/Oct/2000:20:" + (i % 60 < 10 ? "0" : "") + std::to_string(i % 60)
        + ":00 +0000] \"GET /p/" + std::to_string(i) + " HTTP/1.1\" 200 1 \"-\" \"ua\"";
}

}  // namespace

void TestLogFuzz::fuzzTruncatedAndGarbage()
{
    // Each bad line, its line number and the reason it must be reported with.
    struct Bad {
        std::string text;
        LineProblem problem;
        bool imports = false;  // not a problem at all
    };
    const std::string good = goodLine(7);
    const std::vector<Bad> bads = {
        {good.substr(0, good.size() - 3), LineProblem::UnterminatedQuote},    // cut in the user agent
        {good.substr(0, good.find("HTTP")), LineProblem::UnterminatedQuote},  // cut in the request
        {good.substr(0, 20), LineProblem::MissingField},                      // cut in the time
        {std::string("\x00\x01\x02\xff\xfe garbage \x7f", 15), LineProblem::MissingField},
        {R"(1.2.3.4 - - [10/Oct/2000:20:55:36 +0000] "GET /caf)"
         "\xC3\x28"
         R"( HTTP/1.1" 200 1 "-" "ua \xff\xfe")",
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

void TestLogFuzz::fuzzRandomBytes()
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

void TestLogFuzz::hugeLines()
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

QTEST_GUILESS_MAIN(TestLogFuzz)
#include "tst_logfuzz.moc"
