// `ratelab-cli recommend` and `export` as a user runs them. On a real log: every
// recommendation, replayed by `decide` on the trace `import` writes, throttles exactly the
// share of keys (and rejects exactly the share of requests) it promised. Export: nginx and
// Envoy text for given params (the Lua scripts are run in a real Redis by tst_redislua).

#include "processrun.h"

#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

#include <map>
#include <set>

namespace {
const QString kLog = QStringLiteral(RATELAB_SOURCE_DIR "/resources/samples/apache_combined_elastic-examples_2015.log");

// One combined-format line from `ip` at `t` seconds since the epoch (UTC).
QByteArray combinedLine(const QString& ip, qint64 t)
{
    const QString stamp = QDateTime::fromSecsSinceEpoch(t, Qt::UTC).toString("dd/MMM/yyyy:HH:mm:ss");
    return (ip + " - - [" + stamp + " +0000] \"GET / HTTP/1.1\" 200 1 \"-\" \"ua\"\n").toLatin1();
}
}  // namespace

class TestRecommend : public QObject {
    Q_OBJECT

private slots:
    void replayKeepsThePromise_data();
    void replayKeepsThePromise();
    void replayScenarioRuns_data();
    void replayScenarioRuns();
    void handTraceTable();
    void refusedLinesAreNotKeys();
    void keysSeenOnlyOnTooOldLinesDoNotLowerTheLimit();
    void yearNineThousandLine();
    void badUsage();
    void pipedInputLosesNothing_data();
    void pipedInputLosesNothing();
    void exportNginx();
    void exportEnvoy();
    void exportRefuses();

private:
    struct Run {
        int exitCode;
        QByteArray out;
        QString err;
    };
    Run run(const QString& program, const QStringList& args, const QByteArray& stdinData = {});
    Run cli(const QStringList& args) { return run(QStringLiteral(RATELAB_CLI_PATH), args); }
    QString write(const QString& name, const QByteArray& content);

    QTemporaryDir m_dir;
};

TestRecommend::Run TestRecommend::run(const QString& program, const QStringList& args, const QByteArray& stdinData)
{
    const ratelab::test::ProcessResult r = ratelab::test::runProcess(program, args, stdinData, 120000);
    return {r.exitCode, r.out, QString::fromUtf8(r.err)};
}

QString TestRecommend::write(const QString& name, const QByteArray& content)
{
    return ratelab::test::writeFile(m_dir, name, content);
}

void TestRecommend::replayKeepsThePromise_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::newRow("99% of keys, 1m") << QStringList{};
    QTest::newRow("90% of requests, 10s") << QStringList{"--keep-unthrottled", "90%", "--by", "requests", "--window", "10s"};
    QTest::newRow("99.9% of keys, 1h") << QStringList{"--keep-unthrottled", "99.9%", "--window", "1h"};
}

