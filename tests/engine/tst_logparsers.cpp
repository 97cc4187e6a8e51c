// Access-log parsers: one step table per parser with hand-written lines, the timestamps they
// read, and the scanning helpers under them.

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

namespace {

// The one record a single line yields, through a fresh parser of `format`.
// The parser and the line stay alive with the fields: the fields are views into them.
struct OneLine {
    std::string line;
    std::unique_ptr<LineParser> parser;
    LineOutcome outcome;
    LogFields fields;
    std::string client;
};

}  // namespace

class TestLogParsers : public QObject {
    Q_OBJECT

private slots:
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
};

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
int p(LineProblem problem)
{
    return int(problem);
}

}  // namespace

void TestLogParsers::combinedLines_data()
{
    addLineColumns();
    // 10/Oct/2000:13:55:36 -0700 = 2000-10-10T20:55:36Z
    const qint64 t = sec(971211336);
    QTest::newRow("ipv6 client")
        << R"(2001:db8::1 - frank [10/Oct/2000:13:55:36 -0700] "GET /a.gif HTTP/1.0" 200 2326 "-" "Mozilla/4.08")" << kRecord
        << "2001:db8::1" << t << "GET"
        << "/a.gif";
    QTest::newRow("same instant in +0200") << R"(1.2.3.4 - - [10/Oct/2000:22:55:36 +0200] "GET / HTTP/1.1" 200 1 "-" "x")"
                                           << kRecord << "1.2.3.4" << t << "GET"
                                           << "/";
    QTest::newRow("proxy chain, quoted")
        << R"("10.5.102.222, 199.96.1.1" 10.2.1.185 - - [10/Oct/2000:20:55:36 +0000] "GET /q?x=1 HTTP/1.1" 200 5 "-" "cf")"
        << kRecord << "10.5.102.222" << t << "GET"
        << "/q?x=1";
    QTest::newRow("milliseconds") << R"(1.2.3.4 - - [10/Oct/2000:20:55:36.250 +0000] "GET /x HTTP/1.1" 200 1 "-" "x")" << kRecord
                                  << "1.2.3.4" << t + 250'000 << "GET"
                                  << "/x";
    QTest::newRow("space in target, HTTP/2.0")
        << R"(1.2.3.4 - - [10/Oct/2000:20:55:36 +0000] "GET /a b HTTP/2.0" 200 1 "-" "x")" << kRecord << "1.2.3.4" << t << "GET"
        << "/a b";
    QTest::newRow("no protocol") << R"(1.2.3.4 - - [10/Oct/2000:20:55:36 +0000] "GET /a b" 200 1 "-" "x")" << kRecord << "1.2.3.4"
                                 << t << "GET"
                                 << "/a b";
    QTest::newRow("empty request") << R"(127.0.0.1 - - [10/Oct/2000:20:55:36 +0000] "" 400 0 "-" "-")" << kRecord << "127.0.0.1"
                                   << t << ""
                                   << "";
    QTest::newRow("escaped quotes in agent")
        << R"(1.2.3.4 - - [10/Oct/2000:20:55:36 +0000] "GET / HTTP/1.1" 200 - "-" "a \"b\" c")" << kRecord << "1.2.3.4" << t
        << "GET"
        << "/";
    QTest::newRow("extra trailing field") << R"(1.2.3.4 - - [10/Oct/2000:20:55:36 +0000] "GET / HTTP/1.1" 200 1 "-" "x" "-")"
                                          << kRecord << "1.2.3.4" << t << "GET"
                                          << "/";
    QTest::newRow("truncated agent")
        << R"(1.2.3.4 - - [10/Oct/2000:20:55:36 +0000] "GET / HTTP/1.1" 200 1 "-" "Mozilla/5.0 (compat)"
        << p(LineProblem::UnterminatedQuote) << "" << qint64(0) << ""
        << "";
    QTest::newRow("truncated request") << R"(1.2.3.4 - - [10/Oct/2000:20:55:36 +0000] "GET /very/long/pa)"
                                       << p(LineProblem::UnterminatedQuote) << "" << qint64(0) << ""
                                       << "";
    QTest::newRow("truncated time") << R"(1.2.3.4 - - [10/Oct/20)" << p(LineProblem::MissingField) << "" << qint64(0) << ""
                                    << "";
    QTest::newRow("bad month") << R"(1.2.3.4 - - [10/Foo/2000:20:55:36 +0000] "GET / HTTP/1.1" 200 1 "-" "x")"
                               << p(LineProblem::BadTimestamp) << "" << qint64(0) << ""
                               << "";
    QTest::newRow("31 February") << R"(1.2.3.4 - - [31/Feb/2000:20:55:36 +0000] "GET / HTTP/1.1" 200 1 "-" "x")"
                                 << p(LineProblem::BadTimestamp) << "" << qint64(0) << ""
                                 << "";
    QTest::newRow("year 1900") << R"(1.2.3.4 - - [10/Oct/1900:20:55:36 +0000] "GET / HTTP/1.1" 200 1 "-" "x")"
                               << p(LineProblem::TimestampOutOfRange) << "" << qint64(0) << ""
                               << "";
    QTest::newRow("zone +9900") << R"(1.2.3.4 - - [10/Oct/2000:20:55:36 +9900] "GET / HTTP/1.1" 200 1 "-" "x")"
                                << p(LineProblem::TimestampOutOfRange) << "" << qint64(0) << ""
                                << "";
    QTest::newRow("status not a number") << R"(1.2.3.4 - - [10/Oct/2000:20:55:36 +0000] "GET / HTTP/1.1" OK 1 "-" "x")"
                                         << p(LineProblem::BadStatus) << "" << qint64(0) << ""
                                         << "";
}

