// The Lua scripts `ratelab-cli export --as redis-lua` writes, run in a real redis-server (the
// one the suite starts itself, tests/redis/redis-fixture), decide as `ratelab-cli decide` does,
// column for column: called by hand through redis-cli as a user would, and through the live
// backend (`decide --backend`) on seeded traces of thousands of requests over dozens of keys,
// at epoch-sized times, many on window boundaries, with costs above 1. With the server's
// clock (`--clock redis`) a script reads TIME instead. The presets redis_rate_gcra and
// redis_incr_expire are checked the same way, and against the decisions of their own
// references (tests/data/reference: redis_rate's script and the INCR pattern in redis-server).

#include "cli/processrun.h"
#include "redis/redisurl.h"

#include "engine/limitconfig/redismemory.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <cstdint>
#include <functional>
#include <memory>

class TestRedisLua : public QObject {
    Q_OBJECT

private slots:
    void luaAgreesWithEngine_data();
    void luaAgreesWithEngine();
    void backendAgreesWithEngine_data() { luaAgreesWithEngine_data(); }
    void backendAgreesWithEngine();
    void clusterBackendAgreesWithEngine_data() { luaAgreesWithEngine_data(); }
    void clusterBackendAgreesWithEngine();
    void presetsDecideAsTheirReferences_data();
    void presetsDecideAsTheirReferences();
    void serverClockDecidesNow();
    void backendFailuresAreOneLine();
    void outageDecidedByThePolicy();
    void configurationErrorsEndTheRun_data();
    void configurationErrorsEndTheRun();
    void interruptEndsAWaitOnAHungServer();
    void memoryPerKeyAsMeasured_data();
    void memoryPerKeyAsMeasured();

private:
    struct Run {
        int exitCode;
        QByteArray out;
        QString err;
    };
    Run run(const QString& program, const QStringList& args, const QByteArray& stdinData = {});
    Run cli(const QStringList& args) { return run(QStringLiteral(RATELAB_CLI_PATH), args); }
    void compareWithBackend(const QString& url, const QString& name);
    QString write(const QString& name, const QByteArray& content);

    QTemporaryDir m_dir;
};

namespace {
QByteArray randomTrace(int count, int keys, std::uint64_t seed, qint64 start);
}  // namespace

TestRedisLua::Run TestRedisLua::run(const QString& program, const QStringList& args, const QByteArray& stdinData)
{
    const ratelab::test::ProcessResult r = ratelab::test::runProcess(program, args, stdinData, 120000);
    return {r.exitCode, r.out, QString::fromUtf8(r.err)};
}

QString TestRedisLua::write(const QString& name, const QByteArray& content)
{
    return ratelab::test::writeFile(m_dir, name, content);
}

void TestRedisLua::luaAgreesWithEngine_data()
{
    QTest::addColumn<QString>("algorithm");
    QTest::addColumn<QStringList>("params");
    QTest::addColumn<qint64>("start");  // the traces' first time
    constexpr qint64 y2015 = 1431857103000000;
    constexpr qint64 y2026 = 1780000000000000;
    QTest::newRow("gcra") << QString("gcra") << QStringList{"rate=7/s", "burst=4"} << y2015;
    QTest::newRow("gcra per minute") << QString("gcra") << QStringList{"rate=13/m", "burst=3"} << y2015;
    QTest::newRow("token_bucket") << QString("token_bucket") << QStringList{"capacity=5", "refill=3/s"} << y2015;
    QTest::newRow("token_bucket interval") << QString("token_bucket")
                                           << QStringList{"capacity=4", "refill=2.5/s", "refill_mode=interval", "interval=400ms"}
                                           << y2015;
    QTest::newRow("leaky_bucket") << QString("leaky_bucket") << QStringList{"rate=4/s", "burst=3"} << y2015;
    QTest::newRow("fixed_window") << QString("fixed_window") << QStringList{"limit=5", "window=1s"} << y2015;
    QTest::newRow("fixed_window first") << QString("fixed_window")
                                        << QStringList{"limit=5", "window=1s", "align=first", "count_rejected=true"} << y2015;
    QTest::newRow("sliding_window_log") << QString("sliding_window_log") << QStringList{"limit=5", "window=1s"} << y2015;
    QTest::newRow("sliding_window_log inclusive")
        << QString("sliding_window_log") << QStringList{"limit=4", "window=500ms", "boundary=inclusive"} << y2015;
    QTest::newRow("sliding_window_counter") << QString("sliding_window_counter") << QStringList{"limit=6", "window=1s"} << y2015;
    // redis_rate counts seconds from 2017-01-01 in doubles: before it (now < 0) and after.
    QTest::newRow("redis_rate_gcra") << QString("redis_rate_gcra") << QStringList{"rate=7/s", "burst=4"} << y2026;
    QTest::newRow("redis_rate_gcra 2015") << QString("redis_rate_gcra") << QStringList{"rate=7/s", "burst=4"} << y2015;
    QTest::newRow("redis_rate_gcra per minute") << QString("redis_rate_gcra") << QStringList{"rate=13/m", "burst=3"} << y2026;
    QTest::newRow("redis_rate_gcra 2.5 per s") << QString("redis_rate_gcra") << QStringList{"rate=2.5/s", "burst=2"} << y2026;
    QTest::newRow("redis_incr_expire") << QString("redis_incr_expire") << QStringList{"limit=5", "window=1s"} << y2026;
    QTest::newRow("redis_incr_expire 250ms") << QString("redis_incr_expire") << QStringList{"limit=3", "window=250ms"} << y2015;
}

