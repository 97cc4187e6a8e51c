// ratelab-cli as a user runs it: the output CSV contract of `decide`, the errors of bad
// input (exit 2, one line naming file, line and field), `list`, counts with their nouns.

#include "processrun.h"

#include <QTemporaryDir>
#include <QtTest>

class TestCli : public QObject {
    Q_OBJECT

private slots:
    void decideWritesTheContract();
    void decideReadsStdinAndHeaders();
    void decideResetAsUnixTime();
    void sampleTraceShowsTheBoundaryBurst_data();
    void sampleTraceShowsTheBoundaryBurst();
    void badInput_data();
    void badInput();
    void listNamesEverything();
    void directoriesAreNotInputs();
    void runCountsNeverAdmissibleRequests();
    void countsAgreeWithTheirNouns_data();
    void countsAgreeWithTheirNouns();
    void runRefusesBadScenarios_data();
    void runRefusesBadScenarios();
    void runRefusesWorkOverTheCap();
    void runRefusesMemoryOverTheCap();
    void runBreaksDownByEndpoint();
    void unreadablePathsAreBadInput_data();
    void unreadablePathsAreBadInput();

private:
    using Run = ratelab::test::TextRun;
    static Run run(const QStringList& args, const QByteArray& stdinData = {})
    {
        return ratelab::test::runText(QStringLiteral(RATELAB_CLI_PATH), args, stdinData, 20000);
    }
    QString writeTrace(const QString& name, const QByteArray& content);

    QTemporaryDir m_dir;
};

QString TestCli::writeTrace(const QString& name, const QByteArray& content)
{
    return ratelab::test::writeFile(m_dir, name, content);
}

void TestCli::decideWritesTheContract()
{
    // capacity 2, 1 token/s: two pass at 0, the 3rd waits 1 s, at 0.5 s half a token is
    // missing (500 ms), at 1 s one passes; key b is independent; cost 3 never passes.
    const QString trace = writeTrace("tb.csv",
                                     "t_us,key,cost\n0,a,1\n0,a,1\n0,a,1\n500000,a,1\n1000000,a,1\n"
                                     "1000000,b,2\n1000000,b,3\n");
    const Run r =
        run({"decide", "--algorithm", "token_bucket", "--param", "capacity=2", "--param", "refill=1/s", "--trace", trace});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.err, QString());
    QCOMPARE(r.out,
             QStringLiteral("t_us,key,cost,allowed,remaining,retry_after_us,delay_us\n"
                            "0,a,1,1,1,0,0\n"
                            "0,a,1,1,0,0,0\n"
                            "0,a,1,0,0,1000000,0\n"
                            "500000,a,1,0,0,500000,0\n"
                            "1000000,a,1,1,0,0,0\n"
                            "1000000,b,2,1,0,0,0\n"
                            "1000000,b,3,0,0,-1,0\n"));
}

