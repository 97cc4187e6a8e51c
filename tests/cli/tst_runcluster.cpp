// `ratelab-cli run` on a cluster scenario prints the cluster table: overshoot, wrongly
// rejected, store failures, the failure policy's decisions and the decision latency, per lane,
// with figures derived by hand; a scenario without a cluster prints no such table.

#include "processrun.h"

#include <QtTest>

class TestRunCluster : public QObject {
    Q_OBJECT

private slots:
    void printsTheClusterMetrics();
    void singleInstanceHasNoClusterTable();
};

namespace {

ratelab::test::TextRun run(const QStringList& args, const QByteArray& stdinData = {})
{
    return ratelab::test::runText(QStringLiteral(RATELAB_CLI_PATH), args, stdinData, 60000);
}

// The table's row for `lane`, without the lane's name: instances, store, overshoot, wrongly
// rejected, store failures, outage a/r, and the three latencies (each a number and a unit).
QStringList clusterRow(const QString& out, const QString& lane)
{
    const QStringList lines = out.split('\n');
    const qsizetype header = lines.indexOf(QRegularExpression(QStringLiteral("^cluster +instances +store +overshoot.*")));
    if (header < 0)
        return {};
    const QRegularExpression row(QString::fromLatin1(R"(^(.{24}) +(\d+) (\S+) +(\d+) +(\d+) +(\d+) +(\d+/\d+))"
                                                     R"( +([\d.]+ (?:us|ms)) +([\d.]+ (?:us|ms)) +([\d.]+ (?:us|ms))$)"));
    for (qsizetype i = header + 1; i < lines.size(); ++i) {
        const QRegularExpressionMatch m = row.match(lines[i]);
        if (m.hasMatch() && m.captured(1).trimmed() == lane)
            return m.capturedTexts().mid(2);
    }
    return {};
}

}  // namespace

void TestRunCluster::printsTheClusterMetrics()
{
    // 40 requests a second at 0, 25, 50 ms ..., for 2 s, on one key, round robin over two
    // instances. "local": each instance admits 10 of its 20 a window, so the cluster admits 20
    // where one exact limiter admits 10: an overshoot of 10 per window, 20 in all; the 10 the
    // exact limiter admits are the cluster's first 10, so none is wrongly rejected; no store,
    // no latency. "atomic": never over 100 a second; 2 ms round trips, except for the 20
    // requests sent into the outage [0.5 s, 1 s), which fail after the 50 ms timeout and are
    // allowed (fail_open): 20 failures, 20/0 outage decisions, p50 2 ms, p99 and max 50 ms.
    const QByteArray scenario = R"({"schema": "ratelab.scenario/1", "name": "two instances", "duration": "2s",
        "population": {"clients": 1}, "keys": "global",
        "traffic": [{"kind": "constant", "label": "clients", "rate": "40/s"}],
        "cluster": {"instances": 2, "balancer": "round_robin",
                    "store": {"mode": "redis_atomic", "latency": {"kind": "constant", "rtt": "2ms"}, "timeout": "50ms"},
                    "outages": [{"from": "500ms", "to": "1s", "kind": "down"}],
                    "policy": {"on_failure": "fail_open"}},
        "algorithms": [
          {"id": "local", "algorithm": "fixed_window", "params": {"limit": 10, "window": "1s"}, "store": {"mode": "local"}},
          {"id": "atomic", "algorithm": "fixed_window", "params": {"limit": 100, "window": "1s"}}]})";
    const auto r = run({"run", "-"}, scenario);
    QCOMPARE(r.exitCode, 0);
    // instances, store, overshoot, wrongly rejected, store failures, outage a/r, p50, p99, max
    QCOMPARE(clusterRow(r.out, "local"), (QStringList{"2", "local", "20", "0", "0", "0/0", "0 us", "0 us", "0 us"}));
    QCOMPARE(clusterRow(r.out, "atomic"),
             (QStringList{"2", "redis_atomic", "0", "0", "20", "20/0", "2.0 ms", "50.0 ms", "50.0 ms"}));
}

void TestRunCluster::singleInstanceHasNoClusterTable()
{
    const auto r = run({"run", "boundary-attack"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(!r.out.contains(QStringLiteral("overshoot")));
    QVERIFY(r.out.contains(QStringLiteral("peak burst")));
}

QTEST_APPLESS_MAIN(TestRunCluster)
#include "tst_runcluster.moc"