void TestRecommend::replayKeepsThePromise()
{
    QFETCH(QStringList, options);
    const Run rec = cli(QStringList{"recommend", kLog, "--key", "ip", "--json"} + options);
    QCOMPARE(rec.exitCode, 0);
    const QJsonObject doc = QJsonDocument::fromJson(rec.out).object();
    const QJsonArray recs = doc["recommendations"].toArray();
    QCOMPARE(recs.size(), 6);

    const QString trace = m_dir.filePath("apache.csv");
    const Run imported = cli({"import", kLog, "--key", "ip", "--out", trace});
    QCOMPARE(imported.exitCode, 0);

    std::set<QString> algorithms;
    for (const QJsonValue& v : recs) {
        const QJsonObject r = v.toObject();
        const QString algorithm = r["algorithm"].toString();
        algorithms.insert(algorithm);
        QStringList args{"decide", "--algorithm", algorithm, "--trace", trace};
        const QJsonObject params = r["params"].toObject();
        for (auto it = params.begin(); it != params.end(); ++it)
            args << "--param" << it.key() + "=" + it.value().toString();
        const Run decided = cli(args);
        QVERIFY2(decided.exitCode == 0, qPrintable(decided.err));
        // Count from decide's output: keys with no rejected request, rejected requests.
        std::map<QByteArray, bool> throttled;
        qint64 requests = 0;
        qint64 rejected = 0;
        const QList<QByteArray> lines = decided.out.split('\n');
        QCOMPARE(lines.first(), QByteArray("t_us,key,cost,allowed,remaining,retry_after_us,delay_us"));
        for (qsizetype i = 1; i < lines.size(); ++i) {
            if (lines[i].isEmpty())
                continue;
            const QList<QByteArray> f = lines[i].split(',');
            ++requests;
            const bool denied = f[3] == "0";
            rejected += denied;
            throttled[f[1]] = throttled[f[1]] || denied;
        }
        qint64 keysOk = 0;
        for (const auto& [key, t] : throttled)
            keysOk += !t;
        const qint64 keys = static_cast<qint64>(throttled.size());
        QCOMPARE(requests, qint64(doc["requests"].toInteger()));
        QCOMPARE(keys, qint64(doc["keys"].toInteger()));
        QCOMPARE(keysOk, qint64(r["keys_unthrottled"].toInteger()));
        QCOMPARE(rejected, qint64(r["requests_rejected"].toInteger()));
        // The contract's shares, exactly.
        QCOMPARE(r["keys_unthrottled_share"].toDouble(), double(keysOk) / double(keys));
        QCOMPARE(r["requests_rejected_share"].toDouble(), double(rejected) / double(requests));
        // And the target is met: by keys, or by the requests of unthrottled keys.
        const QJsonObject target = doc["target"].toObject();
        if (target["by"].toString() == "keys")
            QVERIFY(r["keys_unthrottled_share"].toDouble() >= target["share"].toDouble());
        else
            QVERIFY(r["requests_of_unthrottled_keys_share"].toDouble() >= target["share"].toDouble());
        QVERIFY(r["target_met"].toBool());
    }
    QCOMPARE(algorithms.size(), std::size_t{6});
}

void TestRecommend::replayScenarioRuns_data()
{
    QTest::addColumn<bool>("viaTrace");
    QTest::newRow("log") << false;
    QTest::newRow("trace") << true;
}

// --replay-scenario writes a scenario that `run` replays through the recommendations: each
// algorithm allows the requests minus exactly the ones the recommendation said it rejects.
void TestRecommend::replayScenarioRuns()
{
    QFETCH(bool, viaTrace);
    QString input = kLog;
    if (viaTrace) {
        input = m_dir.filePath("replay.csv");
        QCOMPARE(cli({"import", kLog, "--out", input}).exitCode, 0);
    }
    const QString scenario = m_dir.filePath(viaTrace ? "replay-trace.json" : "replay-log.json");
    const Run rec = cli({"recommend", input, "--keep-unthrottled", "95%", "--json", "--replay-scenario", scenario});
    QVERIFY2(rec.exitCode == 0, qPrintable(rec.err));
    QVERIFY(rec.err.contains(QStringLiteral("replay scenario written to")));
    const QJsonArray recs = QJsonDocument::fromJson(rec.out).object()["recommendations"].toArray();
    QCOMPARE(recs.size(), 6);

    const QString out = m_dir.filePath(viaTrace ? "run-trace" : "run-log");
    const Run ran = cli({"run", scenario, "--out", out});
    QVERIFY2(ran.exitCode == 0, qPrintable(ran.err));
    QFile reportFile(out + "/report.json");
    QVERIFY(reportFile.open(QIODevice::ReadOnly));
    const QJsonArray algorithms = QJsonDocument::fromJson(reportFile.readAll()).object()["algorithms"].toArray();
    QCOMPARE(algorithms.size(), recs.size());
    qint64 rejectedSomewhere = 0;
    for (qsizetype i = 0; i < recs.size(); ++i) {
        const QJsonObject r = recs[i].toObject();
        const QJsonObject a = algorithms[i].toObject();
        QCOMPARE(a["id"].toString(), r["algorithm"].toString());
        QCOMPARE(a["requests"].toInteger(), qint64(9999));
        QCOMPARE(a["requests"].toInteger() - a["allowed"].toInteger(), r["requests_rejected"].toInteger());
        rejectedSomewhere += r["requests_rejected"].toInteger();
    }
    QVERIFY(rejectedSomewhere > 0);
}