void TestLogParsers::combinedLines()
{
    checkLine(LogFormat::Combined);
}

void TestLogParsers::nginxFormatLines_data()
{
    QTest::addColumn<QString>("format");
    addLineColumns();
    const qint64 t = sec(971211336);
    QTest::newRow("combined + xff")
        << R"($remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent" "$http_x_forwarded_for")"
        << R"(10.0.0.9 - - [10/Oct/2000:20:55:36 +0000] "GET /x HTTP/1.1" 200 3 "-" "ua" "203.0.113.9, 10.0.0.1")" << kRecord
        << "203.0.113.9" << t << "GET"
        << "/x";
    QTest::newRow("iso time, opaque fields")
        << R"($time_iso8601 $remote_addr "$request" $status $request_time $upstream_addr)"
        << R"(2000-10-10T22:55:36+02:00 192.0.2.1 "POST /api HTTP/2.0" 201 0.012 10.1.1.1:8080)" << kRecord << "192.0.2.1" << t
        << "POST"
        << "/api";
    QTest::newRow("msec and split request") << R"($msec|$remote_addr|$request_method|$request_uri|$status)"
                                            << "971211336.250|192.0.2.2|DELETE|/items/7?a=1|204" << kRecord << "192.0.2.2"
                                            << t + 250'000 << "DELETE"
                                            << "/items/7?a=1";
    QTest::newRow("whole directive") << R"(log_format main '$remote_addr [$time_local] ' '"$request" $status';)"
                                     << R"(192.0.2.3 [10/Oct/2000:20:55:36 +0000] "GET / HTTP/1.1" 200)" << kRecord << "192.0.2.3"
                                     << t << "GET"
                                     << "/";
    QTest::newRow("braced variable") << R"(${remote_addr}@${time_iso8601} "$request")"
                                     << R"(192.0.2.4@2000-10-10T20:55:36Z "GET /b HTTP/1.1")" << kRecord << "192.0.2.4" << t
                                     << "GET"
                                     << "/b";
    QTest::newRow("truncated quoted") << R"($remote_addr [$time_local] "$request" "$http_user_agent")"
                                      << R"(192.0.2.5 [10/Oct/2000:20:55:36 +0000] "GET / HTTP/1.1" "Mozil)"
                                      << p(LineProblem::UnterminatedQuote) << "" << qint64(0) << ""
                                      << "";
    QTest::newRow("literal mismatch") << R"($remote_addr [$time_local] $status)"
                                      << "192.0.2.6 10/Oct/2000 200" << p(LineProblem::MissingField) << "" << qint64(0) << ""
                                      << "";
}