void TestRedisLua::luaAgreesWithEngine()
{
    QFETCH(QString, algorithm);
    QFETCH(QStringList, params);
    QFETCH(qint64, start);
    const ratelab::test::RedisUrl redis = ratelab::test::redisUrl();
    QVERIFY2(!redis.url.isEmpty(), qPrintable(redis.problem));
    const QString& url = redis.url;
    const QString redisCli = QStandardPaths::findExecutable("redis-cli");
    QVERIFY2(!redisCli.isEmpty(), "redis-cli is not installed: run .ci/install-deps");

    QStringList exportArgs{"export", "--algorithm", algorithm, "--as", "redis-lua"};
    for (const QString& p : params)
        exportArgs << "--param" << p;
    const Run script = cli(exportArgs);
    QCOMPARE(script.exitCode, 0);
    const Run loaded = run(redisCli, {"-u", url, "-x", "script", "load"}, script.out);
    QVERIFY2(loaded.exitCode == 0, qPrintable(loaded.err));
    const QByteArray sha = loaded.out.trimmed();
    QCOMPARE(sha.size(), 40);

    // 400 requests over three keys at epoch-sized times, gaps from 0 to ~600 ms (a fixed
    // LCG), some of cost 2 and a few of cost 9 (above every limit here: retry -1).
    QByteArray trace = "t_us,key,cost\n";
    QByteArray commands;
    const QByteArray prefix = "ratelab-test:" + QByteArray::number(QCoreApplication::applicationPid()) + ":"
        + QByteArray(QTest::currentDataTag()).replace(' ', '_') + ":";
    std::uint64_t state = 12345;
    qint64 t = start;
    for (int i = 0; i < 400; ++i) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        const auto r = static_cast<qint64>(state >> 33);
        t += (r % 4 == 0) ? 0 : (r % 600001);
        const QByteArray key = "k" + QByteArray::number(r % 3);
        const int cost = r % 41 == 0 ? 9 : (r % 5 == 0 ? 2 : 1);
        trace += QByteArray::number(t) + "," + key + "," + QByteArray::number(cost) + "\n";
        const QByteArray base = prefix + "{" + key + "}";
        const QByteArray keys = algorithm == "sliding_window_log" ? "2 " + base + " " + base + ":seq" : "1 " + base;
        commands += "EVALSHA " + sha + " " + keys + " " + QByteArray::number(t) + " " + QByteArray::number(cost) + "\n";
    }
    const QString tracePath = write("lua-" + QString(QTest::currentDataTag()).replace(' ', '_') + ".csv", trace);
    QStringList decideArgs{"decide", "--algorithm", algorithm, "--trace", tracePath};
    for (const QString& p : params)
        decideArgs << "--param" << p;
    const Run engine = cli(decideArgs);
    QVERIFY2(engine.exitCode == 0, qPrintable(engine.err));
    const Run replied = run(redisCli, {"-u", url}, commands);
    QVERIFY2(replied.exitCode == 0, qPrintable(replied.err));

    const QList<QByteArray> expected = engine.out.trimmed().split('\n');
    const QList<QByteArray> replies = replied.out.trimmed().split('\n');
    QCOMPARE(replies.size(), 4 * (expected.size() - 1));
    for (qsizetype i = 1; i < expected.size(); ++i) {
        const QList<QByteArray> e = expected[i].split(',');  // t_us,key,cost,allowed,remaining,retry_after_us,delay_us
        const qsizetype at = 4 * (i - 1);
        const QByteArray got = replies[at] + "," + replies[at + 1] + "," + replies[at + 2] + "," + replies[at + 3];
        const QByteArray want = e[3] + "," + e[4] + "," + e[5] + "," + e[6];
        QVERIFY2(
            got == want,
            qPrintable(
                QString("request %1 (%2): redis %3, engine %4").arg(i).arg(QString(expected[i]), QString(got), QString(want))));
    }
}