void TestRecommend::handTraceTable()
{
    // Key a: 3 requests within 200 ms; b, c, d: 1 per second at most. With W = 1 s, 100% of
    // keys needs sliding_window_log limit 3 (a's most in any 1 s window).
    const QString trace = write("hand.csv",
                                "t_us,key,cost\n0,a,1\n0,b,1\n0,c,1\n0,d,1\n100000,a,1\n200000,a,1\n"
                                "1000000,d,1\n2000000,c,1\n5000000,a,1\n");
    const Run json =
        cli({"recommend", trace, "--keep-unthrottled", "100%", "--window", "1s", "--algorithm", "sliding_window_log", "--json"});
    QCOMPARE(json.exitCode, 0);
    const QJsonObject r = QJsonDocument::fromJson(json.out).object()["recommendations"].toArray()[0].toObject();
    QCOMPARE(r["params"].toObject()["limit"].toString(), QString("3"));
    QCOMPARE(r["params"].toObject()["window"].toString(), QString("1s"));
    QCOMPARE(r["keys_unthrottled_share"].toDouble(), 1.0);
    QCOMPARE(r["requests_rejected_share"].toDouble(), 0.0);
    const QJsonObject rates = QJsonDocument::fromJson(json.out).object()["rates"].toObject();
    QCOMPARE(rates["max_in_window"].toArray()[0].toObject()["percentiles"].toObject()["max"].toInteger(), 3);

    const Run table = cli({"recommend", trace, "--keep-unthrottled", "75%", "--window", "1s"});
    QCOMPARE(table.exitCode, 0);
    QVERIFY(table.out.contains("token_bucket            capacity=1 refill=1/s"));
    QVERIFY(table.out.contains("75.00%"));
}

// The nginx fixture's situation: a recent line, then lines from a year before it, refused as
// too old for the 60 s look-back. Their addresses are no keys: 3 requests from 2 keys, whose
// totals are 2 and 1 (p50 1, max 2), not 6 keys with p50 0.
void TestRecommend::refusedLinesAreNotKeys()
{
    constexpr qint64 t = 1523523600;  // 2018-04-12T09:00:00Z
    QByteArray log = combinedLine("10.0.0.1", t);
    for (int i = 1; i <= 4; ++i)
        log += combinedLine(QString("192.168.0.%1").arg(i), t - 365 * 86400);
    log += combinedLine("10.0.0.2", t + 1) + combinedLine("10.0.0.1", t + 2);
    const QString path = write("refused.log", log);

    const Run table = cli({"recommend", path});
    QCOMPARE(table.exitCode, 0);
    QVERIFY2(table.out.startsWith((path + ": 3 requests, 2 keys, ").toUtf8()), table.out.constData());
    QVERIFY2(table.err.contains("older than the look-back window: 4"), qPrintable(table.err));  // still reported

    const Run json = cli({"recommend", path, "--json"});
    QCOMPARE(json.exitCode, 0);
    const QJsonObject doc = QJsonDocument::fromJson(json.out).object();
    QCOMPARE(doc["keys"].toInteger(), 2);
    const QJsonObject perKey = doc["rates"].toObject()["requests_per_key"].toObject();
    QCOMPARE(perKey["keys"].toInteger(), 2);
    QCOMPARE(perKey["percentiles"].toObject()["p50"].toInteger(), 1);
    QCOMPARE(perKey["percentiles"].toObject()["max"].toInteger(), 2);
    const QJsonArray bins = perKey["histogram"].toArray();  // [1, 2): one key, [2, 4): one key
    QCOMPARE(bins.size(), 2);
    QCOMPARE(bins[0].toObject()["keys"].toInteger(), 1);
    QCOMPARE(bins[1].toObject()["keys"].toInteger(), 1);
}

