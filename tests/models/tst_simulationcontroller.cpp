// SimulationController with injected runs: delivery, cancel within 200 ms, supersession, the
// last good report kept, failures reported, progress throttled.
#include "app/models/jobs/simulationcontroller.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

using namespace ratelab;

namespace {

// A run of `ms` milliseconds that checks its cancel flag every millisecond and reports
// progress each time (far more often than the controller forwards it).
SimulationController::RunFunction slowRun(int ms)
{
    return [ms](const Scenario& s, RunControl& control) {
        for (int i = 0; i < ms; ++i) {
            if (control.cancelled())
                throw Cancelled{};
            control.report(i * 1000 / ms, "traffic");
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        Report r;
        r.scenario.name = s.name;
        r.scenario.seed = s.seed;
        return r;
    };
}

Scenario named(const std::string& name)
{
    Scenario s;
    s.name = name;
    return s;
}

}  // namespace

class TestSimulationController : public QObject {
    Q_OBJECT
private slots:
    void deliversReport()
    {
        SimulationController controller(slowRun(20));
        QSignalSpy finished(&controller, &SimulationController::finished);
        QSignalSpy running(&controller, &SimulationController::runningChanged);
        const quint64 job = controller.start(named("first"));
        QVERIFY(job > 0);
        QVERIFY(controller.isRunning());
        QVERIFY(finished.wait(5000));
        QCOMPARE(finished.first().at(0).toULongLong(), job);
        const auto report = finished.first().at(1).value<std::shared_ptr<const Report>>();
        QVERIFY(report);
        QCOMPARE(report->scenario.name, std::string("first"));
        QCOMPARE(controller.lastReport(), report);
        QCOMPARE(controller.lastScenario()->name, std::string("first"));
        QVERIFY(!controller.isRunning());
        QCOMPARE(running.count(), 2);  // true, then false
    }

    void cancelWithin200ms()
    {
        SimulationController controller(slowRun(60'000));
        QSignalSpy cancelled(&controller, &SimulationController::cancelled);
        QSignalSpy finished(&controller, &SimulationController::finished);
        const quint64 job = controller.start(named("long"));
        QTest::qWait(50);
        QElapsedTimer timer;
        timer.start();
        controller.cancel();
        QVERIFY(cancelled.wait(1000));
        QVERIFY2(timer.elapsed() < 200, qPrintable(QString::number(timer.elapsed())));
        QCOMPARE(cancelled.first().at(0).toULongLong(), job);
        QCOMPARE(finished.count(), 0);
        QVERIFY(!controller.isRunning());
        QVERIFY(!controller.lastReport());
    }

    void newerJobSupersedesOlder()
    {
        SimulationController controller(slowRun(100));
        QSignalSpy finished(&controller, &SimulationController::finished);
        QSignalSpy cancelled(&controller, &SimulationController::cancelled);
        const quint64 older = controller.start(named("older"));
        const quint64 newer = controller.start(named("newer"));
        QVERIFY(newer > older);
        QVERIFY(finished.wait(5000));
        QTest::qWait(50);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.first().at(0).toULongLong(), newer);
        QCOMPARE(controller.lastReport()->scenario.name, std::string("newer"));
        QCOMPARE(cancelled.count(), 0);  // a superseded job is dropped silently
    }

    void cancelKeepsLastGoodReport()
    {
        std::atomic<int> calls{0};
        SimulationController controller(
            [&calls](const Scenario& s, RunControl& c) { return slowRun(++calls == 1 ? 5 : 60'000)(s, c); });
        QSignalSpy finished(&controller, &SimulationController::finished);
        controller.start(named("good"));
        QVERIFY(finished.wait(5000));
        QSignalSpy cancelled(&controller, &SimulationController::cancelled);
        controller.start(named("slow"));
        controller.cancel();
        QVERIFY(cancelled.wait(1000));
        QCOMPARE(controller.lastReport()->scenario.name, std::string("good"));
    }

    void failureReported()
    {
        SimulationController controller(
            [](const Scenario&, RunControl&) -> Report { throw std::runtime_error("trace.csv:3: field t_us: goes backwards"); });
        QSignalSpy failed(&controller, &SimulationController::failed);
        controller.start(named("bad"));
        QVERIFY(failed.wait(5000));
        QVERIFY(failed.first().at(1).toString().contains(QStringLiteral("t_us")));
        QVERIFY(!controller.lastReport());
    }

    void progressThrottled()
    {
        SimulationController controller(slowRun(400));
        QSignalSpy progress(&controller, &SimulationController::progress);
        QSignalSpy finished(&controller, &SimulationController::finished);
        controller.start(named("p"));
        QVERIFY(finished.wait(5000));
        // 400 reports over ~400 ms, forwarded at most every 50 ms (+ the final "done").
        QVERIFY2(progress.count() >= 2 && progress.count() <= 14, qPrintable(QString::number(progress.count())));
        int last = -1;
        for (const QList<QVariant>& args : progress) {
            QVERIFY(args.at(1).toInt() >= last);
            last = args.at(1).toInt();
        }
        QCOMPARE(last, 1000);
        QVERIFY(progress.first().at(2).toString().startsWith(QStringLiteral("traffic")));
    }

    void destructionCancels()
    {
        QElapsedTimer timer;
        timer.start();
        {
            SimulationController controller(slowRun(60'000));
            controller.start(named("abandoned"));
            QTest::qWait(20);
        }
        QVERIFY(timer.elapsed() < 1000);
    }
};

QTEST_GUILESS_MAIN(TestSimulationController)
#include "tst_simulationcontroller.moc"
