// AdvisorController: the real advisor on an import's requests, and with injected runs: the
// 150 ms debounce coalescing target changes into one job with the latest options, latest wins,
// cancel keeps the last result, a new import forgets it, the next job gets the last result to
// reuse, failures reported.
#include "app/models/jobs/advisorcontroller.h"
#include "app/models/jobs/logimportcontroller.h"

#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

using namespace ratelab;

namespace {

// Four keys, nine requests, as an import hands them on (a: 0, 100 ms, 200 ms, 5 s; b: 0;
// c: 0, 2 s; d: 0, 1 s).
std::shared_ptr<const LogImportResult> handImport()
{
    auto r = std::make_shared<LogImportResult>();
    r->keys = std::make_shared<KeyInterner>();
    const std::pair<SimTime, const char*> rows[] = {{0, "a"},         {0, "b"},         {0, "c"},
                                                    {0, "d"},         {100'000, "a"},   {200'000, "a"},
                                                    {1'000'000, "d"}, {2'000'000, "c"}, {5'000'000, "a"}};
    std::int64_t line = 0;
    for (const auto& [t, key] : rows)
        r->requests.push_back({t, r->keys->intern(key), 0, ++line});
    r->summary.requestsImported = line;
    return r;
}

AdvisorOptions target(std::int64_t ppm)
{
    AdvisorOptions o;
    o.targetPpm = ppm;
    o.windowUs = kMicrosPerSecond;
    return o;
}

// A run of `ms` milliseconds that checks its cancel flag every millisecond; counts its calls.
AdvisorController::AdviseFunction slowAdvise(int ms, std::atomic<int>* calls = nullptr)
{
    return [ms, calls](const RequestSet& set, const AdvisorOptions& o, const AdvisorResult*, RunControl& control) {
        if (calls)
            ++*calls;
        for (int i = 0; i < ms; ++i) {
            if (control.cancelled())
                throw Cancelled{};
            control.report(i * 1000 / std::max(ms, 1), "token_bucket");
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        AdvisorResult r;
        r.options = o;
        r.requests = std::int64_t(set.requests.size());
        return r;
    };
}

std::int64_t ppmOf(const QSignalSpy& finished, int i)
{
    return finished.at(i).at(1).value<std::shared_ptr<const AdvisorResult>>()->options.targetPpm;
}

}  // namespace

class TestAdvisorController : public QObject {
    Q_OBJECT
private slots:
    void advisesOnTheImport()
    {
        AdvisorController controller;
        QSignalSpy finished(&controller, &AdvisorController::finished);
        QCOMPARE(controller.start(target(750'000)), quint64(0));  // nothing imported yet
        const auto import = handImport();
        controller.setImport(import);
        const quint64 job = controller.start(target(750'000));
        QVERIFY(job > 0);
        QVERIFY(finished.wait(5000));
        const auto result = controller.lastResult();
        QVERIFY(result);
        // The engine on the same requests, directly.
        const AdvisorResult expected =
            advise(requestSetFromImport(import->requests, *import->keys, import->summary), target(750'000));
        QCOMPARE(result->requests, std::int64_t(9));
        QCOMPARE(result->keys, std::int64_t(4));
        QCOMPARE(result->recommendations.size(), expected.recommendations.size());
        for (std::size_t i = 0; i < expected.recommendations.size(); ++i) {
            QCOMPARE(result->recommendations[i].value, expected.recommendations[i].value);
            QCOMPARE(result->recommendations[i].keysUnthrottled, expected.recommendations[i].keysUnthrottled);
        }
        QCOMPARE(result->rates.windows[0].maxPerKey, expected.rates.windows[0].maxPerKey);
    }

    // The Logs view's path: a log imported by LogImportController, advised on. Two clients,
    // then three addresses on lines an hour older than the first (too old for the 60 s
    // look-back): the view counts 2 keys, not 5, and its target of 100% needs both clients.
    void refusedLinesAreNotKeys()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("refused.log"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        const auto line = [](const char* ip, const char* time) {
            return QStringLiteral("%1 - - [12/Apr/2018:%2 +0000] \"GET / HTTP/1.1\" 200 1 \"-\" \"ua\"\n")
                .arg(QLatin1String(ip), QLatin1String(time))
                .toLatin1();
        };
        file.write(line("10.0.0.1", "09:00:00"));
        for (const char* ip : {"192.168.0.1", "192.168.0.2", "192.168.0.3"})
            file.write(line(ip, "08:00:00"));
        file.write(line("10.0.0.2", "09:00:01") + line("10.0.0.2", "09:00:02"));
        file.close();

        LogImportController importer;
        QSignalSpy imported(&importer, &LogImportController::finished);
        importer.start({path, QStringLiteral("refused.log"), {}});
        QVERIFY(imported.wait(10'000));
        const auto import = imported.first()[1].value<std::shared_ptr<const LogImportResult>>();
        QCOMPARE(import->summary.skippedFor(LineProblem::TooOld), std::int64_t{3});

        AdvisorController controller;
        QSignalSpy finished(&controller, &AdvisorController::finished);
        controller.setImport(import);
        controller.start(target(1'000'000));
        QVERIFY(finished.wait(10'000));
        const auto result = controller.lastResult();
        QCOMPARE(result->requests, std::int64_t{3});
        QCOMPARE(result->keys, std::int64_t{2});
        QCOMPARE(result->rates.totals.count, std::int64_t{2});
        QCOMPARE(result->rates.totals.percentiles.front().value, std::int64_t{1});  // p50 of {1, 2}
        for (const Recommendation& rec : result->recommendations) {
            QCOMPARE(rec.keys, std::int64_t{2});
            QCOMPARE(rec.keysUnthrottled, std::int64_t{2});
        }
    }

    void debounceCoalescesTargets()
    {
        std::atomic<int> calls{0};
        AdvisorController controller(slowAdvise(0, &calls));
        controller.setImport(handImport());
        QSignalSpy started(&controller, &AdvisorController::started);
        QSignalSpy finished(&controller, &AdvisorController::finished);
        QElapsedTimer sinceLast;
        for (std::int64_t ppm : {900'000, 950'000, 990'000}) {
            controller.schedule(target(ppm));
            sinceLast.start();
            QVERIFY(controller.isPending());
            QTest::qWait(40);
        }
        QCOMPARE(started.count(), 0);  // each change restarted the wait
        QVERIFY(finished.wait(2000));
        // A coarse timer may fire up to 5% early.
        QVERIFY2(sinceLast.elapsed() >= AdvisorController::kDebounceMs * 95 / 100 - 1,
                 qPrintable(QString::number(sinceLast.elapsed())));
        QTest::qWait(AdvisorController::kDebounceMs + 50);
        QCOMPARE(started.count(), 1);
        QCOMPARE(calls.load(), 1);
        QCOMPARE(ppmOf(finished, 0), std::int64_t(990'000));
        QVERIFY(!controller.isPending());
    }

    void startOvertakesSchedule()
    {
        AdvisorController controller(slowAdvise(0));
        controller.setImport(handImport());
        QSignalSpy finished(&controller, &AdvisorController::finished);
        controller.schedule(target(900'000));
        controller.start(target(500'000));
        QVERIFY(!controller.isPending());
        QVERIFY(finished.wait(2000));
        QTest::qWait(AdvisorController::kDebounceMs + 50);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(ppmOf(finished, 0), std::int64_t(500'000));
    }

    void latestWins()
    {
        AdvisorController controller(slowAdvise(100));
        controller.setImport(handImport());
        QSignalSpy finished(&controller, &AdvisorController::finished);
        QSignalSpy cancelled(&controller, &AdvisorController::cancelled);
        const quint64 older = controller.start(target(900'000));
        const quint64 newer = controller.start(target(990'000));
        QVERIFY(newer > older);
        QVERIFY(finished.wait(5000));
        QTest::qWait(50);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.first().at(0).toULongLong(), newer);
        QCOMPARE(ppmOf(finished, 0), std::int64_t(990'000));
        QCOMPARE(cancelled.count(), 0);  // a superseded job is dropped silently
        QVERIFY(!controller.isRunning());
    }

    void cancelKeepsLastResult()
    {
        std::atomic<int> calls{0};
        AdvisorController controller([&calls](const RequestSet& s, const AdvisorOptions& o, const AdvisorResult* p,
                                              RunControl& c) { return slowAdvise(++calls == 1 ? 5 : 60'000)(s, o, p, c); });
        controller.setImport(handImport());
        QSignalSpy finished(&controller, &AdvisorController::finished);
        controller.start(target(900'000));
        QVERIFY(finished.wait(5000));
        QSignalSpy cancelled(&controller, &AdvisorController::cancelled);
        controller.start(target(990'000));
        controller.schedule(target(999'000));
        QElapsedTimer timer;
        timer.start();
        controller.cancel();
        QVERIFY(!controller.isPending());
        QVERIFY(cancelled.wait(1000));
        QVERIFY(timer.elapsed() < 200);
        QCOMPARE(controller.lastResult()->options.targetPpm, std::int64_t(900'000));
    }

    void newImportForgetsResult()
    {
        AdvisorController controller(slowAdvise(100));
        controller.setImport(handImport());
        QSignalSpy finished(&controller, &AdvisorController::finished);
        QSignalSpy running(&controller, &AdvisorController::runningChanged);
        controller.start(target(900'000));
        controller.setImport(handImport());  // the running job was about the old requests
        QVERIFY(!controller.lastResult());
        QVERIFY(running.wait(2000));
        QVERIFY(!running.last().at(0).toBool());
        QCOMPARE(finished.count(), 0);
    }

    void nextJobGetsTheLastResult()
    {
        std::vector<std::int64_t> previousPpm;
        AdvisorController controller(
            [&previousPpm](const RequestSet& s, const AdvisorOptions& o, const AdvisorResult* p, RunControl& c) {
                previousPpm.push_back(p ? p->options.targetPpm : -1);
                return slowAdvise(0)(s, o, p, c);
            });
        controller.setImport(handImport());
        QSignalSpy finished(&controller, &AdvisorController::finished);
        controller.start(target(900'000));
        QVERIFY(finished.wait(2000));
        controller.start(target(990'000));
        QVERIFY(finished.wait(2000));
        controller.setImport(handImport());  // other requests: nothing to reuse
        controller.start(target(990'000));
        QVERIFY(finished.wait(2000));
        QCOMPARE(previousPpm, (std::vector<std::int64_t>{-1, 900'000, -1}));
    }

    void failureReported()
    {
        AdvisorController controller(
            [](const RequestSet&, const AdvisorOptions&, const AdvisorResult*, RunControl&) -> AdvisorResult {
                throw std::invalid_argument("no exact rate for 1 per 7000000us");
            });
        controller.setImport(handImport());
        QSignalSpy failed(&controller, &AdvisorController::failed);
        controller.start(target(990'000));
        QVERIFY(failed.wait(5000));
        QVERIFY(failed.first().at(1).toString().contains(QStringLiteral("exact rate")));
        QVERIFY(!controller.lastResult());
    }
};

QTEST_GUILESS_MAIN(TestAdvisorController)
#include "tst_advisorcontroller.moc"