// Ten real clients and 110 addresses seen only on lines an hour too old. Nine clients send one
// request each, 10.0.0.10 five in 5 s. Counting the 110 as keys, 99% of 120 keys is 119: the
// phantoms and nine clients, so a limit of 1 "meets the target" while throttling 10.0.0.10.
// Over the 10 real keys 99% needs all ten: capacity and limit 5 in any 1 min window, and a
// replay of the imported trace by `decide` throttles no key.
void TestRecommend::keysSeenOnlyOnTooOldLinesDoNotLowerTheLimit()
{
    constexpr qint64 t0 = 1709294400;  // 2024-03-01T12:00:00Z
    QByteArray log = combinedLine("10.0.0.1", t0);
    for (int i = 1; i <= 110; ++i)
        log += combinedLine(QString("192.168.%1.%2").arg(i / 100).arg(i % 100), t0 - 3600);
    for (int c = 2; c <= 9; ++c)
        log += combinedLine(QString("10.0.0.%1").arg(c), t0 + 10);
    for (int s = 0; s < 5; ++s)
        log += combinedLine("10.0.0.10", t0 + 20 + s);
    const QString path = write("phantoms.log", log);

    const Run rec = cli({"recommend", path, "--json"});
    QCOMPARE(rec.exitCode, 0);
    const QJsonObject doc = QJsonDocument::fromJson(rec.out).object();
    QCOMPARE(doc["requests"].toInteger(), 14);
    QCOMPARE(doc["keys"].toInteger(), 10);
    // Totals per key: nine 1s and a 5. Nearest rank over 10: p50 the 5th (1), p90 the 9th
    // (1), p99 the 10th (5).
    const QJsonObject percentiles = doc["rates"].toObject()["requests_per_key"].toObject()["percentiles"].toObject();
    QCOMPARE(percentiles["p50"].toInteger(), 1);
    QCOMPARE(percentiles["p90"].toInteger(), 1);
    QCOMPARE(percentiles["p99"].toInteger(), 5);

    const QString trace = m_dir.filePath("phantoms.csv");
    const Run imported = cli({"import", path, "--out", trace});
    QCOMPARE(imported.exitCode, 0);
    QVERIFY2(imported.err.contains("older than the look-back window: 110"), qPrintable(imported.err));

    const QJsonArray recs = doc["recommendations"].toArray();
    QCOMPARE(recs.size(), 6);
    for (const QJsonValue& v : recs) {
        const QJsonObject r = v.toObject();
        const QString algorithm = r["algorithm"].toString();
        QCOMPARE(r["keys"].toInteger(), 10);
        QCOMPARE(r["keys_unthrottled"].toInteger(), 10);
        QVERIFY(r["target_met"].toBool());
        const QJsonObject params = r["params"].toObject();
        if (algorithm == "token_bucket")
            QCOMPARE(params["capacity"].toString(), QString("5"));
        if (algorithm == "sliding_window_log")
            QCOMPARE(params["limit"].toString(), QString("5"));
        // The promise on replay: decide on the imported trace rejects nothing of any key.
        QStringList args{"decide", "--algorithm", algorithm, "--trace", trace};
        for (auto it = params.begin(); it != params.end(); ++it)
            args << "--param" << it.key() + "=" + it.value().toString();
        const Run decided = cli(args);
        QCOMPARE(decided.exitCode, 0);
        std::set<QByteArray> keys;
        const QList<QByteArray> lines = decided.out.split('\n');
        for (qsizetype i = 1; i < lines.size(); ++i) {
            if (lines[i].isEmpty())
                continue;
            const QList<QByteArray> f = lines[i].split(',');
            keys.insert(f[1]);
            QVERIFY2(f[3] == "1", qPrintable(algorithm + " rejects " + lines[i]));
        }
        QCOMPARE(keys.size(), std::size_t{10});
    }
}

