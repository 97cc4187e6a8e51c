// The ratelab executable: the screenshot mode and its exit codes.
#include "tests/gui/guitest.h"

using namespace ratelab;

namespace {

// Makes `p` start the app drawing offscreen, as the screenshot mode runs in CI, with the
// environment's other variables as they are.
void drawOffscreen(QProcess& p, QProcessEnvironment env = QProcessEnvironment::systemEnvironment())
{
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(env);
}

}  // namespace

class TestCommandLine : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(startSuite()); }

    void screenshotMode()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("compare.png"));
        QProcess p;
        drawOffscreen(p);
        p.start(QStringLiteral(RATELAB_GUI_PATH),
                {QStringLiteral("--view"), QStringLiteral("compare"), QStringLiteral("--screenshot"), out});
        QVERIFY(p.waitForFinished(kRunTimeoutMs));
        QCOMPARE(p.exitCode(), 0);
        const QImage image(out);
        QCOMPARE(image.size(), QSize(1600, 1000));
        QVERIFY(QFileInfo(out).size() > 10'000);
    }

    // A screenshot leaves the user's settings as they were: opening a scenario file adds no
    // recent file, and nothing is written where the settings live.
    void screenshotLeavesSettingsAlone()
    {
        QTemporaryDir home;
        const QString config = home.filePath(QStringLiteral("config"));
        QVERIFY(QDir().mkpath(config));
        const QString scenario = home.filePath(QStringLiteral("mine.json"));
        QVERIFY(QFile::copy(QStringLiteral(RATELAB_SOURCE_DIR "/resources/scenarios/boundary-attack.json"), scenario));
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), config);
        drawOffscreen(p, env);
        p.start(QStringLiteral(RATELAB_GUI_PATH),
                {scenario, QStringLiteral("--screenshot"), home.filePath(QStringLiteral("a.png"))});
        QVERIFY(p.waitForFinished(kRunTimeoutMs));
        QCOMPARE(p.exitCode(), 0);
        QCOMPARE(QDir(config).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden), QStringList());
    }

    // --log opens a log in the Logs view; one that cannot be opened exits 2 with the reason.
    void logOption()
    {
        QTemporaryDir dir;
        QProcess p;
        drawOffscreen(p);
        const QString log = QStringLiteral(RATELAB_SOURCE_DIR "/tests/data/logs/haproxy_http_elastic-beats.log");
        const QString out = dir.filePath(QStringLiteral("logs.png"));
        p.start(QStringLiteral(RATELAB_GUI_PATH), {QStringLiteral("--log"), log, QStringLiteral("--screenshot"), out});
        QVERIFY(p.waitForFinished(kRunTimeoutMs));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(QFileInfo(out).size() > 10'000);
        const QString missing = dir.filePath(QStringLiteral("missing.log"));
        p.start(QStringLiteral(RATELAB_GUI_PATH), {QStringLiteral("--log"), missing, QStringLiteral("--screenshot"), out});
        QVERIFY(p.waitForFinished(kRunTimeoutMs));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(QString::fromLocal8Bit(p.readAllStandardError())
                    .contains(QStringLiteral("ratelab: --log %1: No such file or directory").arg(missing)));
    }

    // --dialog draws the tour at a step or the import wizard at a page over the window: the
    // same window as without it around the dialog (the menu bar), another picture in the middle.
    // An unknown dialog, or one without --screenshot, exits 2.
    void dialogOption()
    {
        QTemporaryDir dir;
        QProcess p;
        drawOffscreen(p);
        const auto shoot = [&](const QStringList& extra) {
            const QString out = dir.filePath(
                QStringLiteral("%1.png").arg(extra.join(QLatin1Char('-')).replace(QLatin1Char(':'), QLatin1Char('_'))));
            p.start(QStringLiteral(RATELAB_GUI_PATH),
                    QStringList{QStringLiteral("--view"), QStringLiteral("logs"), QStringLiteral("--screenshot"), out} + extra);
            return p.waitForFinished(kRunTimeoutMs) && p.exitCode() == 0 ? QImage(out) : QImage();
        };
        const QImage plain = shoot({});
        QCOMPARE(plain.size(), QSize(1600, 1000));
        const QRect menu(0, 0, 120, 20);
        const QRect middle(700, 400, 200, 200);
        for (const QString& dialog : {QStringLiteral("tour:3"), QStringLiteral("import:file"), QStringLiteral("import:key"),
                                      QStringLiteral("import:run")}) {
            const QImage framed = shoot({QStringLiteral("--dialog"), dialog});
            QCOMPARE(framed.size(), QSize(1600, 1000));
            QCOMPARE(framed.copy(menu), plain.copy(menu));
            QVERIFY2(framed.copy(middle) != plain.copy(middle), qPrintable(dialog));
        }
        for (const QStringList& bad : {QStringList{QStringLiteral("--dialog"), QStringLiteral("tour:6"),
                                                   QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("x.png"))},
                                       QStringList{QStringLiteral("--dialog"), QStringLiteral("import:key")}}) {
            p.start(QStringLiteral(RATELAB_GUI_PATH), bad);
            QVERIFY(p.waitForFinished(kRunTimeoutMs));
            QCOMPARE(p.exitCode(), 2);
            QVERIFY(QString::fromLocal8Bit(p.readAllStandardError()).contains(QStringLiteral("ratelab: --dialog: expected")));
        }
    }

    // A screenshot that cannot be written exits 1 with the file and the OS reason.
    void screenshotWriteFailureExits1()
    {
        QProcess p;
        drawOffscreen(p);
        p.start(QStringLiteral(RATELAB_GUI_PATH), {QStringLiteral("--screenshot"), QStringLiteral("/dev/full")});
        QVERIFY(p.waitForFinished(kRunTimeoutMs));
        QCOMPARE(p.exitCode(), 1);
        const QString err = QString::fromLocal8Bit(p.readAllStandardError());
        QVERIFY2(err.contains(QStringLiteral("ratelab: --screenshot: Cannot write /dev/full: ") + osReason(ENOSPC)),
                 qPrintable(err));
    }

    // Compare's key, bucket and zoom from the command line; a bucket not offered, or a range
    // that is not FROM-TO, exits 2 with the option's problem.
    void compareOptions()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("attack.png"));
        const QString scenario = QStringLiteral(RATELAB_SOURCE_DIR "/resources/scenarios/boundary-attack.json");
        const auto run = [&](const QStringList& options) {
            QProcess p;
            drawOffscreen(p);
            p.start(QStringLiteral(RATELAB_GUI_PATH), QStringList{scenario, QStringLiteral("--screenshot"), out} + options);
            p.waitForFinished(kRunTimeoutMs);
            return std::make_pair(p.exitCode(), QString::fromLocal8Bit(p.readAllStandardError()));
        };
        const auto good = run({QStringLiteral("--key"), QStringLiteral("user-0"), QStringLiteral("--bucket"),
                               QStringLiteral("100ms"), QStringLiteral("--range"), QStringLiteral("0-4.5")});
        QCOMPARE(good.first, 0);
        QCOMPARE(QImage(out).size(), QSize(1600, 1000));
        const auto bucket = run({QStringLiteral("--bucket"), QStringLiteral("20ms")});
        QCOMPARE(bucket.first, 2);
        QVERIFY2(bucket.second.contains(QStringLiteral("--bucket: expected 10ms, 50ms, 100ms, 250ms or 1s")),
                 qPrintable(bucket.second));
        const auto range = run({QStringLiteral("--range"), QStringLiteral("3-1")});
        QCOMPARE(range.first, 2);
        QVERIFY2(range.second.contains(QStringLiteral("--range: expected FROM-TO in seconds")), qPrintable(range.second));
    }

    void badScenarioExits2()
    {
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("bad.json"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(
            R"({"schema": "ratelab.scenario/1", "algorithms": [{"id": "x", "algorithm": "token_bucket", "params": {"capacity": "-3"}}]})");
        f.close();
        QProcess p;
        drawOffscreen(p);
        p.start(QStringLiteral(RATELAB_GUI_PATH), {bad, QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("x.png"))});
        QVERIFY(p.waitForFinished(kRunTimeoutMs));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(p.readAllStandardError().contains("bad.json"));
    }
};

QTEST_MAIN(TestCommandLine)
#include "tst_commandline.moc"