void TestCli::decideReadsStdinAndHeaders()
{
    // Shaping: leaky bucket 2/s burst 1 delays the 2nd request by 500 ms; the 3rd is rejected
    // and fits again at 500 ms (Retry-After 1).
    const Run r = run({"decide", "--algorithm", "leaky_bucket", "--param", "rate=2/s", "--param", "burst=1", "--headers",
                       "draft-11", "--trace", "-"},
                      "t_us,key\n0,k\n0,k\n0,k\n");
    QCOMPARE(r.exitCode, 0);
    // The headers field holds quotes, so it is a quoted CSV field with doubled quotes.
    QCOMPARE(r.out, QString::fromUtf8(R"(t_us,key,cost,allowed,remaining,retry_after_us,delay_us,headers
0,k,1,1,1,0,0,"RateLimit-Policy: ""leaky_bucket"";q=2;w=1; RateLimit: ""leaky_bucket"";r=1;t=1"
0,k,1,1,0,0,500000,"RateLimit-Policy: ""leaky_bucket"";q=2;w=1; RateLimit: ""leaky_bucket"";r=0;t=1"
0,k,1,0,0,500000,0,"Retry-After: 1; RateLimit-Policy: ""leaky_bucket"";q=2;w=1; RateLimit: ""leaky_bucket"";r=0;t=1"
)"));
}

void TestCli::decideResetAsUnixTime()
{
    // gcra 1/s burst 2 from E + 0.4 s (E = 1,700,000,000 s): the TAT after one request is
    // E + 1.4 s (reset in 1 s: 1700000002 rounded up, delta 1), after two E + 2.4 s (2 s:
    // 1700000003, delta 2). The third is rejected until E + 1.4 s (Retry-After 1).
    const QByteArray trace = "t_us,key\n1700000000400000,k\n1700000000400000,k\n1700000000400000,k\n";
    const QStringList args = {"decide",  "--algorithm", "gcra",    "--param", "rate=1/s",
                              "--param", "burst=2",     "--trace", "-",       "--headers"};
    const Run epoch = run(QStringList(args) << "x-ratelimit-epoch", trace);
    QCOMPARE(epoch.exitCode, 0);
    QCOMPARE(epoch.out,
             QStringLiteral(
                 "t_us,key,cost,allowed,remaining,retry_after_us,delay_us,headers\n"
                 "1700000000400000,k,1,1,1,0,0,X-RateLimit-Limit: 2; X-RateLimit-Remaining: 1; X-RateLimit-Reset: 1700000002\n"
                 "1700000000400000,k,1,1,0,0,0,X-RateLimit-Limit: 2; X-RateLimit-Remaining: 0; X-RateLimit-Reset: 1700000003\n"
                 "1700000000400000,k,1,0,0,1000000,0,Retry-After: 1; X-RateLimit-Limit: 2; X-RateLimit-Remaining: 0; "
                 "X-RateLimit-Reset: 1700000003\n"));
    const Run delta = run(QStringList(args) << "x-ratelimit", trace);
    QVERIFY(delta.out.endsWith("Retry-After: 1; X-RateLimit-Limit: 2; X-RateLimit-Remaining: 0; X-RateLimit-Reset: 2\n"));
}

void TestCli::sampleTraceShowsTheBoundaryBurst_data()
{
    QTest::addColumn<QString>("algorithm");
    QTest::addColumn<int>("attackerAllowed");
    // resources/samples/boundary-burst.csv: "steady" sends every 100 ms from 50 ms to 2.95 s
    // (30 requests, never more than 10 in any second); "attacker" sends 10 requests at 0.90 to
    // 0.99 s and 10 at 1.00 to 1.09 s. With 10 per 1 s windows, the fixed window counts them
    // in two windows and lets all 20 through; the log sees 10 in the last second from 1.00 s
    // to 1.89 s and rejects the second ten.
    QTest::newRow("fixed_window") << "fixed_window" << 20;
    QTest::newRow("sliding_window_log") << "sliding_window_log" << 10;
}

void TestCli::sampleTraceShowsTheBoundaryBurst()
{
    QFETCH(QString, algorithm);
    QFETCH(int, attackerAllowed);
    const Run r = run({"decide", "--algorithm", algorithm, "--param", "limit=10", "--param", "window=1s", "--trace",
                       QStringLiteral(RATELAB_SOURCE_DIR "/resources/samples/boundary-burst.csv")});
    QCOMPARE(r.exitCode, 0);
    QHash<QString, int> requests;
    QHash<QString, int> allowed;
    const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (const QString& line : lines.mid(1)) {
        const QStringList fields = line.split(QLatin1Char(','));
        ++requests[fields[1]];
        allowed[fields[1]] += fields[3].toInt();
    }
    QCOMPARE(requests.value("steady"), 30);
    QCOMPARE(allowed.value("steady"), 30);
    QCOMPARE(requests.value("attacker"), 20);
    QCOMPARE(allowed.value("attacker"), attackerAllowed);
}

void TestCli::badInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QByteArray>("trace");
    QTest::addColumn<QString>("expected");  // a part of the one-line reason

    const QStringList tb = {"decide", "--algorithm", "token_bucket", "--param", "capacity=2", "--param", "refill=1/s"};
    QTest::newRow("time goes backwards") << tb << QByteArray("t_us,key,cost\n5,a,1\n7,a,1\n6,a,1\n")
                                         << "bad.csv:4: t_us: 6 is before the previous line's 7";
    QTest::newRow("t_us not a number") << tb << QByteArray("t_us,key,cost\n5,a,1\nx5,a,1\n") << "bad.csv:3: t_us:";
    QTest::newRow("bad cost") << tb << QByteArray("t_us,key,cost\n5,a,0\n") << "bad.csv:2: cost:";
    QTest::newRow("missing key") << tb << QByteArray("t_us,key,cost\n5\n") << "bad.csv:2: key:";
    QTest::newRow("bad header") << tb << QByteArray("time,key\n5,a\n") << "bad.csv:1: header:";
    // The missing header is line 1 (it was reported as line 0).
    QTest::newRow("empty trace") << tb << QByteArray() << "bad.csv:1: header: empty trace";
    QTest::newRow("unknown algorithm") << QStringList{"decide", "--algorithm", "bucket"} << QByteArray("t_us,key\n")
                                       << "algorithm: unknown algorithm 'bucket'";
    QTest::newRow("missing parameter") << QStringList{"decide", "--algorithm", "gcra", "--param", "rate=1/s"}
                                       << QByteArray("t_us,key\n") << "param burst: missing parameter burst";
    QTest::newRow("malformed parameter") << QStringList{"decide",    "--algorithm", "gcra",   "--param",
                                                        "rate=fast", "--param",     "burst=1"}
                                         << QByteArray("t_us,key\n") << "param rate: gcra rate=fast: expected a rate";
    QTest::newRow("nginx with cost") << QStringList{"decide", "--algorithm", "nginx_limit_req", "--param", "rate=1r/s"}
                                     << QByteArray("t_us,key,cost\n0,a,1\n1,a,2\n") << "bad.csv:3: cost:";
    // The valid range: t_us in [0, 2^52], and a full bucket's refill within 2^50 us. Each
    // used to hang (the retry search never ended) or overflow.
    QTest::newRow("t_us past 2^52") << tb << QByteArray("t_us,key\n1,a\n4503599627370497,a\n")
                                    << "bad.csv:3: t_us: 4503599627370497 is outside the valid range 0 to 4503599627370496";
    QTest::newRow("t_us near 2^63") << QStringList{"decide",  "--algorithm", "limits_fixed_window", "--param", "limit=1",
                                                   "--param", "window=1s"}
                                    << QByteArray("t_us,key\n9223372036854775000,a\n") << "bad.csv:2: t_us:";
    // One entry per unit of cost: a cost of 2^31 - 1 used to overrun the log's 32-bit ring.
    QTest::newRow("moving window cost above 2^24")
        << QStringList{"decide", "--algorithm", "limits_moving_window", "--param", "limit=1", "--param", "window=1s"}
        << QByteArray("t_us,key,cost\n0,a,1\n0,a,16777217\n")
        << "bad.csv:3: cost: limits_moving_window takes a cost of at most 16777216";
    // gcra holds its TAT as an int64 offset in 1/rate.num us, covering a span, not the whole
    // range (999999/s: num 999999, about 9.2e12 us). Used to be exit 1, an internal error.
    QTest::newRow("gcra TAT span") << QStringList{"decide",        "--algorithm", "gcra",   "--param",
                                                  "rate=999999/s", "--param",     "burst=1"}
                                   << QByteArray("t_us,key\n0,a\n9300000000000,a\n") << "bad.csv:3: t_us: gcra: more than";
    QTest::newRow("negative t_us") << tb << QByteArray("t_us,key\n-1,a\n") << "bad.csv:2: t_us: -1 is outside";
    // 5 tokens at 10^-6 per hour take 1.8e16 us (570 years) to refill.
    QTest::newRow("rate too slow for its burst")
        << QStringList{"decide", "--algorithm", "x_time_rate", "--param", "rate=0.000001/h", "--param", "burst=5"}
        << QByteArray("t_us,key,cost\n0,a,5\n0,a,1\n")
        << "param rate: x_time_rate rate=0.000001/h: refilling burst 5 takes about 570.4 years";
}

