// The access-log import wizard: detection, an unreadable file, Cancel.
#include "tests/gui/guitest.h"

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
        QVERIFY(wizard.runPage()->statusText().contains(QStringLiteral("line 8899")));
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
