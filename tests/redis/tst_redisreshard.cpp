// The live backend while a Redis Cluster reshards under it: `ratelab-cli decide --backend`
// replays a million requests over 2,000 keys against the suite's 3-master cluster while
// `redis-cli --cluster reshard` moves 4,000 slots, keys and all, from one master to another.
// Requests sent to the old master get MOVED (slot gone) or ASK (slot moving, key already
// moved); the backend follows both and every decision still equals the engine's, in order.

#include "cli/processrun.h"
#include "redis/redisurl.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QUrl>
#include <QtTest>

#include <cstdint>
#include <random>

class TestRedisReshard : public QObject {
    Q_OBJECT

private slots:
    void decisionsHoldWhileSlotsMove();
};

namespace {

// Two masters of the cluster at `host:port`: the one with the most slots (the source) and another.
std::pair<QString, QString> sourceAndTarget(const QString& host, int port)
{
    const ratelab::test::ProcessResult nodes = ratelab::test::runProcess(
        QStringLiteral("redis-cli"), {"-h", host, "-p", QString::number(port), "cluster", "nodes"}, {}, 10000);
    QString source, target;
    int most = -1;
    for (const QByteArray& line : nodes.out.split('\n')) {
        const QList<QByteArray> f = line.split(' ');
        if (f.size() < 9 || !f[2].contains("master"))
            continue;
        int owned = 0;
        for (qsizetype k = 8; k < f.size(); ++k) {
            const QList<QByteArray> range = f[k].split('-');
            if (!f[k].startsWith('['))
                owned += range.size() == 2 ? range[1].toInt() - range[0].toInt() + 1 : 1;
        }
        if (owned > most) {
            if (!source.isEmpty())
                target = source;
            source = QString::fromLatin1(f[0]);
            most = owned;
        } else if (target.isEmpty()) {
            target = QString::fromLatin1(f[0]);
        }
    }
    return {source, target};
}

QByteArray trace(int count, int keys)
{
    std::mt19937_64 rng(11);
    QByteArray out = "t_us,key,cost\n";
    out.reserve(count * 20);
    std::int64_t t = 1'767'225'600'000'000;
    for (int i = 0; i < count; ++i) {
        t += static_cast<std::int64_t>(rng() % 200);
        out += QByteArray::number(t) + ",k" + QByteArray::number(static_cast<int>(rng() % keys)) + ",1\n";
    }
    return out;
}

}  // namespace

void TestRedisReshard::decisionsHoldWhileSlotsMove()
{
    const ratelab::test::RedisUrl url = ratelab::test::redisClusterUrl();
    QVERIFY2(!url.url.isEmpty(), qPrintable(url.problem));
    const QUrl parsed(url.url);
    const auto [source, target] = sourceAndTarget(parsed.host(), parsed.port(6379));
    QVERIFY2(!source.isEmpty() && !target.isEmpty(), "the cluster has fewer than two masters");

    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("trace.csv"));
    {
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(trace(1'000'000, 2'000));
    }
    const QStringList limit = {"--algorithm", "token_bucket", "--param", "capacity=5", "--param", "refill=10/s", "--trace", file};
    const QString cli = QStringLiteral(RATELAB_CLI_PATH);
    const ratelab::test::ProcessResult engine = ratelab::test::runProcess(cli, QStringList{"decide"} + limit, {}, 120000);
    QCOMPARE(engine.exitCode, 0);

    QProcess live;
    const QString prefix = QStringLiteral("reshard:%1:").arg(QCoreApplication::applicationPid());
    live.start(cli, QStringList{"decide"} + limit + QStringList{"--backend", url.url, "--key-prefix", prefix});
    QVERIFY(live.waitForStarted());
    QTest::qWait(300);  // the script loaded and the first pipelines under way
    QElapsedTimer clock;
    clock.start();
    const ratelab::test::ProcessResult reshard = ratelab::test::runProcess(
        QStringLiteral("redis-cli"),
        {"--cluster", "reshard", QStringLiteral("%1:%2").arg(parsed.host()).arg(parsed.port(6379)), "--cluster-from", source,
         "--cluster-to", target, "--cluster-slots", "4000", "--cluster-yes", "--cluster-pipeline", "5"},
        {}, 120000);
    QVERIFY2(reshard.exitCode == 0, reshard.err.constData());
    const qint64 reshardMs = clock.elapsed();
    // The slots moved while the replay ran: it had not finished when they were all moved.
    QVERIFY2(live.state() == QProcess::Running,
             qPrintable(QStringLiteral("the replay ended before the reshard (%1 ms): nothing was checked").arg(clock.elapsed())));
    QVERIFY(live.waitForFinished(300000));
    const QByteArray err = live.readAllStandardError();
    QCOMPARE(live.exitCode(), 0);
    const QRegularExpressionMatch redirected =
        QRegularExpression(QStringLiteral("^ratelab-cli: (\\d+) requests redirected \\(MOVED or ASK\\)"))
            .match(QString::fromUtf8(err));
    QVERIFY2(redirected.hasMatch(), err.constData());
    QVERIFY(redirected.captured(1).toLongLong() > 0);
    qInfo("%s requests redirected; the reshard took %lld ms", qPrintable(redirected.captured(1)),
          static_cast<long long>(reshardMs));
    const QByteArray decided = live.readAllStandardOutput();
    QCOMPARE(decided.count('\n'), engine.out.count('\n'));
    QVERIFY(decided == engine.out);
}

QTEST_GUILESS_MAIN(TestRedisReshard)
#include "tst_redisreshard.moc"