namespace {

// A seeded trace of `count` requests over `keys` keys at epoch-sized times: gaps of 0 (the
// same instant), of up to ~300 ms, and jumps to the next whole second (a window boundary for
// every window here), costs 1 to 3 and now and then 9 (above every limit: retry -1).
QByteArray randomTrace(int count, int keys, std::uint64_t seed, qint64 start)
{
    QByteArray trace = "t_us,key,cost\n";
    std::uint64_t state = seed;
    qint64 t = start;
    for (int i = 0; i < count; ++i) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        const auto r = static_cast<qint64>(state >> 33);
        if (r % 7 == 0)
            t = (t / 1000000 + 1) * 1000000;
        else if (r % 3 != 0)
            t += r % 300001;
        const int cost = r % 53 == 0 ? 9 : int(1 + (r >> 8) % 3);
        trace += QByteArray::number(t) + ",key-" + QByteArray::number((r >> 4) % keys) + "," + QByteArray::number(cost) + "\n";
    }
    return trace;
}

}  // namespace

// 5,000 requests over 40 keys through `decide` and through `decide --backend URL`: the two
// outputs are the same, byte for byte.
void TestRedisLua::compareWithBackend(const QString& url, const QString& name)
{
    QFETCH(QString, algorithm);
    QFETCH(QStringList, params);
    QFETCH(qint64, start);
    const QString tag = QString(QTest::currentDataTag()).replace(' ', '_');
    const QString tracePath = write(name + "-" + tag + ".csv", randomTrace(5000, 40, 777, start));
    QStringList args{"decide", "--algorithm", algorithm, "--trace", tracePath};
    for (const QString& p : params)
        args << "--param" << p;
    const Run engine = cli(args);
    QVERIFY2(engine.exitCode == 0, qPrintable(engine.err));
    const QString prefix = QStringLiteral("ratelab-%1:%2:%3:").arg(name).arg(QCoreApplication::applicationPid()).arg(tag);
    const Run live = cli(args << "--backend" << url << "--key-prefix" << prefix);
    QVERIFY2(live.exitCode == 0, qPrintable(live.err));
    QCOMPARE(live.out.count('\n'), qsizetype(5001));
    const QList<QByteArray> want = engine.out.split('\n');
    const QList<QByteArray> got = live.out.split('\n');
    QCOMPARE(got.size(), want.size());
    for (qsizetype i = 0; i < want.size(); ++i)
        QVERIFY2(got[i] == want[i],
                 qPrintable(QString("line %1: redis %2, engine %3").arg(i + 1).arg(QString(got[i]), QString(want[i]))));
}

void TestRedisLua::backendAgreesWithEngine()
{
    const ratelab::test::RedisUrl redis = ratelab::test::redisUrl();
    QVERIFY2(!redis.url.isEmpty(), qPrintable(redis.problem));
    compareWithBackend(redis.url, QStringLiteral("backend"));
}

// The same through a Redis Cluster of three masters: each request goes to its key's slot's
// master (the 40 keys fall on all three), the sliding log's two keys in one slot.
void TestRedisLua::clusterBackendAgreesWithEngine()
{
    const ratelab::test::RedisUrl cluster = ratelab::test::redisClusterUrl();
    QVERIFY2(!cluster.url.isEmpty(), qPrintable(cluster.problem));
    compareWithBackend(cluster.url, QStringLiteral("cluster"));
}