void TestCli::badInput()
{
    QFETCH(QStringList, args);
    QFETCH(QByteArray, trace);
    QFETCH(QString, expected);
    const Run r = run(args << "--trace" << writeTrace("bad.csv", trace));
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(expected), qPrintable(r.err));
    QCOMPARE(r.err.count('\n'), 1);  // one line
}

void TestCli::listNamesEverything()
{
    const Run r = run({"list"});
    QCOMPARE(r.exitCode, 0);
    for (const char* name : {"token_bucket", "leaky_bucket", "fixed_window", "sliding_window_log", "sliding_window_counter",
                             "gcra", "x_time_rate", "envoy_local", "nginx_limit_req", "redis_incr_expire", "limits_fixed_window",
                             "limits_moving_window", "limits_sliding_window_counter", "redis_rate_gcra", "throttled_gcra"})
        QVERIFY2(r.out.contains(QStringLiteral("\n  ") + name), name);
    QVERIFY(r.out.contains("refill_mode (continuous|interval), default continuous"));
}

void TestCli::directoriesAreNotInputs()
{
    // A directory where a file belongs is bad input (exit 2) that says so, not an empty trace
    // or a JSON syntax error.
    const QString dir = m_dir.path();
    const Run decide = run({"decide", "--algorithm", "gcra", "--param", "rate=1/s", "--param", "burst=1", "--trace", dir});
    QCOMPARE(decide.exitCode, 2);
    QCOMPARE(decide.err, "ratelab-cli: " + dir + ": is a directory, not a trace file\n");
    const Run scenario = run({"run", dir});
    QCOMPARE(scenario.exitCode, 2);
    QVERIFY2(scenario.err.contains("is a directory, not a scenario file"), qPrintable(scenario.err));
}