// A 2015 log with one line at the end of the valid range (2112-09-17 23:53:47, 2^52 us
// rounded down to the second) and one stamped 9999-12-31: the import keeps the first and skips
// the second as out of range, and recommend spans the 97 years (exit 0, not "spans more than
// 2^31 windows"). 10.0.0.1 sends two requests 500 ms apart, so at W = 1 s keeping every key
// needs a fixed window of limit 2.
void TestRecommend::yearNineThousandLine()
{
    const QByteArray log = "10.0.0.1 - - [17/May/2015:10:05:03.000 +0000] \"GET / HTTP/1.1\" 200 1 \"-\" \"ua\"\n"
                           "10.0.0.1 - - [17/May/2015:10:05:03.500 +0000] \"GET / HTTP/1.1\" 200 1 \"-\" \"ua\"\n"
                           "10.0.0.2 - - [17/May/2015:10:05:04 +0000] \"GET / HTTP/1.1\" 200 1 \"-\" \"ua\"\n"
                           "10.0.0.1 - - [17/Sep/2112:23:53:47 +0000] \"GET / HTTP/1.1\" 200 1 \"-\" \"ua\"\n"
                           "10.0.0.2 - - [31/Dec/9999:23:59:59 +0000] \"GET / HTTP/1.1\" 200 1 \"-\" \"ua\"\n";
    const QString path = write("y9999.log", log);
    for (const QString& window : {QStringLiteral("1s"), QStringLiteral("1m")}) {
        const Run rec = cli({"recommend", path, "--json", "--keep-unthrottled", "100%", "--window", window});
        QVERIFY2(rec.exitCode == 0, qPrintable(rec.err));
        const QJsonObject doc = QJsonDocument::fromJson(rec.out).object();
        QCOMPARE(doc["requests"].toInteger(), 4);
        QCOMPARE(doc["last_t_us"].toInteger(), 4503599627LL * 1000000);
        for (const QJsonValue& v : doc["recommendations"].toArray()) {
            const QJsonObject r = v.toObject();
            QCOMPARE(r["keys_unthrottled"].toInteger(), 2);
            if (r["algorithm"].toString() == "fixed_window")
                QCOMPARE(r["params"].toObject()["limit"].toString(), QString("2"));
        }
    }
}

void TestRecommend::badUsage()
{
    QCOMPARE(cli({"recommend", kLog, "--keep-unthrottled", "abc"}).exitCode, 2);
    QCOMPARE(cli({"recommend", kLog, "--algorithm", "x_time_rate"}).exitCode, 2);
    QCOMPARE(cli({"recommend", kLog, "--window", "7s"}).exitCode, 2);
    QCOMPARE(cli({"recommend", m_dir.filePath("missing.log")}).exitCode, 2);
    const QString bad = write("bad.csv", "t_us,key,cost\n5,a,1\n3,a,1\n");
    const Run r = cli({"recommend", bad});
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.err.contains("bad.csv:3: t_us"));
}

