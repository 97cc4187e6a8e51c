// Runs on several threads (runner.h: RunOptions::threads) against the same runs on one: every
// shipped scenario writes the same report.json and series.csv, byte for byte, on 1, 2 and 3
// threads; a cancel stops a run on several threads; and the pool the lanes run on
// (sim/roundpool.h) runs every task of every round once and passes a task's failure on.

#include "scenariotest.h"

#include "engine/engine.h"
#include "engine/report/reportio.h"
#include "engine/scenario/scenarioio.h"
#include "engine/sim/roundpool.h"

#include <QtTest>

#include <atomic>
#include <chrono>
#include <set>
#include <stdexcept>
#include <thread>

using namespace ratelab;

namespace {

Report runOn(const Scenario& s, unsigned threads, RunControl& control)
{
    return runScenario(s, control, RunOptions{.limit = WorkLimit::Capped, .threads = threads, .shard = {}});
}

// The report files of `s` run on `threads` threads, as writeReportFiles writes them.
std::pair<QByteArray, QByteArray> reportFiles(const Scenario& s, unsigned threads)
{
    QTemporaryDir dir;
    RunControl control;
    writeReportFiles(runOn(s, threads, control), dir.path().toStdString());
    QFile json(dir.filePath("report.json"));
    QFile series(dir.filePath("series.csv"));
    if (!json.open(QIODevice::ReadOnly) || !series.open(QIODevice::ReadOnly))
        throw std::runtime_error("no report files in " + dir.path().toStdString());
    return {json.readAll(), series.readAll()};
}

}  // namespace

class TestSimulationThreads : public QObject {
    Q_OBJECT

private slots:
    void everyShippedScenarioIsTheSameOnAnyThreads();
    void recordedKeysInternedWhileLanesDecide();
    void cancelStopsEveryThread();
    void poolRunsEveryTaskOnce();
    void poolPassesTheFirstFailureOn();
    void poolWaitsForARoundItIsDestroyedIn();
};

void TestSimulationThreads::everyShippedScenarioIsTheSameOnAnyThreads()
{
    const QStringList files = QDir(QStringLiteral(RATELAB_SOURCE_DIR "/resources/scenarios")).entryList({"*.json"}, QDir::Files);
    QVERIFY(files.size() >= 16);
    std::set<std::string> embedded;
    for (const auto& entry : embeddedScenarios())
        embedded.insert(entry.first + ".json");
    for (const QString& file : files) {
        QVERIFY2(embedded.count(file.toStdString()), qPrintable(file));  // what the app and the CLI ship
        const Scenario s = loadScenarioFile(RATELAB_SOURCE_DIR "/resources/scenarios/" + file.toStdString());
        const auto one = reportFiles(s, 1);
        QVERIFY2(one.first.contains("\"unique_requests\""), qPrintable(file));
        for (const unsigned threads : {2u, 3u}) {
            const auto several = reportFiles(s, threads);
            QVERIFY2(several.first == one.first, qPrintable(file + QStringLiteral(": report.json on %1 threads").arg(threads)));
            QVERIFY2(several.second == one.second, qPrintable(file + QStringLiteral(": series.csv on %1 threads").arg(threads)));
        }
    }
}