void TestCli::runCountsNeverAdmissibleRequests()
{
    // One request a second on key k, so each limiter is idle again, of costs 1 6 11 50 5 10
    // 12 3 6 100 11 2. Never admissible: above the token bucket's capacity 10 (11, 50, 12, 100,
    // 11: 5), GCRA's burst 5 (8), the leaky bucket's burst + 1 = 50 (100 only: 1).
    writeTrace("costs.csv",
               "t_us,key,cost\n0,k,1\n1000000,k,6\n2000000,k,11\n3000000,k,50\n4000000,k,5\n"
               "5000000,k,10\n6000000,k,12\n7000000,k,3\n8000000,k,6\n9000000,k,100\n10000000,k,11\n"
               "11000000,k,2\n");
    const QString scenario = ratelab::test::writeFile(m_dir, "costs.json", R"({"name": "costly", "duration": "12s",
        "traffic": [{"kind": "trace", "file": "costs.csv"}], "keys": "recorded", "algorithms": [
        {"algorithm": "token_bucket", "params": {"capacity": 10, "refill": "10/s"}},
        {"algorithm": "gcra", "params": {"rate": "10/s", "burst": 5}},
        {"algorithm": "leaky_bucket", "params": {"rate": "10/s", "burst": 49}}]})");
    const Run r = run({"run", scenario});
    QCOMPARE(r.exitCode, 0);
    const QString tail = QStringLiteral(" (cost above what the limit can ever admit; counted as rejected)\n");
    QVERIFY2(r.out.contains("\ntoken_bucket: never admissible: 5 requests" + tail), qPrintable(r.out));
    QVERIFY2(r.out.contains("\ngcra: never admissible: 8 requests" + tail), qPrintable(r.out));
    QVERIFY2(r.out.contains("\nleaky_bucket: never admissible: 1 request" + tail), qPrintable(r.out));
    // None in a scenario whose costs all fit: no line.
    QVERIFY(!run({"run", "steady-poisson"}).out.contains("never admissible"));
}

void TestCli::countsAgreeWithTheirNouns_data()
{
    QTest::addColumn<int>("n");
    QTest::newRow("1") << 1;
    QTest::newRow("2") << 2;
}