void TestRedisLua::presetsDecideAsTheirReferences_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("params");
    QFile cases(QStringLiteral(RATELAB_TEST_DATA "/reference/cases.json"));
    QVERIFY(cases.open(QIODevice::ReadOnly));
    int rows = 0;
    for (const QJsonValue& c : QJsonDocument::fromJson(cases.readAll()).array()) {
        const QJsonObject o = c.toObject();
        const QString algorithm = o.value("algorithm").toString();
        if (algorithm != "redis_rate_gcra" && algorithm != "redis_incr_expire")
            continue;
        QStringList params{"--algorithm", algorithm};
        const QJsonObject p = o.value("params").toObject();
        for (auto it = p.begin(); it != p.end(); ++it)
            params << "--param" << it.key() + "=" + it.value().toString();
        const QString file = o.value("file").toString();
        QTest::newRow(qPrintable(file)) << file << params;
        ++rows;
    }
    QCOMPARE(rows, 6);  // four redis_rate cases, two INCR ones
}

// The exported script, through `decide --backend`, on the traces the references decided:
// redis_rate's own script (allowed and remaining, which it reports exactly; its retry is
// float seconds) and the INCR pattern (allowed), every row, in the real Redis.
void TestRedisLua::presetsDecideAsTheirReferences()
{
    QFETCH(QString, file);
    QFETCH(QStringList, params);
    const ratelab::test::RedisUrl redis = ratelab::test::redisUrl();
    QVERIFY2(!redis.url.isEmpty(), qPrintable(redis.problem));
    QFile csv(QStringLiteral(RATELAB_TEST_DATA "/reference/") + file);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> reference = csv.readAll().trimmed().split('\n');
    const QList<QByteArray> columns = reference.front().split(',');
    QVERIFY(columns.size() >= 4 && columns[3] == "allowed");
    const bool withRemaining = columns.size() > 4 && columns[4] == "remaining";
    QByteArray trace = "t_us,key,cost\n";
    for (qsizetype i = 1; i < reference.size(); ++i)
        trace += reference[i].split(',').mid(0, 3).join(',') + "\n";
    const QString prefix = QStringLiteral("ratelab-reference:%1:%2:").arg(QCoreApplication::applicationPid()).arg(file);
    const Run live = cli(QStringList{"decide"} << params << "--trace" << write(file, trace) << "--backend" << redis.url
                                               << "--key-prefix" << prefix);
    QVERIFY2(live.exitCode == 0, qPrintable(live.err));
    const QList<QByteArray> got = live.out.trimmed().split('\n');  // t_us,key,cost,allowed,remaining,...
    QCOMPARE(got.size(), reference.size());
    for (qsizetype i = 1; i < reference.size(); ++i) {
        const QList<QByteArray> want = reference[i].split(',');
        const QList<QByteArray> row = got[i].split(',');
        QByteArray mine = row[3];
        QByteArray theirs = want[3];
        if (withRemaining) {
            mine += "," + row[4];
            theirs += "," + want[4];
        }
        QVERIFY2(mine == theirs,
                 qPrintable(QString("row %1 (%2): script %3, reference %4")
                                .arg(i)
                                .arg(QString(reference[i]), QString(mine), QString(theirs))));
    }
}

