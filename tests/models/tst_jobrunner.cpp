// JobRunner with job bodies held on gates the test opens (no sleeps): what each outcome
// delivers and in which order, latest wins (a superseded job's result, failure or cancel is
// dropped), cancel, a job cancelled before a worker picks it up never runs, drop(), progress
// forwarding and its throttle, and destruction cancelling and waiting.
#include "app/models/jobs/jobrunner.h"

#include <QScopeGuard>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTest>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <vector>

using namespace ratelab;
using namespace std::chrono_literals;

namespace {

// A condition the test opens; a job body waits on it.
class Gate {
public:
    void open()
    {
        const std::lock_guard lock(m_mutex);
        m_open = true;
        m_changed.notify_all();
    }
    // Worker: waits until the gate opens.
    void wait()
    {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [this] { return m_open; });
    }
    // Worker: waits until the gate opens or `control` is cancelled (looked at every
    // millisecond, as the engine looks every few thousand events); throws Cancelled then.
    void waitOrCancel(const RunControl& control)
    {
        std::unique_lock lock(m_mutex);
        while (!m_changed.wait_for(lock, 1ms, [this] { return m_open; }))
            if (control.cancelled())
                throw Cancelled{};
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_changed;
    bool m_open = false;
};

// Everything a runner tells its owner, in order, as text.
class Recorder {
public:
    explicit Recorder(JobRunner& runner) : m_runner(runner)
    {
        QObject::connect(&runner, &JobRunner::started, [this](quint64 job) { log << QStringLiteral("started %1").arg(job); });
        QObject::connect(&runner, &JobRunner::runningChanged, [this](bool running) {
            log << (running ? QStringLiteral("running true") : QStringLiteral("running false"));
        });
        QObject::connect(&runner, &JobRunner::failed, [this](quint64 job, const QString& message) {
            log << QStringLiteral("failed %1: %2").arg(job).arg(message);
        });
        QObject::connect(&runner, &JobRunner::cancelled, [this](quint64 job) { log << QStringLiteral("cancelled %1").arg(job); });
        QObject::connect(&runner, &JobRunner::progress, [this](quint64 job, int permille, const QString& phase) {
            progress << QStringLiteral("%1: %2 %3").arg(job).arg(permille).arg(phase);
        });
    }

    // The onFinished to give start(): logs the result and whether the runner still counts a job.
    auto onFinished()
    {
        return [this](const JobRunner::Job& job, int result) {
            log << QStringLiteral("finished %1 = %2, running %3")
                       .arg(job.id())
                       .arg(result)
                       .arg(m_runner.isRunning() ? QStringLiteral("true") : QStringLiteral("false"));
        };
    }

    // Processes events until no worker is left to report back.
    bool waitIdle()
    {
        return QTest::qWaitFor([this] { return !m_runner.isRunning(); }, 5000);
    }

    QStringList log;
    QStringList progress;

private:
    JobRunner& m_runner;
};

enum class Outcome { Result, Error, UnknownError, Cancelled };

// A body that ends as `outcome` says: 10 x `id`, a runtime_error, an int thrown, or Cancelled.
int finish(Outcome outcome, int id)
{
    switch (outcome) {
    case Outcome::Result: return 10 * id;
    case Outcome::Error: throw std::runtime_error("job " + std::to_string(id) + " broke");
    case Outcome::UnknownError: throw id;
    case Outcome::Cancelled: throw Cancelled{};
    }
    return 0;
}

// A controller as the runner's users are: the four signals relayTo() re-emits.
class Controller : public QObject {
    Q_OBJECT
signals:
    void started(quint64 job);
    void failed(quint64 job, const QString& message);
    void cancelled(quint64 job);
    void runningChanged(bool running);
};

}  // namespace

Q_DECLARE_METATYPE(Outcome)

class TestJobRunner : public QObject {
    Q_OBJECT
private slots:
    void deliversOneOutcome_data()
    {
        QTest::addColumn<Outcome>("outcome");
        QTest::addColumn<QString>("delivery");
        QTest::newRow("result") << Outcome::Result << QStringLiteral("finished 1 = 10, running false");
        QTest::newRow("error") << Outcome::Error << QStringLiteral("failed 1: job 1 broke");
        QTest::newRow("not a std::exception") << Outcome::UnknownError << QStringLiteral("failed 1: unknown error");
        QTest::newRow("cancelled") << Outcome::Cancelled << QStringLiteral("cancelled 1");
    }