void TestLogParsers::nginxFormatLines()
{
    QFETCH(QString, format);
    ParserOptions options;
    options.nginxLogFormat = format.toStdString();
    checkLine(LogFormat::Nginx, options);
}

void TestLogParsers::nginxFormatErrors_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("message");
    QTest::newRow("adjacent variables") << "$remote_addr$remote_user [$time_local]"
                                        << "not separated";
    QTest::newRow("no time") << "$remote_addr \"$request\""
                             << "no time variable";
    QTest::newRow("empty") << "  "
                           << "empty log_format";
    QTest::newRow("unclosed brace") << "${remote_addr [$time_local]"
                                    << "unclosed";
}

void TestLogParsers::nginxFormatErrors()
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

void TestLogParsers::w3cResetsOnEveryFieldsLine()
{
    const std::string log = "2016-01-01 00:00:01 1.1.1.1 GET /early\n"  // before any #Fields
                            "#Software: Microsoft Internet Information Services 8.5\n"
                            "#Fields: date time c-ip cs-method cs-uri-stem sc-status\n"
                            "2016-01-01 00:00:02 1.1.1.1 GET /a 200\n"
                            "2016-01-01 00:00:03 1.1.1.1 GET /a\n"                     // one field short
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

void TestLogParsers::albLines_data()
{
    addLineColumns();
    const std::string tail =
        R"( "curl/7.58.0" - - arn:aws:elasticloadbalancing:eu-central-1:1:targetgroup/t/1 "Root=1-5" "-" "-" 0 2019-10-11T15:55:09.307000Z "forward" "-" "-")";
    const qint64 t = 1570809309308183;  // 2019-10-11T15:55:09.308183Z
    QTest::newRow("alb http") << QString::fromStdString(
        R"(http 2019-10-11T15:55:09.308183Z app/lb/c8 77.227.156.41:37838 10.0.0.192:80 0.001 0.000 0.000 200 200 125 859 "GET http://lb.example.com:80/p?q=1 HTTP/1.1")"
        + tail) << kRecord << "77.227.156.41"
                              << t << "GET"
                              << "/p?q=1";
    QTest::newRow("alb h2 ipv6, no target") << QString::fromStdString(
        R"(h2 2019-10-11T15:55:09.308183Z app/lb/c8 [2001:db8::5]:443 - -1 -1 -1 460 - 125 0 "GET https://lb.example.com:443/ HTTP/2.0")"
        + tail) << kRecord << "2001:db8::5" << t
                                            << "GET"
                                            << "/";
    QTest::newRow("alb unreadable request") << QString::fromStdString(
        R"(https 2019-10-11T15:55:09.308183Z app/lb/c8 1.2.3.4:5 - -1 -1 -1 400 - 0 0 "- - -")" + tail)
                                            << kRecord << "1.2.3.4" << t << ""
                                            << "";
    QTest::newRow("classic elb")
        << R"(2019-10-11T15:55:09.308183Z my-elb 192.0.2.7:2817 10.0.0.1:80 0.000073 0.001048 0.000057 200 200 0 29 "GET http://www.example.com:80/ HTTP/1.1" "curl/7.38.0" - -)"
        << kRecord << "192.0.2.7" << t << "GET"
        << "/";
    QTest::newRow("missing space after quote") << QString::fromStdString(
        R"(http 2019-10-11T15:55:09.308183Z app/lb/c8 1.2.3.4:5 10.0.0.1:80 0.001 0.000 0.000 200 200 1 2 "GET http://h/ HTTP/1.1" "ua" - - arn "-"1 x)")
                                               << kRecord << "1.2.3.4" << t << "GET"
                                               << "/";
    QTest::newRow("truncated")
        << "http 2019-10-11T15:55:09.308183Z app/lb/c8 1.2.3.4:5 10.0.0.1:80 0.001 0.000 0.000 200 200 1 2 \"GET http://h/ HT"
        << p(LineProblem::UnterminatedQuote) << "" << qint64(0) << ""
        << "";
    QTest::newRow("bad time")
        << R"(http 2019-13-11T15:55:09Z app/lb/c8 1.2.3.4:5 10.0.0.1:80 0 0 0 200 200 1 2 "GET http://h/ HTTP/1.1" "ua")"
        << p(LineProblem::BadTimestamp) << "" << qint64(0) << ""
        << "";
}

void TestLogParsers::albLines()
{
    checkLine(LogFormat::Alb);
}

void TestLogParsers::haproxyLines_data()
{
    addLineColumns();
    const qint64 t = 1624363381501000;  // 2021-06-22T12:03:01.501Z
    QTest::newRow("dash client")
        << R"(Jun 22 12:03:01 node2 haproxy[23034]: -:47445 [22/Jun/2021:12:03:01.501] www-https~ app/node16 app.domain.com 0/0/1/55/56 200 3097 - - ---- 2/2/0/0/0 0/0 "GET /app/login/ HTTP/1.1")"
        << kRecord << "-" << t << "GET"
        << "/app/login/";
    QTest::newRow("captured headers")
        << R"(Jun 22 12:03:01 localhost haproxy[1]: 1.2.3.4:38862 [22/Jun/2021:12:03:01.501] in~ be/s 0/0/1/0/2 304 168 - - ---- 6/6/0/0/0 0/0 {docs.example||} {|||} "GET /x.js HTTP/1.1")"
        << kRecord << "1.2.3.4" << t << "GET"
        << "/x.js";
    QTest::newRow("ipv6 client, no syslog")
        << R"(2001:db8::7:5555 [22/Jun/2021:12:03:01.501] fe be/s 1/2/3/4/10 200 10 - - ---- 1/1/1/1/0 0/0 "HEAD / HTTP/1.1")"
        << kRecord << "2001:db8::7" << t << "HEAD"
        << "/";
    QTest::newRow("aborted, status -1")
        << R"(Jun 22 12:03:01 n haproxy[1]: 1.2.3.4:1 [22/Jun/2021:12:03:01.501] fe be/<NOSRV> 0/-1/-1/-1/0 -1 0 - - CR-- 1/1/0/0/0 0/0 "<BADREQ>")"
        << kRecord << "1.2.3.4" << t << "<BADREQ>"
        << "";
    QTest::newRow("tcp log, no request")
        << R"(Jun 22 12:03:01 n haproxy[1]: 1.2.3.4:1 [22/Jun/2021:12:03:01.501] fe be/s 0/0/5007 212 -- 1/1/1/1/0 0/0)"
        << p(LineProblem::MissingField) << "" << qint64(0) << ""
        << "";
    QTest::newRow("truncated")
        << R"(Jun 22 12:03:01 n haproxy[1]: 1.2.3.4:1 [22/Jun/2021:12:03:01.501] fe be/s 0/0/1/55/56 200 3097 - - ---- 2/2/0/0/0 0/0 "GET /ap)"
        << p(LineProblem::UnterminatedQuote) << "" << qint64(0) << ""
        << "";
}

void TestLogParsers::haproxyLines()
{
    checkLine(LogFormat::Haproxy);
}

void TestLogParsers::jsonLines_data()
{
    addLineColumns();
    const qint64 t = sec(1646861401) + 524102;
    QTest::newRow("caddy")
        << R"({"level":"info","ts":1646861401.5241024,"logger":"http.log.access","msg":"handled request","request":{"remote_ip":"127.0.0.1","remote_port":"41342","proto":"HTTP/2.0","method":"GET","host":"localhost","uri":"/api/v1/users/42","headers":{"User-Agent":["curl/7.82.0"],"X-Forwarded-For":["203.0.113.50"]}},"duration":0.000929,"status":200})"
        << kRecord << "203.0.113.50" << t << "GET"
        << "/api/v1/users/42";
    QTest::newRow("traefik")
        << R"({"ClientAddr":"192.0.2.10:4242","ClientHost":"192.0.2.10","DownstreamStatus":404,"RequestMethod":"PUT","RequestPath":"/x?y=1","StartUTC":"2022-03-09T21:30:01.524102Z","time":"2022-03-09T22:30:02+01:00"})"
        << kRecord << "192.0.2.10" << t << "PUT"
        << "/x?y=1";
    QTest::newRow("nginx escape=json")
        << R"({"time_local":"09/Mar/2022:21:30:01 +0000","remote_addr":"192.0.2.11","request":"GET /q?s=\"a\" HTTP/1.1","status":"200","http_user_agent":"Mozilla \u00e9 \ud83d\ude00"})"
        << kRecord << "192.0.2.11" << qint64(sec(1646861401)) << "GET"
        << "/q?s=\"a\"";
    QTest::newRow("epoch milliseconds") << R"({"timestamp":1646861401524,"client_ip":"192.0.2.12","method":"GET","path":"/"})"
                                        << kRecord << "192.0.2.12" << qint64(sec(1646861401) + 524000) << "GET"
                                        << "/";
    QTest::newRow("truncated") << R"({"ts":1646861401.5,"request":{"remote_ip":"127.0.0.1","uri":"/ap)"
                               << p(LineProblem::UnterminatedQuote) << "" << qint64(0) << ""
                               << "";
    QTest::newRow("not an object") << R"(["ts", 1])" << p(LineProblem::BadJson) << "" << qint64(0) << ""
                                   << "";
    QTest::newRow("garbage after") << R"({"ts":1} trailing)" << p(LineProblem::BadJson) << "" << qint64(0) << ""
                                   << "";
    QTest::newRow("no time") << R"({"remote_addr":"1.2.3.4"})" << p(LineProblem::MissingField) << "" << qint64(0) << ""
                             << "";
    QTest::newRow("year 99999") << R"({"time":"99999-01-01T00:00:00Z","remote_addr":"1.2.3.4"})" << p(LineProblem::BadTimestamp)
                                << "" << qint64(0) << ""
                                << "";
    QTest::newRow("epoch overflow") << R"({"ts":123456789012345678901234,"remote_addr":"1.2.3.4"})"
                                    << p(LineProblem::TimestampOutOfRange) << "" << qint64(0) << ""
                                    << "";
    QTest::newRow("deep nesting") << QString(200, '[').prepend("{\"a\":") << p(LineProblem::BadJson) << "" << qint64(0) << ""
                                  << "";
}