// "1 request, 1 key", never "1 requests, 1 keys": recommend's and run's headers over a trace
// of n requests from n keys; a scenario with n problems lists n lines.
void TestCli::countsAgreeWithTheirNouns()
{
    QFETCH(int, n);
    const char* s = n == 1 ? "" : "s";
    QByteArray rows = "t_us,key,cost\n";
    for (int i = 0; i < n; ++i)
        rows += QByteArray::number(i * 1000) + ",k" + QByteArray::number(i) + ",1\n";
    const QString trace = writeTrace(QString("counts-%1.csv").arg(n), rows);
    Run r = run({"recommend", trace, "--algorithm", "gcra"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.startsWith(trace + QString(": %1 request%2, %1 key%2, ").arg(n).arg(s)), qPrintable(r.out));

    const QString scenario = writeTrace(QString("counts-%1.json").arg(n),
                                        QString(R"({"schema": "ratelab.scenario/1",
        "name": "counts", "seed": 1, "duration": "1s", "keys": "recorded",
        "traffic": [{"kind": "trace", "label": "t", "file": "%1"}],
        "algorithms": [{"id": "gcra", "algorithm": "gcra", "params": {"rate": "10/s", "burst": 5}}]})")
                                            .arg(trace)
                                            .toUtf8());
    r = run({"run", scenario});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.startsWith(QString("counts: %1 request%2 over 1 s, seed 1\n").arg(n).arg(s)), qPrintable(r.out));

    // n problems: gcra's burst 0, and with n = 2 a token bucket of capacity 0.
    const QString second = R"(, {"id": "tb", "algorithm": "token_bucket", "params": {"capacity": 0, "refill": "1/s"}})";
    const QString bad = writeTrace(QString("problems-%1.json").arg(n),
                                   QString(R"({"schema": "ratelab.scenario/1",
        "name": "bad", "seed": 1, "duration": "1s", "traffic": [{"kind": "constant", "label": "c", "rate": "1/s"}],
        "algorithms": [{"id": "gcra", "algorithm": "gcra", "params": {"rate": "10/s", "burst": 0}}%1]})")
                                       .arg(n == 1 ? QString() : second)
                                       .toUtf8());
    r = run({"run", bad});
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.err.count("ratelab-cli: " + bad + ": "), n);  // one line per problem, no count to agree with
}

namespace {

const QString kGcra = R"({"algorithm": "gcra", "params": {"rate": "10/s", "burst": 5}})";

QString scenarioJson(const QString& traffic, const QString& algorithms = kGcra, const QString& more = {},
                     const QString& duration = "10s")
{
    return R"({"duration": ")" + duration + R"(", "traffic": [)" + traffic + R"(], "algorithms": [)" + algorithms + "]" + more
        + "}";
}

}  // namespace

