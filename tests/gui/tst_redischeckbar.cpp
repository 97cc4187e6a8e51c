// Compare's "Check against Redis" against the redis-server the suite starts: the default
// scenario's six lanes decided again by our scripts, every decision of the run compared (the
// count is the report's requests, retries included) and none differing; a scenario with a
// lane no script can be says so; a server that is not there is one line, in red. Without a
// configured server the button asks for a URL and keeps it in the settings.

#include "guitest.h"
#include "redis/redisurl.h"

#include "app/gui/parts/redischeckbar.h"
#include "app/models/jobs/redischeckcontroller.h"

#include <QAction>
#include <QInputDialog>
#include <QLabel>
#include <QSettings>

class TestRedisCheckBar : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(startSuite());
        QSettings().remove(QStringLiteral("redis/url"));
    }

    void defaultScenarioAgrees()
    {
        const test::RedisUrl url = test::redisUrl();
        QVERIFY2(!url.url.isEmpty(), qPrintable(url.problem));
        MainWindow w;
        QVERIFY(showScenario(w, defaultScenario()));
        RedisCheckBar* bar = w.views().compare()->bar().redisCheck();
        QSignalSpy finished(bar->controller(), &RedisCheckController::finished);
        bar->check(url.url);
        QCOMPARE(bar->action()->text(), QStringLiteral("Cancel check"));
        QVERIFY(finished.wait(kRunTimeoutMs));
        std::int64_t decisions = 0;
        for (const AlgorithmReport& a : w.controller()->lastReport()->algorithms)
            decisions += a.requests;
        QVERIFY(decisions > 10'000);
        QCOMPARE(bar->status()->text(),
                 QStringLiteral("Redis at %1 agrees on all %2 decisions of 6 lanes")
                     .arg(QString::fromStdString(finished.front()[1].value<std::shared_ptr<const RedisCheck>>()->server),
                          fmt::exact(decisions)));
        QVERIFY(bar->status()->isVisible());
        QCOMPARE(bar->action()->text(), QStringLiteral("Check against Redis"));
    }

    void unreachableServerIsOneRedLine()
    {
        MainWindow w;
        QVERIFY(showScenario(w, defaultScenario()));
        RedisCheckBar* bar = w.views().compare()->bar().redisCheck();
        QSignalSpy failed(bar->controller(), &RedisCheckController::failed);
        bar->check(QStringLiteral("redis://127.0.0.1:1"));
        QVERIFY(failed.wait(kRunTimeoutMs));
        QCOMPARE(bar->status()->text(),
                 QStringLiteral("Cannot check against Redis: redis://127.0.0.1:1/0: cannot connect: Connection refused"));
        QVERIFY(bar->status()->palette().color(QPalette::WindowText) != w.palette().color(QPalette::WindowText));
    }

    // No server configured: the action asks; a URL that does not parse is not kept, one that
    // served a check is, for the next.
    void buttonAsksForTheServerOnce()
    {
        const test::RedisUrl url = test::redisUrl();
        QVERIFY2(!url.url.isEmpty(), qPrintable(url.problem));
        qunsetenv("RATELAB_REDIS_URL");
        QSettings().remove(QStringLiteral("redis/url"));
        MainWindow w;
        QVERIFY(showScenario(w, defaultScenario()));
        RedisCheckBar* bar = w.views().compare()->bar().redisCheck();
        QSignalSpy finished(bar->controller(), &RedisCheckController::finished);
        QVERIFY(findAction(&w, QStringLiteral("Check against Redis")) == bar->action());  // in the Run menu
        // A URL that does not parse is not kept: the next check asks again.
        QSignalSpy failed(bar->controller(), &RedisCheckController::failed);
        QTimer::singleShot(0, [&] {
            auto* dialog = qobject_cast<QInputDialog*>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            dialog->setTextValue(QStringLiteral("http://nowhere"));
            dialog->accept();
        });
        bar->action()->trigger();
        QVERIFY(failed.count() == 1 || failed.wait(kRunTimeoutMs));
        QVERIFY(RedisCheckController::configuredUrl().isEmpty());
        QTimer::singleShot(0, [&] {
            auto* dialog = qobject_cast<QInputDialog*>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            dialog->setTextValue(url.url);
            dialog->accept();
        });
        bar->action()->trigger();
        QVERIFY(finished.wait(kRunTimeoutMs));
        QCOMPARE(RedisCheckController::configuredUrl(), url.url);
        QVERIFY(bar->status()->text().contains(QStringLiteral(" agrees on all ")));
        QSettings().remove(QStringLiteral("redis/url"));
    }
};

QTEST_MAIN(TestRedisCheckBar)
#include "tst_redischeckbar.moc"