void TestLogParsers::jsonLines()
{
    checkLine(LogFormat::JsonLines);
}

void TestLogParsers::delimitedLines()
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

void TestLogParsers::timestamps_data()
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

void TestLogParsers::timestamps()
{
    QFETCH(QString, text);
    QFETCH(int, result);
    QFETCH(qint64, tUs);
    SimTime t = 0;
    QCOMPARE(int(parseAnyTime(text.toStdString(), t)), result);
    if (result == int(TimeParse::Ok))
        QCOMPARE(t, tUs);
}

void TestLogParsers::clfCacheKeepsTheValidRange()
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
void TestLogParsers::clfTimesAcrossZonesAndDays()
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
    // Every byte value in every place of the clock, against the parse without a cache.
    int compared = 0;
    for (const int at : {12, 13, 15, 16, 18, 19}) {
        for (int b = 0; b < 256; ++b) {
            std::string text = "10/Oct/2000:19:49:58 +0200";
            text[std::size_t(at)] = static_cast<char>(b);
            SimTime cached = 0;
            SimTime uncached = 0;
            const TimeParse expected = parseClfTime(text, uncached);
            QCOMPARE(int(cache.parse(text, cached)), int(expected));
            if (expected == TimeParse::Ok)
                QCOMPARE(cached, uncached);
            ++compared;
        }
    }
    QCOMPARE(compared, 6 * 256);
}

// The vectorised search against std::string_view::find, for every length up to a few
// blocks, every start and every place of the byte (or none): block edges, the 32-byte
// steps, the overlapping last block and the scalar loop of short strings are all crossed.
void TestLogParsers::findCharAgreesWithFind()
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

QTEST_GUILESS_MAIN(TestLogParsers)
#include "tst_logparsers.moc"