void TestCli::runRefusesBadScenarios_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QStringList>("expected");  // "path: reason", each on a line after the file's name

    const QString poisson = R"({"kind": "poisson", "rate": "10/s"})";
    QTest::newRow("zero window") << scenarioJson(R"({"kind": "boundary_attack", "window": "0s"})")
                                 << QStringList{"traffic[0].window: must be at least 1us"};
    QTest::newRow("zero count") << scenarioJson(R"({"kind": "boundary_attack", "count": 0})")
                                << QStringList{"traffic[0].count: must be >= 1"};
    QTest::newRow("number out of range") << R"({"seed": 1e400, "traffic": [{"kind": "poisson", "rate": "1/s"}]})"
                                         << QStringList{"seed: number out of range"};
    QTest::newRow("a burst of 2^63")
        << scenarioJson(poisson, R"({"algorithm": "gcra", "params": {"rate": "10/s", "burst": 9223372036854775808}})")
        << QStringList{"algorithms[0].params.burst: gcra burst=9223372036854775808: must be between 1 and 2147483647"};
    QTest::newRow("duplicate key") << scenarioJson(R"({"kind": "poisson", "rate": "10/s", "rate": "1000/s"})")
                                   << QStringList{"traffic[0].rate: given twice in one object"};
    QTest::newRow("tiers without tiered keys")
        << scenarioJson(poisson,
                        R"({"algorithm": "gcra", "params": {"rate": "10/s", "burst": 5}, "tiers": {"default": {"burst": 9}}})")
        << QStringList{R"(algorithms[0].tiers: only with keys "tiered": this algorithm's keys are "ip")"};
    QTest::newRow("a tier no client is in") << scenarioJson(
        poisson, R"({"algorithm": "gcra", "params": {"rate": "10/s", "burst": 5}, "tiers": {"gold": {"burst": 9}}})",
        R"(, "keys": "tiered", "population": {"clients": 10, "tiers": [{"name": "free", "share": 1}, {"name": "gold", "share": 0}]})")
                                            << QStringList{"algorithms[0].tiers.gold: no client is in this tier"};
    QTest::newRow("local_sync with gcra")
        << scenarioJson(poisson, kGcra, R"(, "cluster": {"instances": 2, "store": {"mode": "local_sync"}})")
        << QStringList{
               "cluster.store.mode: local_sync merges epoch-aligned fixed-window counters, and gcra (algorithms[0]) is not one"};
    QTest::newRow("memcached with the store's clock")
        << scenarioJson(poisson, kGcra, R"(, "cluster": {"instances": 2, "store": {"mode": "memcached", "clock": "store"}})")
        << QStringList{"cluster.store.clock: memcached has no TIME command"};
    // A connections source and a limit on its handshakes, each problem with its path.
    QTest::newRow("connections: two ways to open, a bad applies_to")
        << scenarioJson(
               R"({"kind": "connections", "open": {"rate": "1/s", "count": 3}, "lifetime": "5s", "messages": {"rate": "1/s"}})",
               R"({"algorithm": "gcra", "params": {"rate": "10/s", "burst": 5}, "applies_to": ["handshake"]})")
        << QStringList{
               R"(traffic[0].open: needs either "rate" (connections open at random) or "count" (a fixed number), not both)",
               "algorithms[0].applies_to[0]: must be one of requests, handshakes, messages"};
    QTest::newRow("per_endpoint limit matching no endpoint")
        << scenarioJson(R"({"kind": "poisson", "rate": "10/s", "endpoints": [{"path": "/search"}]})",
                        R"({"algorithm": "fixed_window", "params": {"limit": 5, "window": "10s"}, "keys": "user_endpoint",
            "per_endpoint": [{"path": "/nope", "params": {"limit": 3}}]})",
                        R"(, "endpoints": [{"path": "/search"}, {"path": "/health"}])")
        << QStringList{"algorithms[0].per_endpoint[0].path: '/nope' matches no "
                       "endpoint that an earlier entry has not taken"};
    // Problems of the traffic, a window and a parameter: all of them, not the first section's.
    QTest::newRow("every problem at once") << scenarioJson(
        R"({"kind": "poisson", "rate": "fast"}, {"kind": "boundary_attack", "window": "0s"})",
        R"({"algorithm": "gcra", "params": {"rate": "10/s", "burst": 0}})")
                                           << QStringList{"traffic[0].rate: expected a rate",
                                                          "traffic[1].window: must be at least 1us",
                                                          "algorithms[0].params.burst: gcra burst=0: must be between 1 and"};
}

void TestCli::runRefusesBadScenarios()
{
    QFETCH(QString, json);
    QFETCH(QStringList, expected);
    const QString file = writeTrace("bad-scenario.json", json.toUtf8());
    const QString out = m_dir.filePath("bad-scenario-out");
    const Run r = run({"run", file, "--out", out});
    QCOMPARE(r.exitCode, 2);
    for (const QString& line : expected)
        QVERIFY2(r.err.contains("ratelab-cli: " + file + ": " + line) || r.err.contains("\n" + file + ": " + line),
                 qPrintable(r.err));
    QCOMPARE(r.err.count('\n'), expected.size());  // one line a problem
    QVERIFY2(!QFileInfo::exists(out), "the report was written");
    QCOMPARE(r.out, QString());
}

