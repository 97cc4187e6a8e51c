// The access-log import wizard: detection, an unreadable file, Cancel.
#include "tests/gui/guitest.h"

#include "app/models/tables/badlinesmodel.h"

#include <QTableView>

using namespace ratelab;

class TestImportWizard : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(startSuite()); }

    // The wizard detects the apache sample as combined and imports what the engine imports.
    void importWizardSample()
    {
        LogImportController controller;
        ImportWizard wizard(&controller);
        wizard.show();
        wizard.setPath(LogsView::samplePath());
        QCOMPARE(wizard.detection().format, LogFormat::Combined);
        QVERIFY(wizard.filePage()->detectionText().contains(QStringLiteral("combined")));
        QVERIFY(wizard.filePage()->rawLines().contains(QStringLiteral("83.149.9.216")));
        QCOMPARE(wizard.filePage()->rawLines().split(QLatin1Char('\n')).size(), 20);
        QVERIFY(wizard.filePage()->isComplete());
        wizard.next();
        QCOMPARE(wizard.currentId(), int(ImportWizard::KeyPage));
        QCOMPARE(wizard.keyPage()->preview()->model()->rowCount(), ImportKeyPage::kPreviewLines);
        QCOMPARE(wizard.keyPage()->preview()->model()->index(0, 2).data().toString(), QStringLiteral("83.149.9.216"));
        QSignalSpy done(wizard.runPage(), &ImportRunPage::importFinished);
        wizard.next();
        QCOMPARE(wizard.currentId(), int(ImportWizard::RunPage));
        QVERIFY(done.wait(60'000));
        const auto result = wizard.runPage()->result();
        QVERIFY(result);

        // The engine, directly, on the same bytes.
        QFile f(LogsView::samplePath());
        QVERIFY(f.open(QIODevice::ReadOnly));
        std::istringstream in(f.readAll().toStdString());
        KeyInterner keys;
        std::int64_t sunk = 0;
        const ImportSummary engine = importLog(in, ImportOptions{}, keys, [&](const ImportedRequest&) { ++sunk; });
        QCOMPARE(result->summary.requestsImported, engine.requestsImported);
        QCOMPARE(result->summary.requestsImported, std::int64_t(9999));
        QCOMPARE(std::int64_t(result->requests.size()), sunk);
        QCOMPARE(result->summary.distinctKeys, engine.distinctKeys);
        QCOMPARE(result->summary.linesRead, engine.linesRead);
        QCOMPARE(result->summary.skippedTotal(), std::int64_t(1));
        QCOMPARE(result->summary.problems.size(), std::size_t(1));
        QCOMPARE(result->summary.problems[0].line, std::int64_t(8899));
        // The page then shows it as the Logs view will: the summary, and the bad line listed.
        QVERIFY(wizard.runPage()->summaryTable()->isVisible());
        QVERIFY(wizard.runPage()->statusText().contains(QStringLiteral("9,999 requests")));
        const QAbstractItemModel* bad = wizard.runPage()->badLinesTable()->model();
        QCOMPARE(bad->rowCount(), 1);
        QCOMPARE(bad->index(0, BadLinesModel::Line).data(BadLinesModel::RawRole).toLongLong(), qint64(8899));
    }

    // The key options are the command line's. Behind proxies, "198.51.100.7, 203.0.113.9,
    // 10.1.1.1" is keyed 198.51.100.7 by default (the first address) and 203.0.113.9 with
    // --xff last --trusted 10.0.0.0/8 (the last untrusted one): the wizard with those options
    // gives the keys derived here and the ones `ratelab-cli import` gives with the same flags.
    // A look-back that does not parse holds Next with the CLI's reason.
    void wizardOptionsAreTheCommandLines()
    {
        QTemporaryDir dir;
        const QString log = dir.filePath(QStringLiteral("proxied.log"));
        {
            QFile out(log);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(
                "198.51.100.7, 203.0.113.9, 10.1.1.1 - - [07/Dec/2016:11:05:07 +0100] \"GET /a HTTP/1.1\" 200 5 \"-\" \"x\"\n"
                "198.51.100.8, 203.0.113.10, 10.1.1.1 - - [07/Dec/2016:11:05:08 +0100] \"GET /b HTTP/1.1\" 200 5 \"-\" \"x\"\n"
                "192.0.2.1 - - [07/Dec/2016:11:05:09 +0100] \"GET /c HTTP/1.1\" 200 5 \"-\" \"x\"\n");
        }
        LogImportController controller;
        ImportWizard wizard(&controller);
        wizard.show();
        wizard.setPath(log);
        wizard.next();
        QCOMPARE(wizard.currentId(), int(ImportWizard::KeyPage));
        wizard.keyPage()->setLogOptions({{QStringLiteral("look_back"), QStringLiteral("soon")}});
        QVERIFY(!wizard.keyPage()->isComplete());
        QVERIFY2(wizard.keyPage()->problemText().startsWith(QStringLiteral("look_back: ")),
                 qPrintable(wizard.keyPage()->problemText()));
        wizard.keyPage()->setLogOptions({{QStringLiteral("xff"), QStringLiteral("last")},
                                         {QStringLiteral("trusted"), QStringLiteral("10.0.0.0/8")},
                                         {QStringLiteral("look_back"), QStringLiteral("2m")}});
        QVERIFY(wizard.keyPage()->isComplete());
        // The preview keys as the import will.
        QCOMPARE(wizard.keyPage()->preview()->model()->index(0, ImportPreviewModel::Key).data().toString(),
                 QStringLiteral("203.0.113.9"));
        QSignalSpy done(wizard.runPage(), &ImportRunPage::importFinished);
        wizard.next();
        QVERIFY(done.wait(60'000));
        const auto result = wizard.runPage()->result();
        QVERIFY(result);
        QSet<QByteArray> wizardKeys;
        for (std::size_t k = 0; k < result->keys->size(); ++k)
            wizardKeys.insert(QByteArray::fromStdString(result->keys->name(KeyId(k))));
        QCOMPARE(wizardKeys, (QSet<QByteArray>{"203.0.113.9", "203.0.113.10", "192.0.2.1"}));

        const QString trace = dir.filePath(QStringLiteral("trace.csv"));
        QProcess cli;
        cli.start(QStringLiteral(RATELAB_CLI_PATH),
                  {QStringLiteral("import"), log, QStringLiteral("--xff"), QStringLiteral("last"), QStringLiteral("--trusted"),
                   QStringLiteral("10.0.0.0/8"), QStringLiteral("--look-back"), QStringLiteral("2m"), QStringLiteral("--out"),
                   trace});
        QVERIFY(cli.waitForFinished(60'000));
        QCOMPARE(cli.exitCode(), 0);
        QFile file(trace);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QList<QByteArray> rows = file.readAll().split('\n');
        rows.removeFirst();  // the header
        rows.removeAll(QByteArray());
        QSet<QByteArray> cliKeys;
        for (const QByteArray& row : rows)
            cliKeys.insert(row.split(',')[1]);
        QCOMPARE(qint64(result->requests.size()), qint64(rows.size()));
        QCOMPARE(wizardKeys, cliKeys);
    }

    // A file the wizard cannot open: its first page says which and why, and goes no further.
    void importWizardUnreadableFile()
    {
        QTemporaryDir dir;
        const QString missing = dir.filePath(QStringLiteral("missing.log"));
        LogImportController controller;
        ImportWizard wizard(&controller);
        wizard.show();
        wizard.setPath(missing);
        QCOMPARE(wizard.filePage()->detectionText(), QStringLiteral("cannot read %1: %2").arg(missing, osReason(ENOENT)));
        QVERIFY(!wizard.filePage()->isComplete());
    }

    // Cancel stops an import: cancelled() comes, finished() never does.
    void importCancel()
    {
        QTemporaryDir dir;
        const QString big = dir.filePath(QStringLiteral("big.log"));
        {
            QFile sample(LogsView::samplePath());
            QVERIFY(sample.open(QIODevice::ReadOnly));
            const QByteArray bytes = sample.readAll();
            QFile out(big);
            QVERIFY(out.open(QIODevice::WriteOnly));
            for (int i = 0; i < 40; ++i)  // about 95 MB
                out.write(bytes);
        }
        LogImportController controller;
        ImportWizard wizard(&controller);
        wizard.show();
        wizard.setPath(big);
        QCOMPARE(wizard.detection().format, LogFormat::Combined);
        wizard.next();
        QSignalSpy progress(&controller, &LogImportController::progress);
        QSignalSpy cancelled(&controller, &LogImportController::cancelled);
        QSignalSpy finished(&controller, &LogImportController::finished);
        wizard.next();
        QVERIFY(controller.isRunning());
        QVERIFY(progress.wait(30'000));
        QVERIFY(wizard.runPage()->cancelButton()->isEnabled());
        QElapsedTimer t;
        t.start();
        wizard.runPage()->cancelButton()->click();
        QVERIFY(cancelled.wait(10'000));
        QVERIFY(t.elapsed() < 5'000);
        QVERIFY(!controller.isRunning() || QTest::qWaitFor([&] { return !controller.isRunning(); }, 5'000));
        QCOMPARE(finished.count(), 0);
        QVERIFY(wizard.runPage()->wasCancelled());
        QVERIFY(!wizard.runPage()->isComplete());
        QVERIFY(!controller.lastResult());
    }
};

QTEST_MAIN(TestImportWizard)
#include "tst_importwizard.moc"