    // One job: started and running before its worker is done, then exactly its outcome, then
    // not running.
    void deliversOneOutcome()
    {
        QFETCH(Outcome, outcome);
        QFETCH(QString, delivery);
        JobRunner runner;
        Recorder rec(runner);
        const quint64 job = runner.start([outcome](JobRunner::Job&) { return finish(outcome, 1); }, rec.onFinished());
        QCOMPARE(job, quint64(1));
        QCOMPARE(runner.currentJob(), quint64(1));
        QVERIFY(runner.isRunning());  // nothing is delivered before the event loop runs
        QVERIFY(rec.waitIdle());
        QCOMPARE(rec.log, (QStringList{"started 1", "running true", delivery, "running false"}));
        QCOMPARE(runner.currentJob(), quint64(1));
    }

    void latestWins_data()
    {
        QTest::addColumn<Outcome>("older");
        QTest::newRow("older returns a result") << Outcome::Result;
        QTest::newRow("older fails") << Outcome::Error;
        QTest::newRow("older notices its cancel") << Outcome::Cancelled;
    }

    // Job 1 is running when job 2 starts: job 1 is asked to cancel, and whatever it ends with
    // is dropped, even a result; only job 2's result is delivered. Job 2 ends first, while job
    // 1's worker is still out, so the runner is still running then: one true, and one false
    // once both workers are back.
    void latestWins()
    {
        QFETCH(Outcome, older);
        Gate gate1, gate2;
        QSemaphore entered;
        std::atomic<bool> sawCancel{false};
        JobRunner runner;
        Recorder rec(runner);
        const auto release = qScopeGuard([&] {
            gate1.open();
            gate2.open();
        });  // should a check fail
        runner.start(
            [&, older](JobRunner::Job& job) {
                entered.release();
                gate1.wait();
                sawCancel = job.control().cancelled();
                return finish(older, 1);
            },
            rec.onFinished());
        QVERIFY(entered.tryAcquire(1, 5000));
        const quint64 newer = runner.start(
            [&](JobRunner::Job&) {
                entered.release();
                gate2.wait();
                return finish(Outcome::Result, 2);
            },
            rec.onFinished());
        QCOMPARE(newer, quint64(2));
        QVERIFY(entered.tryAcquire(1, 5000));
        gate2.open();  // job 2 first: job 1's worker is still out when job 2 delivers
        QVERIFY(QTest::qWaitFor([&] { return rec.log.size() == 4; }, 5000));
        gate1.open();
        QVERIFY(rec.waitIdle());
        QVERIFY(sawCancel);
        QCOMPARE(rec.log,
                 (QStringList{"started 1", "running true", "started 2", "finished 2 = 20, running true", "running false"}));
    }

    // A running job that honours its cancel delivers cancelled(), not a result, and stays the
    // current job.
    void cancelDeliversCancelled()
    {
        Gate never;
        QSemaphore entered;
        JobRunner runner;
        Recorder rec(runner);
        runner.start(
            [&](JobRunner::Job& job) {
                entered.release();
                never.waitOrCancel(job.control());
                return finish(Outcome::Result, 1);
            },
            rec.onFinished());
        QVERIFY(entered.tryAcquire(1, 5000));
        runner.cancel();
        QVERIFY(rec.waitIdle());
        QCOMPARE(rec.log, (QStringList{"started 1", "running true", "cancelled 1", "running false"}));
        QCOMPARE(runner.currentJob(), quint64(1));
    }

    // Two workers busy with jobs 1 and 2: job 3 waits for a worker, is cancelled there, and
    // ends as cancelled without its body ever running.
    void cancelledBeforeItRuns()
    {
        Gate gate;
        QSemaphore entered;
        std::atomic<int> thirdRuns{0};
        JobRunner runner;
        Recorder rec(runner);
        const auto release = qScopeGuard([&] { gate.open(); });  // should a check fail
        const auto blocked = [&](JobRunner::Job&) {
            entered.release();
            gate.wait();
            return 0;
        };
        runner.start(blocked, rec.onFinished());
        QVERIFY(entered.tryAcquire(1, 5000));  // else starting job 2 would cancel job 1 before it runs
        runner.start(blocked, rec.onFinished());
        QVERIFY(entered.tryAcquire(1, 5000));
        runner.start([&](JobRunner::Job&) { return ++thirdRuns; }, rec.onFinished());
        runner.cancel();
        gate.open();
        QVERIFY(rec.waitIdle());
        QCOMPARE(thirdRuns.load(), 0);
        QCOMPARE(rec.log, (QStringList{"started 1", "running true", "started 2", "started 3", "cancelled 3", "running false"}));
    }