void TestCli::runRefusesWorkOverTheCap()
{
    // 10^9 requests a second for 1,000 s through 2 algorithms: 10^12 requests, 2 x 10^12
    // decisions, a run of days. Refused at once with the estimate, unless --allow-large.
    const QString file = writeTrace(
        "huge.json",
        scenarioJson(R"({"kind": "constant", "rate": "1000000000/s"})",
                     kGcra + R"(, {"id": "g2", "algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}})", {}, "1000s")
            .toUtf8());
    const QString out = m_dir.filePath("huge-out");
    const Run r = run({"run", file, "--out", out});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.startsWith("ratelab-cli: " + file + ": traffic: about 1,000,000,000,000 requests in 1000s"),
             qPrintable(r.err));
    QVERIFY2(r.err.contains("x 2 algorithms = 2,000,000,000,000 decisions, over the cap of 1,000,000,000"), qPrintable(r.err));
    QVERIFY2(r.err.contains("--allow-large"), qPrintable(r.err));
    QCOMPARE(r.err.count('\n'), 1);
    QVERIFY(!QFileInfo::exists(out));
    // The flag exists, and a scenario under the cap runs with or without it.
    const QString small = writeTrace("small.json", scenarioJson(R"({"kind": "constant", "rate": "10/s"})").toUtf8());
    const Run allowed = run({"run", small, "--allow-large"});
    QCOMPARE(allowed.exitCode, 0);
    QVERIFY2(allowed.out.contains(" 100 requests over 10 s"), qPrintable(allowed.out));
}

// Memory follows the population, not the requests: 1,000 requests over 50 million clients
// would take 3 GiB. Estimated by hand, for gcra by user (an 8-byte state, uniform popularity):
// 8 B a client for the population, and per key twice (8 + 16) B plus a byte, 57 B a client:
// 2.85 GB, 2.7 GiB, the lane alone 2.45 GB, 2.3 GiB. Refused before anything is allocated;
// at 2 million clients (114 MB estimated) the run stays within 1.5x of the estimate.
void TestCli::runRefusesMemoryOverTheCap()
{
    const auto scenario = [&](const QString& name, const QString& clients) {
        return writeTrace(name,
                          (R"({"duration": "10s", "population": {"clients": )" + clients
                           + R"(}, "traffic": [{"kind": "poisson", "rate": "100/s"}], "algorithms": [{"algorithm": "gcra", )"
                             R"("params": {"rate": "10/s", "burst": 5}, "keys": "user"}]})")
                              .toUtf8());
    };
    const QString huge = scenario("many-clients.json", "50000000");
    const ratelab::test::MeasuredRun refused =
        ratelab::test::runMeasured(QStringLiteral(RATELAB_CLI_PATH), {"run", huge}, m_dir.filePath("refused.err"));
    QCOMPARE(refused.exitCode, 2);
    QFile err(m_dir.filePath("refused.err"));
    QVERIFY(err.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(err.readAll()),
             "ratelab-cli: " + huge
                 + ": population.clients: about 2.7 GiB of state for 50,000,000 clients, whatever the requests "
                   "(algorithms[0] gcra alone 2.3 GiB for 50,000,000 keys), over the cap of 2.0 GiB; lower "
                   "population.clients, or run it with --allow-large\n");
    QVERIFY2(refused.peakRssKiB < 64 * 1024, qPrintable(QString::number(refused.peakRssKiB) + " KiB"));

    const ratelab::test::MeasuredRun measured = ratelab::test::runMeasured(
        QStringLiteral(RATELAB_CLI_PATH), {"run", scenario("two-million-clients.json", "2000000")}, m_dir.filePath("run.err"));
    QCOMPARE(measured.exitCode, 0);
    const double estimateKiB = 114e6 / 1024;
    QVERIFY2(measured.peakRssKiB > estimateKiB / 1.5 && measured.peakRssKiB < estimateKiB * 1.5,
             qPrintable(QStringLiteral("%1 KiB measured, %2 KiB estimated").arg(measured.peakRssKiB).arg(estimateKiB)));
}

