// `ratelab-cli run --threads N`: the same table, report.json and series.csv on one thread and
// on several, a single-instance and a cluster scenario alike; a count outside 1 to 64 is bad
// usage (exit 2).

#include "processrun.h"

#include <QtTest>

class TestCliThreads : public QObject {
    Q_OBJECT

private slots:
    void sameOutputOnAnyThreads_data();
    void sameOutputOnAnyThreads();
    void threadCountIsChecked_data();
    void threadCountIsChecked();

private:
    static ratelab::test::TextRun run(const QStringList& args)
    {
        return ratelab::test::runText(QStringLiteral(RATELAB_CLI_PATH), args, {}, 60000);
    }
    static QByteArray read(const QString& path)
    {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }

    QTemporaryDir m_dir;
};

void TestCliThreads::sameOutputOnAnyThreads_data()
{
    QTest::addColumn<QString>("scenario");
    QTest::newRow("default") << "default";
    QTest::newRow("cluster") << "cluster-get-set-race";
}

void TestCliThreads::sameOutputOnAnyThreads()
{
    QFETCH(QString, scenario);
    QStringList tables;
    QList<QByteArray> reports;
    QList<QByteArray> series;
    for (const QString threads : {"1", "2", "4"}) {
        const QString out = m_dir.filePath(scenario + "-" + threads);
        const auto r = run({"run", scenario, "--threads", threads, "--out", out});
        QCOMPARE(r.exitCode, 0);
        tables << QString(r.out).replace(out, QStringLiteral("OUT"));  // the last line names the directory
        reports << read(out + "/report.json");
        series << read(out + "/series.csv");
        QVERIFY(reports.back().contains("\"algorithms\""));
        QVERIFY(!series.back().isEmpty());
    }
    for (int i = 1; i < tables.size(); ++i) {
        QCOMPARE(tables[i], tables[0]);
        QVERIFY(reports[i] == reports[0]);
        QVERIFY(series[i] == series[0]);
    }
}

void TestCliThreads::threadCountIsChecked_data()
{
    QTest::addColumn<QString>("threads");
    QTest::newRow("0") << "0";
    QTest::newRow("65") << "65";
    QTest::newRow("not a number") << "two";
}

void TestCliThreads::threadCountIsChecked()
{
    QFETCH(QString, threads);
    const auto r = run({"run", "boundary-attack", "--threads", threads});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.startsWith("ratelab-cli: ") && r.err.contains("--threads"), qPrintable(r.err));
    QCOMPARE(r.out, QString());
}

QTEST_GUILESS_MAIN(TestCliThreads)
#include "tst_clithreads.moc"