void TestSimulationThreads::recordedKeysInternedWhileLanesDecide()
{
    // 40005 requests of 20001 keys, the traffic interning new keys all along: key-k at 2k ms
    // and 2k + 1 ms, and "hot" 5 times within the 1 ms after key-15000's first (at 30 s).
    // Limit 2 per 1 s: every key-k admits its 2 and the hot key its first 2 of 5. The peak
    // burst is 2 of 2 (1.0x), first reached by key-0 at 1 ms; none is higher, so none replaces
    // it. The same on any thread.
    std::string trace = "t_us,key,cost\n";
    for (int k = 0; k < 20000; ++k) {
        trace += std::to_string(2000 * k) + ",key-" + std::to_string(k) + ",1\n";
        if (k == 15000) {
            for (int i = 0; i < 5; ++i)
                trace += std::to_string(2000 * k + 100 * (i + 1)) + ",hot,1\n";
        }
        trace += std::to_string(2000 * k + 1000) + ",key-" + std::to_string(k) + ",1\n";
    }
    QTemporaryDir dir;
    const Scenario s = test::traceScenario(dir.path().toStdString(), trace, R"({
      "name": "keys", "seed": 1, "duration": "41s",
      "traffic": [{"kind": "trace", "file": "trace.csv"}],
      "keys": "recorded",
      "algorithms": [{"id": "fixed", "algorithm": "fixed_window", "params": {"limit": 2, "window": "1s"}},
                     {"id": "log", "algorithm": "sliding_window_log", "params": {"limit": 2, "window": "1s"}}]})");
    RunControl control;
    const Report one = runOn(s, 1, control);
    QCOMPARE(one.uniqueRequests, std::int64_t(40005));
    for (const char* id : {"fixed", "log"}) {
        const AlgorithmReport& a = test::lane(one, id);
        QCOMPARE(a.rejected, std::int64_t(3));
        QCOMPARE(a.peakBurst.ratio, 1.0);
        QCOMPARE(a.peakBurst.key, std::string("key-0"));
        QCOMPARE(a.peakBurst.atUs, Duration(1000));
    }
    for (const unsigned threads : {2u, 3u})
        QCOMPARE(reportJson(runOn(s, threads, control)), reportJson(one));
}

void TestSimulationThreads::cancelStopsEveryThread()
{
    const Scenario s = test::embedded("zipf-keys");
    RunControl cancelled;
    cancelled.cancel();
    QVERIFY_THROWS_EXCEPTION(Cancelled, runOn(s, 2, cancelled));
    // Cancelled from the progress callback (as the GUI's cancel lands mid-run): the run stops.
    int reports = 0;
    RunControl* self = nullptr;
    RunControl midway([&](int permille, const std::string&) {
        if (permille > 0 && ++reports == 1)
            self->cancel();
    });
    self = &midway;
    QVERIFY_THROWS_EXCEPTION(Cancelled, runOn(s, 3, midway));
    QCOMPARE(reports, 1);
}

void TestSimulationThreads::poolRunsEveryTaskOnce()
{
    for (const unsigned threads : {1u, 2u, 4u}) {
        RoundPool pool(threads);
        for (int round = 0; round < 200; ++round) {
            std::vector<std::atomic<int>> runs(7);
            pool.start({6, 5, 4, 3, 2, 1, 0}, [&](std::size_t task) { runs[task].fetch_add(1); });
            pool.finish();
            for (std::size_t task = 0; task < runs.size(); ++task)
                QCOMPARE(runs[task].load(), 1);
        }
    }
}

void TestSimulationThreads::poolPassesTheFirstFailureOn()
{
    RoundPool pool(3);
    std::atomic<int> ran{0};
    pool.start({0, 1, 2, 3}, [&](std::size_t task) {
        ++ran;
        if (task == 1 || task == 3)
            throw std::runtime_error("task " + std::to_string(task));
    });
    try {
        pool.finish();
        QFAIL("no failure");
    } catch (const std::runtime_error& e) {
        QCOMPARE(std::string(e.what()), std::string("task 1"));  // the first in the round's order
    }
    QCOMPARE(ran.load(), 4);                       // the others ran all the same
    pool.start({0}, [&](std::size_t) { ++ran; });  // and the pool takes the next round
    pool.finish();
    QCOMPARE(ran.load(), 5);
}

void TestSimulationThreads::poolWaitsForARoundItIsDestroyedIn()
{
    std::atomic<bool> started{false};
    std::atomic<bool> ended{false};
    {
        RoundPool pool(2);
        pool.start({0}, [&](std::size_t) {
            started = true;
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            ended = true;
        });
        while (!started)  // the helper has it (the caller never called finish())
            std::this_thread::yield();
    }
    QVERIFY(ended.load());
}

QTEST_GUILESS_MAIN(TestSimulationThreads)
#include "tst_simulationthreads.moc"