// With --clock redis a script reads the server's TIME: a fresh key's bucket of 3 refilled 1 a
// minute admits 3 requests in a row and refuses the 4th (a refill needs a minute; the calls
// take milliseconds), whatever time the caller has.
void TestRedisLua::serverClockDecidesNow()
{
    const ratelab::test::RedisUrl redis = ratelab::test::redisUrl();
    QVERIFY2(!redis.url.isEmpty(), qPrintable(redis.problem));
    const QString redisCli = QStandardPaths::findExecutable("redis-cli");
    QVERIFY2(!redisCli.isEmpty(), "redis-cli is not installed: run .ci/install-deps");
    const Run script = cli({"export", "--algorithm", "token_bucket", "--param", "capacity=3", "--param", "refill=1/m", "--as",
                            "redis-lua", "--clock", "redis"});
    QCOMPARE(script.exitCode, 0);
    QVERIFY(script.out.contains("redis.call('TIME')"));
    const QByteArray key = "ratelab-clock:" + QByteArray::number(QCoreApplication::applicationPid()) + ":{k}";
    QByteArray allowed;
    for (int i = 0; i < 4; ++i) {
        const Run r = run(redisCli, {"-u", redis.url, "EVAL", QString::fromUtf8(script.out), "1", QString(key), "1"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        allowed += r.out.split('\n').front().trimmed();
    }
    QCOMPARE(allowed, QByteArray("1110"));
    // The presets with the server's clock: redis_rate's own TIME arithmetic, a burst of 3 at
    // 1/m; 3 a day in the INCR pattern's window of the day (a boundary between the four calls
    // is a few milliseconds in a day away).
    const QList<QStringList> presets{{"redis_rate_gcra", "rate=1/m", "burst=3"}, {"redis_incr_expire", "limit=3", "window=24h"}};
    for (const QStringList& preset : presets) {
        const Run presetScript = cli({"export", "--algorithm", preset[0], "--param", preset[1], "--param", preset[2], "--as",
                                      "redis-lua", "--clock", "redis"});
        QCOMPARE(presetScript.exitCode, 0);
        QVERIFY(presetScript.out.contains("redis.call('TIME')"));
        const QByteArray presetKey =
            "ratelab-clock:" + QByteArray::number(QCoreApplication::applicationPid()) + ":{" + preset[0].toUtf8() + "}";
        QByteArray decided;
        for (int i = 0; i < 4; ++i) {
            const Run r =
                run(redisCli, {"-u", redis.url, "EVAL", QString::fromUtf8(presetScript.out), "1", QString(presetKey), "1"});
            QVERIFY2(r.exitCode == 0, qPrintable(r.err));
            decided += r.out.split('\n').front().trimmed();
        }
        QCOMPARE(decided, QByteArray("1110"));
    }
    QCOMPARE(cli({"export", "--algorithm", "leaky_bucket", "--as", "nginx", "--clock", "redis"}).exitCode, 2);
}

// A server that is not there, and a bad URL: one line each, exit 1 and 2, at once.
void TestRedisLua::backendFailuresAreOneLine()
{
    const QString trace = write("one.csv", "t_us,key,cost\n0,a,1\n");
    const Run gone = cli({"decide", "--algorithm", "gcra", "--param", "rate=1/s", "--param", "burst=1", "--trace", trace,
                          "--backend", "redis://127.0.0.1:1"});
    QCOMPARE(gone.exitCode, 1);
    QCOMPARE(gone.err, QStringLiteral("ratelab-cli: redis://127.0.0.1:1/0: cannot connect: Connection refused\n"));
    const Run bad = cli({"decide", "--algorithm", "gcra", "--param", "rate=1/s", "--param", "burst=1", "--trace", trace,
                         "--backend", "http://x"});
    QCOMPARE(bad.exitCode, 2);
    QCOMPARE(bad.err, QStringLiteral("ratelab-cli: --backend http://x: expected redis://HOST[:PORT][/DB]\n"));
    // A password is never printed, whatever else is wrong with the URL.
    const Run secret = cli({"decide", "--algorithm", "gcra", "--param", "rate=1/s", "--param", "burst=1", "--trace", trace,
                            "--backend", "redis://:WrongSecret@127.0.0.1:notaport"});
    QCOMPARE(secret.exitCode, 2);
    QCOMPARE(secret.err, QStringLiteral("ratelab-cli: --backend redis://:***@127.0.0.1:notaport: the port must be 1 to 65535\n"));
    const Run preset = cli({"decide", "--algorithm", "nginx_limit_req", "--trace", trace, "--backend", "redis://127.0.0.1:1"});
    QCOMPARE(preset.exitCode, 2);
}

// A server of the test's own goes away between two batches of a trace read from a pipe and
// comes back on the same port before the third: batch 1 (keys a*) is decided by Redis as the
// engine decides it, batch 2 by fail_closed (all refused), batch 3 (keys c*, fresh, as the
// restarted server holds nothing) by Redis again after a reconnect; the summary counts each.
void TestRedisLua::outageDecidedByThePolicy()
{
    const QString fixture = QStringLiteral(RATELAB_SOURCE_DIR "/tests/redis/redis-fixture");
    const QString dir = m_dir.filePath(QStringLiteral("outage-server"));
    QCOMPARE(run(fixture, {"start", dir}).exitCode, 0);
    // Stopped however the test ends: a failed check returns at once.
    const std::unique_ptr<void, std::function<void(void*)>> stopServer(this, [&](void*) { run(fixture, {"stop", dir}); });
    QFile urlFile(dir + "/url");
    QVERIFY(urlFile.open(QIODevice::ReadOnly));
    const QString url = QString::fromUtf8(urlFile.readAll()).trimmed();
    const QString port = url.section(':', -1);
    const auto batch = [](char prefix, qint64 from) {
        QByteArray rows;
        for (int i = 0; i < 4096; ++i)
            rows += QByteArray::number(from + i * 1000) + "," + prefix + QByteArray::number(i % 50) + ",1\n";
        return rows;
    };
    const QByteArray first = batch('a', 1431857103000000), second = batch('b', 1431857108000000),
                     third = batch('c', 1431857113000000);
    const QStringList params{"--algorithm", "gcra", "--param", "rate=20/s", "--param", "burst=5"};

    QProcess decide;
    decide.start(QStringLiteral(RATELAB_CLI_PATH),
                 QStringList{"decide"} << params << "--trace"
                                       << "-"
                                       << "--backend" << url << "--on-failure"
                                       << "fail_closed");
    QVERIFY(decide.waitForStarted());
    QByteArray out;
    const auto readLines = [&](int lines) {
        while (out.count('\n') < lines && decide.waitForReadyRead(20000))
            out += decide.readAllStandardOutput();
        return out.count('\n') >= lines;
    };
    decide.write("t_us,key,cost\n" + first);
    QVERIFY2(readLines(1 + 4096), qPrintable(QString::number(out.count('\n')) + decide.readAllStandardError()));
    QCOMPARE(run(fixture, {"stop", dir}).exitCode, 0);
    decide.write(second);
    QVERIFY(readLines(1 + 2 * 4096));
    QCOMPARE(run(fixture, {"start", dir, port}).exitCode, 0);
    decide.write(third);
    decide.closeWriteChannel();
    QVERIFY(decide.waitForFinished(30000));
    out += decide.readAllStandardOutput();
    const QString err = QString::fromUtf8(decide.readAllStandardError());
    QCOMPARE(decide.exitCode(), 0);

    const auto engineRows = [&](const QByteArray& rows) {
        const QString trace = write(QStringLiteral("outage-part.csv"), "t_us,key,cost\n" + rows);
        return cli(QStringList{"decide"} << params << "--trace" << trace).out.split('\n').mid(1, 4096);
    };
    const QList<QByteArray> lines = out.split('\n');
    QCOMPARE(lines.mid(1, 4096), engineRows(first));
    for (const QByteArray& line : lines.mid(1 + 4096, 4096))
        QCOMPARE(line.split(',')[3], QByteArray("0"));
    QCOMPARE(lines.mid(1 + 2 * 4096, 4096), engineRows(third));
    QVERIFY2(err.startsWith(
                 QStringLiteral("ratelab-cli: decided 12288: 8192 by %1/0, 4096 by fail_closed (1 failure, 1 reconnect; last: ")
                     .arg(url)),
             qPrintable(err));
}

// A server that answers no is not an outage: a refused password, a command the user may not
// run or a database the server lacks ends the run with its one line and exit 2, whatever the
// policy, and no request is decided (by Redis or by the policy). The users are made in the
// suite's server with ACL SETUSER; the replies quoted are redis-server's own.
void TestRedisLua::configurationErrorsEndTheRun_data()
{
    QTest::addColumn<QString>("user");     // USER:PASSWORD@, or empty
    QTest::addColumn<QString>("db");       // the URL's /DB
    QTest::addColumn<QString>("printed");  // the address as printed
    QTest::addColumn<QString>("reply");    // what follows it
    QTest::newRow("wrong password") << "rl-cfg-user:wrong@"
                                    << "0"
                                    << "rl-cfg-user@"
                                    << ": AUTH: WRONGPASS invalid username-password pair or user is disabled.";
    QTest::newRow("unknown user") << "rl-cfg-nobody:pw@"
                                  << "0"
                                  << "rl-cfg-nobody@"
                                  << ": AUTH: WRONGPASS invalid username-password pair or user is disabled.";
    QTest::newRow("no scripts allowed") << "rl-cfg-noscript:pw@"
                                        << "0"
                                        << "rl-cfg-noscript@"
                                        << ": SCRIPT LOAD: NOPERM";
    QTest::newRow("missing database") << ""
                                      << "99"
                                      << ""
                                      << ": SELECT: ERR DB index is out of range";
}

void TestRedisLua::configurationErrorsEndTheRun()
{
    QFETCH(QString, user);
    QFETCH(QString, db);
    QFETCH(QString, printed);
    QFETCH(QString, reply);
    const ratelab::test::RedisUrl server = ratelab::test::redisUrl();
    QVERIFY2(!server.url.isEmpty(), qPrintable(server.problem));
    const QString hostPort = server.url.mid(QStringLiteral("redis://").size());
    const QStringList redisCli{"-h", hostPort.section(':', 0, 0), "-p", hostPort.section(':', 1, 1)};
    for (const QStringList& acl :
         {QStringList{"ACL", "SETUSER", "rl-cfg-user", "on", ">right", "~*", "+@all"},
          QStringList{"ACL", "SETUSER", "rl-cfg-noscript", "on", ">pw", "~*", "+@all", "-script", "-evalsha", "-eval"}}) {
        const Run made = run(QStandardPaths::findExecutable("redis-cli"), redisCli + acl);
        QCOMPARE(made.out.trimmed(), QByteArray("OK"));
    }
    const QString trace = write("config.csv", "t_us,key,cost\n0,a,1\n1000,b,1\n");
    const QString url = "redis://" + user + hostPort + "/" + db;
    const QString expected = "ratelab-cli: redis://" + printed + hostPort + "/" + db + reply;
    for (const QString& policy : QStringList{"", "fail_open", "fail_closed", "local_fallback"}) {
        QStringList args{"decide",  "--algorithm", "gcra", "--param",   "rate=1/s", "--param",
                         "burst=1", "--trace",     trace,  "--backend", url};
        if (!policy.isEmpty())
            args << "--on-failure" << policy;
        const Run r = cli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.startsWith(expected) && r.err.count('\n') == 1 && r.err.endsWith('\n'), qPrintable(policy + ": " + r.err));
        QVERIFY2(!r.err.contains("wrong") && !r.err.contains(":pw"), qPrintable(r.err));  // no password printed
        QCOMPARE(r.out.count('\n'), 0);  // nothing decided, not even by the policy
    }
}

// Ctrl-C while the server is stopped (SIGSTOP: connections are accepted, nothing answers)
// ends decide at once with 130, not after the 10 s timeout of the read it waits in; with a
// policy too.
void TestRedisLua::interruptEndsAWaitOnAHungServer()
{
    const QString fixture = QStringLiteral(RATELAB_SOURCE_DIR "/tests/redis/redis-fixture");
    const QString dir = m_dir.filePath(QStringLiteral("hung-server"));
    QCOMPARE(run(fixture, {"start", dir}).exitCode, 0);
    QFile pidFile(dir + "/pid"), urlFile(dir + "/url");
    QVERIFY(pidFile.open(QIODevice::ReadOnly) && urlFile.open(QIODevice::ReadOnly));
    const pid_t server = pid_t(pidFile.readAll().trimmed().toInt());
    const QString url = QString::fromUtf8(urlFile.readAll()).trimmed();
    const std::unique_ptr<void, std::function<void(void*)>> stopServer(this, [&](void*) {
        ::kill(server, SIGCONT);
        run(fixture, {"stop", dir});
    });
    const QString trace = write("hung.csv", "t_us,key,cost\n0,a,1\n1000,b,1\n");
    QCOMPARE(::kill(server, SIGSTOP), 0);
    for (const QString& policy : QStringList{"", "fail_open"}) {
        QStringList args{"decide",  "--algorithm", "gcra", "--param",   "rate=1/s", "--param",
                         "burst=1", "--trace",     trace,  "--backend", url};
        if (!policy.isEmpty())
            args << "--on-failure" << policy;
        QProcess decide;
        decide.start(QStringLiteral(RATELAB_CLI_PATH), args);
        QVERIFY(decide.waitForStarted());
        QTest::qWait(700);  // connected, waiting for the reply to SCRIPT LOAD
        QCOMPARE(decide.state(), QProcess::Running);
        QElapsedTimer sinceInterrupt;
        sinceInterrupt.start();
        QCOMPARE(::kill(pid_t(decide.processId()), SIGINT), 0);
        QVERIFY(decide.waitForFinished(15000));
        const qint64 took = sinceInterrupt.elapsed();
        QCOMPARE(decide.exitStatus(), QProcess::NormalExit);
        QCOMPARE(decide.exitCode(), 130);
        QVERIFY2(took < 2000, qPrintable(policy + ": " + QString::number(took) + " ms after Ctrl-C"));
        QCOMPARE(decide.readAllStandardError(), QByteArray("ratelab-cli: interrupted\n"));
    }
}

void TestRedisLua::memoryPerKeyAsMeasured_data()
{
    QTest::addColumn<QString>("algorithm");
    QTest::addColumn<QStringList>("params");
    QTest::addColumn<int>("entries");
    QTest::newRow("token_bucket") << "token_bucket" << QStringList{"capacity=5", "refill=3/s"} << 1;
    QTest::newRow("leaky_bucket") << "leaky_bucket" << QStringList{"rate=4/s", "burst=3"} << 1;
    QTest::newRow("fixed_window") << "fixed_window" << QStringList{"limit=50", "window=1s"} << 1;
    QTest::newRow("sliding_window_counter") << "sliding_window_counter" << QStringList{"limit=6", "window=1s"} << 1;
    QTest::newRow("gcra") << "gcra" << QStringList{"rate=7/s", "burst=4"} << 1;
    QTest::newRow("redis_rate_gcra") << "redis_rate_gcra" << QStringList{"rate=7/s", "burst=4"} << 1;
    QTest::newRow("redis_incr_expire") << "redis_incr_expire" << QStringList{"limit=50", "window=1s"} << 1;
    QTest::newRow("sliding_window_log, 1 entry") << "sliding_window_log" << QStringList{"limit=50", "window=1s"} << 1;
    QTest::newRow("sliding_window_log, 20 entries") << "sliding_window_log" << QStringList{"limit=50", "window=1s"} << 20;
}

// The bytes per key of engine/limitconfig/redismemory.h, measured again as they were: the growth
// of used_memory over 2,000 keys rl:{user-NNNNNN} (each with `entries` admitted requests) in a
// database of their own, within 10%.
void TestRedisLua::memoryPerKeyAsMeasured()
{
    QFETCH(QString, algorithm);
    QFETCH(QStringList, params);
    QFETCH(int, entries);
    const ratelab::test::RedisUrl redis = ratelab::test::redisUrl();
    QVERIFY2(!redis.url.isEmpty(), qPrintable(redis.problem));
    const QString redisCli = QStandardPaths::findExecutable("redis-cli");
    QVERIFY2(!redisCli.isEmpty(), "redis-cli is not installed: run .ci/install-deps");
    const QString db = redis.url.section('/', 0, 2) + "/9";
    const auto usedMemory = [&] {
        const QList<QByteArray> lines = run(redisCli, {"-u", db, "info", "memory"}).out.split('\n');
        for (const QByteArray& line : lines)
            if (line.startsWith("used_memory:"))
                return line.mid(12).trimmed().toDouble();
        return -1.0;
    };
    constexpr int kKeys = 2000;
    QByteArray trace = "t_us,key,cost\n";
    for (int e = 0; e < entries; ++e)
        for (int k = 0; k < kKeys; ++k)
            trace += QByteArray::number(1431857103000000 + e) + ",user-" + QByteArray::number(k).rightJustified(6, '0') + ",1\n";
    const QString tracePath = write(QStringLiteral("memory.csv"), trace);
    QCOMPARE(run(redisCli, {"-u", db, "flushdb"}).exitCode, 0);
    QStringList args{"decide", "--algorithm", algorithm, "--trace", tracePath, "--backend", db};
    for (const QString& p : params)
        args << "--param" << p;
    QCOMPARE(cli(args).exitCode, 0);  // loads the script and warms the connection buffers
    QCOMPARE(run(redisCli, {"-u", db, "flushdb"}).exitCode, 0);
    const double before = usedMemory();
    QCOMPARE(cli(args).exitCode, 0);
    const double perKey = (usedMemory() - before) / kKeys;
    run(redisCli, {"-u", db, "flushdb"});
    const std::optional<ratelab::RedisKeyMemory> model = ratelab::redisKeyMemory(algorithm.toStdString());
    QVERIFY(model);
    const double expected = model->perKey + model->perEntry * entries;
    qInfo("%s: %.1f B measured, %.1f B modelled", qPrintable(algorithm), perKey, expected);
    QVERIFY2(std::abs(perKey - expected) <= 0.10 * expected,
             qPrintable(QString("%1 B per key measured, %2 B in redismemory.h").arg(perKey).arg(expected)));
}

QTEST_GUILESS_MAIN(TestRedisLua)
#include "tst_redislua.moc"
