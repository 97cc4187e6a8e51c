// The GUI stays responsive while a 10,000,000-request comparison of all six algorithms runs
// and is shown (issue: "no event-loop stall over 100 ms, measured by a test timer").
//
// A 5 ms timer records the longest gap between two of its ticks, from the moment the run
// starts until the result is on screen in Compare, then while the Learn view traces its key
// and the window is switched back. Any work done on the GUI thread for longer than the budget
// (building series, filling the table, painting) shows up as a gap.
#include "app/gui/views/compare/comparebar.h"
#include "app/gui/views/compare/comparecharts.h"
#include "app/gui/views/compare/comparetables.h"
#include "app/gui/views/compare/compareview.h"
#include "app/gui/views/learn/learnview.h"
#include "app/gui/window/mainwindow.h"
#include "app/models/jobs/simulationcontroller.h"
#include "app/models/tables/reportmodel.h"
#include "engine/scenario/scenarioio.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <cstdlib>

using namespace ratelab;

namespace {

constexpr qint64 kStallBudgetMs = 100;
constexpr int kRunTimeoutMs = 300'000;

// Measures the longest interval between consecutive ticks of a fast timer.
class StallMonitor : public QObject {
public:
    StallMonitor()
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(5);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            m_longestMs = std::max(m_longestMs, m_sinceTick.restart());
            ++m_ticks;
        });
    }
    void start()
    {
        m_longestMs = 0;
        m_ticks = 0;
        m_sinceTick.start();
        m_timer.start();
    }
    // Counts the time since the last tick too, so a stall at the very end is not missed.
    qint64 stop()
    {
        m_timer.stop();
        return std::max(m_longestMs, m_sinceTick.elapsed());
    }
    qint64 ticks() const { return m_ticks; }

private:
    QTimer m_timer;
    QElapsedTimer m_sinceTick;
    qint64 m_longestMs = 0;
    qint64 m_ticks = 0;
};

}  // namespace

class TestResponsiveness : public QObject {
    Q_OBJECT
private slots:
    void tenMillionRequestsNeverStall()
    {
        const Scenario scenario = loadScenarioFile(RATELAB_ZIPF_10M_PATH);
        MainWindow w;
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy settled(&w, &MainWindow::settled);

        StallMonitor monitor;
        QSignalSpy finished(w.controller(), &SimulationController::finished);
        monitor.start();
        w.openScenario(scenario, QStringLiteral(RATELAB_ZIPF_10M_PATH));
        QVERIFY(settled.wait(kRunTimeoutMs));
        QCOMPARE(finished.size(), 1);
        QTest::qWait(200);  // repaints after the result arrived
        const qint64 runStall = monitor.stop();

        // It really was the big run, with all six algorithms, on screen.
        const auto report = w.controller()->lastReport();
        QVERIFY(report);
        QCOMPARE(report->algorithms.size(), std::size_t(6));
        // Poisson at 20,000/s for 500 s: 10,000,000 expected, within a few standard deviations.
        QVERIFY2(std::abs(report->uniqueRequests - 10'000'000) < 20'000, qPrintable(QString::number(report->uniqueRequests)));
        for (const AlgorithmReport& a : report->algorithms)
            QCOMPARE(a.requests, report->uniqueRequests);
        QCOMPARE(w.views().compare()->tables().model()->rowCount(), 6);
        QVERIFY2(monitor.ticks() > 20, "the timer barely ran: the run was not measured");

        // Learn traces the busiest key off the GUI thread; switching views stays smooth too.
        monitor.start();
        QSignalSpy learnReady(w.views().learn(), &LearnView::ready);
        w.views().setView(MainWindow::View::Learn);
        QVERIFY(w.views().learn()->isReady() || learnReady.wait(kRunTimeoutMs));
        QTest::qWait(200);
        w.views().setView(MainWindow::View::Compare);
        QTest::qWait(200);
        const qint64 learnStall = monitor.stop();

        qInfo("longest event-loop stall: %lld ms during the run and its display, %lld ms in Learn", runStall, learnStall);
        QVERIFY2(runStall <= kStallBudgetMs, qPrintable(QStringLiteral("run: %1 ms stall").arg(runStall)));
        QVERIFY2(learnStall <= kStallBudgetMs, qPrintable(QStringLiteral("learn: %1 ms stall").arg(learnStall)));
    }
};

QTEST_MAIN(TestResponsiveness)
#include "tst_responsiveness.moc"