// endpoint-tiers (resources/scenarios): per user, the busy user's window of 90 fills at 30 s
// with 2 x 30 searches and 30 health checks, the quiet user's 60 health checks pass; per user
// and endpoint, /search stops at its 60 and all 120 health checks pass. Printed per endpoint;
// a scenario with one endpoint prints no breakdown.
void TestCli::runBreaksDownByEndpoint()
{
    const Run r = run({"run", "endpoint-tiers"});
    QCOMPARE(r.exitCode, 0);
    const auto row = [](const char* endpoint, int requests, int allowed, const char* accept, const char* limit) {
        return QString::asprintf("  %-30s %10d %10d %10d %8s  %s\n", endpoint, requests, allowed, requests - allowed, accept,
                                 limit);
    };
    const QString perUser = "per user\n" + row("GET /search", 120, 60, "50.0%", "params")
        + row("GET /health", 120, 90, "75.0%", "params") + row("GET /items", 15, 15, "100.0%", "params");
    const QString perEndpoint = "per user and endpoint\n" + row("GET /search", 120, 60, "50.0%", "per_endpoint /search")
        + row("GET /health", 120, 120, "100.0%", "per_endpoint /health") + row("GET /items", 15, 15, "100.0%", "params");
    QVERIFY2(r.out.contains("by endpoint"), qPrintable(r.out));
    QVERIFY2(r.out.contains(perUser), qPrintable(r.out));
    QVERIFY2(r.out.contains(perEndpoint), qPrintable(r.out));
    QVERIFY(!run({"run", "steady-poisson"}).out.contains("by endpoint"));
}

void TestCli::unreadablePathsAreBadInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("expected");  // the whole line after "ratelab-cli: "

    QFile::link(m_dir.filePath("loop-b"), m_dir.filePath("loop-a"));
    QFile::link(m_dir.filePath("loop-a"), m_dir.filePath("loop-b"));
    const QString loop = m_dir.filePath("loop-a");
    const QString longName = m_dir.filePath(QString(300, QLatin1Char('n')));
    const QString tooLong = "File name too long";
    const QString loops = "Too many levels of symbolic links";
    const QStringList decide = {"decide", "--algorithm", "gcra", "--param", "rate=1/s", "--param", "burst=1", "--trace"};
    for (const auto& [name, path, reason] : {std::tuple{"long name", longName, tooLong}, std::tuple{"link loop", loop, loops}}) {
        const QString tag = QString::fromLatin1(name);
        QTest::newRow(qPrintable("run, " + tag))
            << QStringList{"run", path} << path + ": cannot open the scenario file: " + reason;
        QTest::newRow(qPrintable("decide, " + tag))
            << (QStringList(decide) << path) << path + ": cannot open the trace file: " + reason;
        QTest::newRow(qPrintable("import, " + tag))
            << QStringList{"import", path} << "import: " + path + ": cannot open the log file: " + reason;
        QTest::newRow(qPrintable("import --tiers, " + tag))
            << QStringList{"import", "-", "--tiers", path} << "import: " + path + ": cannot open the tier map: " + reason;
        QTest::newRow(qPrintable("recommend, " + tag))
            << QStringList{"recommend", path} << "recommend: " + path + ": cannot open the file: " + reason;
        // A trace a scenario replays: the file's problem, at its field.
        const QString scenario = ratelab::test::writeFile(
            m_dir, "replay-" + tag.left(4) + ".json",
            scenarioJson(R"({"kind": "trace", "file": ")" + path + R"("})", kGcra, R"(, "keys": "recorded")").toUtf8());
        QTest::newRow(qPrintable("a replayed trace, " + tag))
            << QStringList{"run", scenario} << path + ":0: file: cannot open the trace: " + reason;
        const QString logScenario = ratelab::test::writeFile(
            m_dir, "replay-log-" + tag.left(4) + ".json",
            scenarioJson(R"({"kind": "log", "file": ")" + path + R"("})", kGcra, R"(, "keys": "recorded")").toUtf8());
        QTest::newRow(qPrintable("a replayed log, " + tag))
            << QStringList{"run", logScenario} << path + ":0: file: cannot open the log file: " + reason;
    }
}

void TestCli::unreadablePathsAreBadInput()
{
    QFETCH(QStringList, args);
    QFETCH(QString, expected);
    const Run r = run(args);
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.err, "ratelab-cli: " + expected + "\n");
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
