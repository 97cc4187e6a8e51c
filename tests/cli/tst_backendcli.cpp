// ratelab-cli run with a backend model: the table's backend columns (only when the scenario
// has a backend) and the backend section's bad input (exit 2, the file and the JSON path).

#include "processrun.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

class TestBackendCli : public QObject {
    Q_OBJECT

private slots:
    void runShowsBackendColumns();
    void noColumnsWithoutBackend();
    void badBackendIsBadInput_data();
    void badBackendIsBadInput();

private:
    static ratelab::test::TextRun run(const QStringList& args)
    {
        return ratelab::test::runText(QStringLiteral(RATELAB_CLI_PATH), args, {}, 20000);
    }
    QTemporaryDir m_dir;
};

// limit-after-work: with the limiter first about 110 requests/s of 10 ms reach 4 workers
// (27.3% busy) and each takes 10 ms (+ the histogram's 1.1% bin); last, 500/s saturate them
// and the last allowed requests wait 0.25 x 60 s = 15 s.
void TestBackendCli::runShowsBackendColumns()
{
    const auto r = run({"run", "limit-after-work"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.out.contains(QRegularExpression(" limiter +backend p99 latency\n")), qPrintable(r.out));
    const auto first = QRegularExpression(R"(\nlimiter first .* before +(\d+\.\d)% +(\d+\.\d) ms\n)").match(r.out);
    QVERIFY2(first.hasMatch(), qPrintable(r.out));
    QVERIFY(std::abs(first.captured(1).toDouble() - 27.3) <= 0.2);
    QVERIFY(std::abs(first.captured(2).toDouble() - 10.0) <= 0.2);
    const auto last = QRegularExpression(R"(\nlimiter last .* after +(\d+\.\d)% +(\d+\.\d) s\n)").match(r.out);
    QVERIFY2(last.hasMatch(), qPrintable(r.out));
    QCOMPARE(last.captured(1), QString("100.0"));
    QVERIFY(std::abs(last.captured(2).toDouble() - 15.0) <= 0.3);
}

void TestBackendCli::noColumnsWithoutBackend()
{
    const auto r = run({"run", "steady-poisson"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(!r.out.contains("latency"));
    QVERIFY(r.out.contains(QRegularExpression("ampl\\.\n")));
}

void TestBackendCli::badBackendIsBadInput_data()
{
    QTest::addColumn<QByteArray>("backend");
    QTest::addColumn<QString>("line");
    QTest::newRow("workers") << QByteArray(R"("backend": {"workers": -1, "stages": [{"service": {"time": "1ms"}}]})")
                             << "bad.json: backend.workers: must be >= 1";
    QTest::newRow("sigma") << QByteArray(R"("backend": {"stages": [{"service": {"kind": "lognormal", "sigma": 9}}]})")
                           << "bad.json: backend.stages[0].service.sigma: must be";
    QTest::newRow("placement") << QByteArray(R"("placement": "later")") << "bad.json: placement: must be one of";
}

void TestBackendCli::badBackendIsBadInput()
{
    QFETCH(QByteArray, backend);
    QFETCH(QString, line);
    const QString file = ratelab::test::writeFile(m_dir, "bad.json",
                                                  R"({"traffic": [{"kind": "poisson", "rate": "10/s"}],
        "algorithms": [{"algorithm": "gcra", "params": {"rate": "1/s", "burst": 1}}], )"
                                                      + backend + "}");
    const auto r = run({"run", file});
    QCOMPARE(r.exitCode, 2);
    const QStringList lines = r.err.trimmed().split('\n');
    QCOMPARE(lines.size(), 1);
    QVERIFY2(lines[0].contains(line), qPrintable(r.err));
}

QTEST_GUILESS_MAIN(TestBackendCli)
#include "tst_backendcli.moc"