    // drop(): the job is cancelled and forgotten; only running false follows.
    void dropDeliversNothing()
    {
        Gate never;
        QSemaphore entered;
        JobRunner runner;
        Recorder rec(runner);
        runner.start(
            [&](JobRunner::Job& job) {
                entered.release();
                never.waitOrCancel(job.control());
                return 1;
            },
            rec.onFinished());
        QVERIFY(entered.tryAcquire(1, 5000));
        runner.drop();
        QCOMPARE(runner.currentJob(), quint64(0));
        QVERIFY(runner.isRunning());  // its worker has not reported back yet
        QVERIFY(rec.waitIdle());
        QCOMPARE(rec.log, (QStringList{"started 1", "running true", "running false"}));
    }

    // Reports of the job's RunControl: the first, a new phase and 1000 permille always go out;
    // a report of the same phase within kProgressIntervalMs of the last one sent does not.
    void progressThrottled()
    {
        std::atomic<bool> quick{false};
        JobRunner runner;
        Recorder rec(runner);
        runner.start(
            [&](JobRunner::Job& job) {
                const auto begin = std::chrono::steady_clock::now();
                job.control().report(0, "a");
                job.control().report(1, "a");
                job.control().report(2, "a");
                quick = std::chrono::steady_clock::now() - begin < std::chrono::milliseconds(JobRunner::kProgressIntervalMs);
                job.control().report(3, "b");
                job.control().report(1000, "b");
                return 0;
            },
            rec.onFinished());
        QVERIFY(rec.waitIdle());
        if (quick)  // all three "a" reports fell within one interval of the first
            QCOMPARE(rec.progress, (QStringList{"1: 0 a", "1: 3 b", "1: 1000 b"}));
        else  // a slow machine may let "1 a" or "2 a" through; the rest is the same
            QVERIFY2(rec.progress.startsWith("1: 0 a") && rec.progress.endsWith("1: 1000 b") && rec.progress.contains("1: 3 b"),
                     qPrintable(rec.progress.join(", ")));
    }

    // A report made after its job was superseded is not delivered; the newer job's are.
    void supersededProgressDropped()
    {
        Gate gate;
        QSemaphore entered;
        JobRunner runner;
        Recorder rec(runner);
        const auto release = qScopeGuard([&] { gate.open(); });  // should a check fail
        runner.start(
            [&](JobRunner::Job& job) {
                entered.release();
                gate.wait();
                job.control().report(500, "late");
                return 1;
            },
            rec.onFinished());
        QVERIFY(entered.tryAcquire(1, 5000));
        runner.start(
            [](JobRunner::Job& job) {
                job.control().report(1000, "new");
                return 2;
            },
            rec.onFinished());
        gate.open();
        QVERIFY(rec.waitIdle());
        QCOMPARE(rec.progress, QStringList{"2: 1000 new"});
    }

    // relayTo(): the controller hears what the runner says, in the same order.
    void relaysToController()
    {
        JobRunner runner;
        Controller controller;
        runner.relayTo(&controller);
        QStringList log;
        QObject::connect(&controller, &Controller::started,
                         [&log](quint64 job) { log << QStringLiteral("started %1").arg(job); });
        QObject::connect(&controller, &Controller::runningChanged,
                         [&log](bool running) { log << QStringLiteral("running %1").arg(running ? "true" : "false"); });
        QObject::connect(&controller, &Controller::failed, [&log](quint64 job, const QString& message) {
            log << QStringLiteral("failed %1: %2").arg(job).arg(message);
        });
        QObject::connect(&controller, &Controller::cancelled,
                         [&log](quint64 job) { log << QStringLiteral("cancelled %1").arg(job); });
        runner.start([](JobRunner::Job&) { return finish(Outcome::Error, 1); }, [](const JobRunner::Job&, int) {});
        QVERIFY(QTest::qWaitFor([&runner] { return !runner.isRunning(); }, 5000));
        runner.start([](JobRunner::Job&) { return finish(Outcome::Cancelled, 2); }, [](const JobRunner::Job&, int) {});
        QVERIFY(QTest::qWaitFor([&runner] { return !runner.isRunning(); }, 5000));
        QCOMPARE(log,
                 (QStringList{"started 1", "running true", "failed 1: job 1 broke", "running false", "started 2", "running true",
                              "cancelled 2", "running false"}));
    }

    // The destructor cancels the running job and returns only after its worker has.
    void destructionCancelsAndWaits()
    {
        Gate never;
        QSemaphore entered;
        std::atomic<bool> returned{false};
        {
            JobRunner runner;
            runner.start(
                [&](JobRunner::Job& job) {
                    entered.release();
                    try {
                        never.waitOrCancel(job.control());
                    } catch (const Cancelled&) {
                        returned = true;
                        throw;
                    }
                    return 0;
                },
                [](const JobRunner::Job&, int) {});
            QVERIFY(entered.tryAcquire(1, 5000));
        }
        QVERIFY(returned);
    }
};

QTEST_GUILESS_MAIN(TestJobRunner)
#include "tst_jobrunner.moc"
