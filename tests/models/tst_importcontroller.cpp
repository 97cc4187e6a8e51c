// LogImportController's progress reports (gui-guide.md 4.3, wizard page 3): the ETA from the bytes
// done so far, and reports carrying a bad-line count that grows to the import's final count
// on a log with known bad lines; a log that cannot be opened fails at once, saying why.
#include "app/models/jobs/logimportcontroller.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <cstring>

using namespace ratelab;

class TestImportController : public QObject {
    Q_OBJECT
private slots:
    void eta_data()
    {
        QTest::addColumn<double>("elapsed");
        QTest::addColumn<qint64>("done");
        QTest::addColumn<qint64>("total");
        QTest::addColumn<double>("eta");
        QTest::newRow("a quarter in 2 s") << 2.0 << qint64(250) << qint64(1000) << 6.0;
        QTest::newRow("half in 3 s") << 3.0 << qint64(500) << qint64(1000) << 3.0;
        QTest::newRow("all done") << 5.0 << qint64(1000) << qint64(1000) << 0.0;
        QTest::newRow("nothing yet") << 1.0 << qint64(0) << qint64(1000) << -1.0;
        QTest::newRow("size unknown") << 1.0 << qint64(10) << qint64(-1) << -1.0;
    }

    void eta()
    {
        QFETCH(double, elapsed);
        QFETCH(qint64, done);
        QFETCH(qint64, total);
        QFETCH(double, eta);
        QCOMPARE(LogImportController::etaSeconds(elapsed, done, total), eta);
    }

    // 30,000 combined lines, every 1,000th bad: 30 bad lines. Each report counts n / 1,000 bad
    // lines for the n lines it has read; the last one has 30, the whole file and no time left.
    void reportsCountBadLines()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad-lines.log"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        for (int line = 1; line <= 30'000; ++line)
            file.write(
                line % 1000 == 0
                    ? QByteArray("this is not an access log line\n")
                    : QStringLiteral("10.0.%1.%2 - - [17/May/2015:10:05:03 +0000] \"GET /x HTTP/1.1\" 200 1 \"-\" \"ua\"\n")
                          .arg(line % 200)
                          .arg(line % 250)
                          .toLatin1());
        file.close();

        LogImportController controller;
        QSignalSpy progress(&controller, &LogImportController::progress);
        QSignalSpy finished(&controller, &LogImportController::finished);
        const quint64 job = controller.start({path, QStringLiteral("bad-lines.log"), {}});
        QVERIFY(finished.wait(30'000));
        QVERIFY(progress.count() >= 1);
        qint64 previous = 0;
        for (const QList<QVariant>& args : progress) {
            QCOMPARE(args[0].value<quint64>(), job);
            const auto p = args[1].value<LogImportProgress>();
            QCOMPARE(p.badLines, p.linesRead / 1000);
            QVERIFY(p.badLines >= previous);
            previous = p.badLines;
        }
        const auto last = progress.last()[1].value<LogImportProgress>();
        QVERIFY(last.finished);
        QCOMPARE(last.badLines, qint64(30));
        QCOMPARE(last.linesRead, qint64(30'000));
        QCOMPARE(last.permille, 1000);
        QCOMPARE(last.etaSeconds, 0.0);
        const auto result = finished.first()[1].value<std::shared_ptr<const LogImportResult>>();
        QCOMPARE(result->summary.skippedTotal(), last.badLines);
    }

    // A real log: the Apache sample's one bad line (line 8899, resources/samples/SOURCES.md)
    // reaches the last report.
    void sampleBadLine()
    {
        LogImportController controller;
        QSignalSpy progress(&controller, &LogImportController::progress);
        QSignalSpy finished(&controller, &LogImportController::finished);
        QSignalSpy failed(&controller, &LogImportController::failed);
        controller.start({QStringLiteral(RATELAB_SOURCE_DIR "/resources/samples/apache_combined_elastic-examples_2015.log"),
                          QStringLiteral("apache"),
                          {}});
        // A log that cannot be opened fails at once, with its reason: not a 30 s wait for `finished`.
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), 30'000);
        QVERIFY2(failed.isEmpty(), qPrintable(failed.isEmpty() ? QString() : failed.first()[1].toString()));
        const auto last = progress.last()[1].value<LogImportProgress>();
        QVERIFY(last.finished);
        QCOMPARE(last.badLines, qint64(1));
        QCOMPARE(last.linesRead, qint64(10'000));
    }

    // A log that cannot be opened ends its job at once, with a message naming the file and
    // the OS reason (the wizard's last page shows it): nothing waits on a file that is not there.
    void unopenableFileFailsAtOnce_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("reason");
        QTest::newRow("missing") << QStringLiteral("missing.log") << QString::fromLocal8Bit(std::strerror(ENOENT));
        QTest::newRow("a directory") << QStringLiteral("logs.d") << QStringLiteral("is a directory, not a log file");
    }

    void unopenableFileFailsAtOnce()
    {
        QFETCH(QString, name);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("logs.d")));
        const QString path = dir.filePath(name);
        LogImportController controller;
        QSignalSpy failed(&controller, &LogImportController::failed);
        QSignalSpy finished(&controller, &LogImportController::finished);
        QElapsedTimer clock;
        clock.start();
        const quint64 job = controller.start({path, name, {}});
        QVERIFY(failed.wait(30'000));
        QVERIFY2(clock.elapsed() < 2'000, qPrintable(QStringLiteral("%1 ms").arg(clock.elapsed())));
        QCOMPARE(failed.first()[0].value<quint64>(), job);
        const QString message = failed.first()[1].toString();
        QVERIFY2(message.startsWith(path + QStringLiteral(": ")), qPrintable(message));
        QVERIFY2(message.endsWith(reason), qPrintable(message));
        QCOMPARE(finished.count(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(!controller.isRunning(), 1'000);
    }
};

QTEST_MAIN(TestImportController)
#include "tst_importcontroller.moc"