void TestRecommend::exportNginx()
{
    const Run r = cli({"export", "--algorithm", "leaky_bucket", "--param", "rate=10/s", "--param", "burst=5", "--param",
                       "mode=police", "--as", "nginx"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(
        QString::fromUtf8(r.out),
        QString(
            "# ratelab: leaky_bucket burst=5 mode=police rate=10/s\n"
            "# nginx decides as leaky_bucket on a millisecond clock, with each drain truncated to whole\n"
            "# milli-requests: in any span of time T it admits at most 1 + burst + rate x (T + 1ms), and\n"
            "# under sustained overload at least 1000/1001 of the rate. A shaped request is held whole\n"
            "# milliseconds (truncated), not microseconds (rounded up). nginx has no request cost.\n"
            "# in the http block:\n"
            "limit_req_zone $binary_remote_addr zone=ratelab:10m rate=10r/s;\n"
            "# in a server or location block:\n"
            "limit_req zone=ratelab burst=5 nodelay;\n"
            "limit_req_status 429;\n"
            "error_page 429 = @ratelimited;\n"
            "# in the same server block: the 429, with Retry-After (RFC 6585) and the RFC 9457 problem.\n"
            // 1 / 10/s = 0.1 s, rounded up to whole seconds: 1.
            "# nginx's Retry-After is static: 1 s, 1 / rate rounded up to whole seconds. One more request\n"
            "# fits within 1 / rate of a rejection (the excess drains one request in 1 / rate), so a client\n"
            "# that waits 1 s is not turned away again for want of time; but the exact wait (decide's\n"
            "# retry_after_us) may be far shorter, so it may wait up to 1 s longer than it needed, and a\n"
            "# client with k requests to send needs k / rate.\n"
            "# types { } keeps a file extension in the URI (.html, .json) from choosing another type.\n"
            "location @ratelimited {\n"
            "    types { }\n"
            "    default_type application/problem+json;\n"
            "    add_header Retry-After 1 always;\n"
            // 1 + burst = 6 at once, over 6 / 10/s = 0.6 s: w = 1.
            "    return 429 '{\"type\":\"https://iana.org/assignments/http-problem-types#quota-exceeded\",\"title\":\"Request "
            "cannot be satisfied as assigned quota has been exceeded\",\"status\":429,\"detail\":\"The quota of policy ratelab "
            "(6 per 1 s) is used up; retry in 1 s.\",\"violated-policies\":[\"ratelab\"],\"retry-after\":1,\"limit\":6,"
            "\"window\":1}';\n"
            "}\n"));
    // 0.5/s is whole per minute; shape mode has no nodelay; the preset passes delay on.
    const Run shaped =
        cli({"export", "--algorithm", "leaky_bucket", "--param", "rate=0.5/s", "--param", "burst=2", "--as", "nginx"});
    QVERIFY(shaped.out.contains("rate=30r/m;\n"));
    QVERIFY(shaped.out.contains("limit_req zone=ratelab burst=2;\n"));
    const Run preset = cli({"export", "--algorithm", "nginx_limit_req", "--param", "rate=20r/m", "--param", "burst=8", "--param",
                            "delay=3", "--as", "nginx"});
    QVERIFY(preset.out.contains("rate=20r/m;\n"));
    QVERIFY(preset.out.contains("limit_req zone=ratelab burst=8 delay=3;\n"));
}

void TestRecommend::exportEnvoy()
{
    const Run r = cli({"export", "--algorithm", "token_bucket", "--param", "capacity=10", "--param", "refill=5/s", "--param",
                       "refill_mode=interval", "--param", "interval=1s", "--as", "envoy"});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(QString::fromUtf8(r.out),
             QString("# ratelab: token_bucket capacity=10 interval=1s refill=5/s refill_mode=interval\n"
                     "# Envoy up to 1.30 (to 1.33 with the runtime guard\n"
                     "# envoy.reloadable_features.no_timer_based_rate_limit_token_bucket=false) adds\n"
                     "# tokens_per_fill every fill_interval on a timer, never past max_tokens.\n"
                     "# That is the source's interval refill, decision for decision (RateLab counts fills from\n"
                     "# t = 0, Envoy from its start).\n"
                     "# Envoy 1.31+ refills continuously at tokens_per_fill / fill_interval instead, capped at\n"
                     "# max_tokens. A request takes one token (Envoy has no cost). The bucket is one per Envoy\n"
                     "# instance (per route with descriptors), not per client.\n"
                     "http_filters:\n"
                     "- name: envoy.filters.http.local_ratelimit\n"
                     "  typed_config:\n"
                     "    \"@type\": type.googleapis.com/envoy.extensions.filters.http.local_ratelimit.v3.LocalRateLimit\n"
                     "    stat_prefix: http_local_rate_limiter\n"
                     "    token_bucket:\n"
                     "      max_tokens: 10\n"
                     "      tokens_per_fill: 5\n"
                     "      fill_interval: 1s\n"
                     "    filter_enabled:\n"
                     "      runtime_key: local_rate_limit_enabled\n"
                     "      default_value:\n"
                     "        numerator: 100\n"
                     "        denominator: HUNDRED\n"
                     "    filter_enforced:\n"
                     "      runtime_key: local_rate_limit_enforced\n"
                     "      default_value:\n"
                     "        numerator: 100\n"
                     "        denominator: HUNDRED\n"
                     "# The 429's body, an RFC 9457 problem (the filter sends no Retry-After, so it has no\n"
                     "# retry-after), in the http_connection_manager beside http_filters:\n"
                     "local_reply_config:\n"
                     "  mappers:\n"
                     "  - filter:\n"
                     "      status_code_filter:\n"
                     "        comparison:\n"
                     "          op: EQ\n"
                     "          value:\n"
                     "            default_value: 429\n"
                     "            runtime_key: ratelab_local_reply_429\n"
                     "    body:\n"
                     // 10 tokens, 5 a second in whole 1 s intervals: 2 s to fill.
                     "      inline_string: "
                     "'{\"type\":\"https://iana.org/assignments/http-problem-types#quota-exceeded\",\"title\":\"Request cannot "
                     "be satisfied as assigned quota has been exceeded\",\"status\":429,\"detail\":\"The quota of policy ratelab "
                     "(10 per 2 s) is used up.\",\"violated-policies\":[\"ratelab\"],\"limit\":10,\"window\":2}'\n"
                     "    body_format_override:\n"
                     "      text_format_source:\n"
                     "        inline_string: \"%LOCAL_REPLY_BODY%\"\n"
                     "      content_type: application/problem+json\n"));
    // Continuous 18/m: one token every 3.333 s; the shortest whole-ms interval >= 50 ms with
    // whole tokens is 10 s (3 tokens).
    const Run cont =
        cli({"export", "--algorithm", "token_bucket", "--param", "capacity=18", "--param", "refill=18/m", "--as", "envoy"});
    QCOMPARE(cont.exitCode, 0);
    QVERIFY(cont.out.contains("      tokens_per_fill: 3\n      fill_interval: 10s\n"));
    const Run preset = cli({"export", "--algorithm", "envoy_local", "--param", "max_tokens=4", "--param", "tokens_per_fill=2",
                            "--param", "fill_interval=250ms", "--as", "envoy"});
    QVERIFY(preset.out.contains("      max_tokens: 4\n      tokens_per_fill: 2\n      fill_interval: 0.25s\n"));
}

void TestRecommend::exportRefuses()
{
    const Run nginx =
        cli({"export", "--algorithm", "sliding_window_counter", "--param", "limit=3", "--param", "window=1s", "--as", "nginx"});
    QCOMPARE(nginx.exitCode, 2);
    QVERIFY(nginx.err.contains("nginx"));
    QCOMPARE(
        cli({"export", "--algorithm", "fixed_window", "--param", "limit=3", "--param", "window=1s", "--as", "envoy"}).exitCode,
        2);
    QCOMPARE(
        cli({"export", "--algorithm", "x_time_rate", "--param", "rate=1/s", "--param", "burst=2", "--as", "redis-lua"}).exitCode,
        2);
    QCOMPARE(
        cli({"export", "--algorithm", "leaky_bucket", "--param", "rate=1/h", "--param", "burst=2", "--as", "nginx"}).exitCode, 2);
    // No config holds the rate: nginx runs 1r/m at 16 milli-requests per second (0.96/m);
    // Envoy's timer cuts a fill of 7 tokens at max_tokens 5 (5/s).
    const Run slowNginx =
        cli({"export", "--algorithm", "leaky_bucket", "--param", "rate=1/m", "--param", "burst=2", "--as", "nginx"});
    QCOMPARE(slowNginx.exitCode, 2);
    QVERIFY2(slowNginx.err.contains("would run at 16"), qPrintable(slowNginx.err));
    const Run cutEnvoy =
        cli({"export", "--algorithm", "token_bucket", "--param", "capacity=5", "--param", "refill=7/s", "--as", "envoy"});
    QCOMPARE(cutEnvoy.exitCode, 2);
    QVERIFY2(cutEnvoy.err.contains("A capacity of at least 7 holds the rate"), qPrintable(cutEnvoy.err));
    QCOMPARE(cli({"export", "--algorithm", "gcra", "--param", "rate=1/s", "--as", "redis-lua"}).exitCode, 2);
}

void TestRecommend::pipedInputLosesNothing_data()
{
    QTest::addColumn<QByteArray>("input");
    QFile apache(kLog);
    QVERIFY(apache.open(QIODevice::ReadOnly));
    QByteArray log;
    for (int i = 0; i < 400; ++i)  // 90 KB: many times what a look at the first block would read
        log += apache.readLine();
    QTest::newRow("a log") << log;
    QByteArray trace = "t_us,key,cost\n";
    for (int i = 0; i < 6000; ++i)
        trace += QByteArray::number(i * 1000) + ",k" + QByteArray::number(i % 37) + ",1\n";
    QTest::newRow("a trace") << trace;
}

// A FIFO and a process substitution (`<(cat log)`) give what the regular file gives, 20 times
// in a row: the input is looked at and read in one stream, so nothing is dropped, no writer
// dies of SIGPIPE and no second open waits for a writer that is gone.
void TestRecommend::pipedInputLosesNothing()
{
    QFETCH(QByteArray, input);
    const QString file = write("piped-input", input);
    const Run regular = cli({"recommend", file, "--json"});
    QCOMPARE(regular.exitCode, 0);
    const auto sameAsRegular = [&](const Run& r, const QString& name) {
        QCOMPARE(r.exitCode, 0);
        QByteArray out = r.out;
        out.replace(name.toUtf8(), file.toUtf8());  // the input as named
        QCOMPARE(out, regular.out);
    };
    const QString fifo = m_dir.filePath("input.fifo");
    QFile::remove(fifo);
    QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
    for (int i = 0; i < 20; ++i) {
        QProcess writer;
        writer.start("bash", {"-c", "cat \"$0\" > \"$1\"", file, fifo});
        QVERIFY(writer.waitForStarted());
        const Run viaFifo = cli({"recommend", fifo, "--json"});
        QVERIFY(writer.waitForFinished(20000));
        QCOMPARE(writer.exitStatus(), QProcess::NormalExit);
        QCOMPARE(writer.exitCode(), 0);  // not killed by SIGPIPE
        sameAsRegular(viaFifo, fifo);
        if (QTest::currentTestFailed())
            return;
        const Run substituted = run("bash", {"-c", "exec \"$0\" recommend <(cat \"$1\") --json", RATELAB_CLI_PATH, file});
        QCOMPARE(substituted.exitCode, 0);
        const QString name = QString::fromUtf8(substituted.out).section(QStringLiteral("\"/dev/fd/"), 1).section('"', 0, 0);
        sameAsRegular(substituted, "/dev/fd/" + name);
        if (QTest::currentTestFailed())
            return;
    }
}

QTEST_GUILESS_MAIN(TestRecommend)
#include "tst_recommend.moc"
