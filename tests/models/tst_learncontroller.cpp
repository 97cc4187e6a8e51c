// LearnController with injected key lists and histories: the busiest key followed when none is
// given, a given key followed without listing, every lane in order, supersession, cancel within
// 200 ms, failures reported, destruction cancelling.
#include "app/models/jobs/learncontroller.h"
#include "app/models/text/decisiontext.h"
#include "app/models/text/formatting.h"
#include "engine/scenario/scenarioio.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

using namespace ratelab;

namespace {

// Lists `keys`, counting the calls.
LearnController::KeysFunction listing(std::vector<std::string> keys, std::atomic<int>* calls)
{
    return [keys, calls](const Scenario&, std::size_t count, RunControl&) {
        ++*calls;
        return std::vector<std::string>(keys.begin(), keys.begin() + std::ptrdiff_t(std::min(count, keys.size())));
    };
}

// A history that takes `ms` milliseconds, checking its cancel flag every millisecond; one step per
// algorithm at t = the scenario's seed + the request's start, so a test can tell them apart.
LearnController::HistoryFunction slowHistory(int ms)
{
    return [ms](const Scenario& s, const std::string& id, const std::string& key, SimTime fromUs, std::size_t maxSteps,
                RunControl& c) {
        for (int i = 0; i < ms; ++i) {
            if (c.cancelled())
                throw Cancelled{};
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        KeyHistory t;
        t.algorithmId = id;
        t.key = key;
        t.steps.resize(std::min<std::size_t>(1, maxSteps));
        t.steps.front().atUs = SimTime(s.seed) + fromUs;
        return t;
    };
}

LearnRequest request(std::uint64_t seed, std::string key, bool listKeys)
{
    auto scenario = std::make_shared<Scenario>();
    scenario->seed = seed;
    LearnRequest r;
    r.scenario = scenario;
    r.key = std::move(key);
    r.algorithms = {"A-algorithm", "B-algorithm"};
    r.listKeys = listKeys;
    return r;
}

std::shared_ptr<const LearnHistories> historiesOf(const QSignalSpy& finished)
{
    return finished.first().at(1).value<std::shared_ptr<const LearnHistories>>();
}

}  // namespace

class TestLearnController : public QObject {
    Q_OBJECT
private slots:
    void listsKeysThenFollowsTheBusiest()
    {
        std::atomic<int> calls{0};
        LearnController controller(listing({"client-7", "client-2", "client-9"}, &calls), slowHistory(1));
        QSignalSpy finished(&controller, &LearnController::finished);
        QSignalSpy running(&controller, &LearnController::runningChanged);
        const quint64 job = controller.start(request(1, {}, true));
        QVERIFY(job > 0);
        QVERIFY(finished.wait(5000));
        QCOMPARE(finished.first().at(0).toULongLong(), job);
        const auto histories = historiesOf(finished);
        QCOMPARE(calls.load(), 1);
        QCOMPARE(histories->keys, (std::vector<std::string>{"client-7", "client-2", "client-9"}));
        QCOMPARE(histories->histories.size(), std::size_t(2));
        QCOMPARE(histories->histories[0].algorithmId, std::string("A-algorithm"));
        QCOMPARE(histories->histories[1].algorithmId, std::string("B-algorithm"));
        QCOMPARE(histories->histories[0].key, std::string("client-7"));
        QCOMPARE(histories->histories[1].key, std::string("client-7"));
        QVERIFY(histories->request.listKeys);
        QCOMPARE(running.count(), 2);  // true, then false
    }

    void followsAGivenKeyWithoutListing()
    {
        std::atomic<int> calls{0};
        LearnController controller(listing({"client-7"}, &calls), slowHistory(1));
        QSignalSpy finished(&controller, &LearnController::finished);
        controller.start(request(1, "client-3", false));
        QVERIFY(finished.wait(5000));
        const auto histories = historiesOf(finished);
        QCOMPARE(calls.load(), 0);
        QVERIFY(histories->keys.empty());
        QCOMPARE(histories->histories.size(), std::size_t(2));
        QCOMPARE(histories->histories[0].key, std::string("client-3"));
    }

    void historiesFromATime()
    {
        std::atomic<int> calls{0};
        LearnController controller(listing({"client-7"}, &calls), slowHistory(1));
        QSignalSpy finished(&controller, &LearnController::finished);
        LearnRequest r = request(3, "client-3", false);
        r.fromUs = 20'000'000;
        controller.start(r);
        QVERIFY(finished.wait(5000));
        QCOMPARE(historiesOf(finished)->histories[0].steps.front().atUs, SimTime(20'000'003));
    }

    // The engine's history from 10 s, each step worded by decisiontext (the engine leaves the
    // sentence empty): the app's sentence, starting with the step's time.
    void engineHistoryFromATimeIsWorded()
    {
        auto scenario = std::make_shared<Scenario>();
        for (const auto& [name, json] : embeddedScenarios()) {
            if (name == "boundary-attack")
                *scenario = loadScenario(json, name);
        }
        LearnController controller;
        QSignalSpy finished(&controller, &LearnController::finished);
        LearnRequest r;
        r.scenario = scenario;
        r.key = "user-0";
        r.algorithms = {"fixed_window"};
        r.fromUs = 10'000'000;
        controller.start(r);
        QVERIFY(finished.wait(10000));
        const KeyHistory& history = historiesOf(finished)->histories.at(0);
        QVERIFY(!history.steps.empty());
        QVERIFY(history.steps.front().atUs >= 10'000'000);
        for (const KeyStep& step : history.steps) {
            QCOMPARE(QString::fromStdString(step.sentence), decisionSentence(step));
            QVERIFY(
                QString::fromStdString(step.sentence).startsWith(fmt::seconds(double(step.atUs)) + QStringLiteral(": Window ")));
        }
    }

    // A WebSocket scenario whose first limit keys each connection: Learn lists connections,
    // follows the busiest (the flooder's, 12,000 arrivals), and steps through its messages. The
    // bucket (20, 10/s) full at the first message, 5 ms apart: 20 - 0.95 (n - 1) tokens before
    // the n-th, so 21 pass and the 22nd, at 110 ms, is rejected. B keys per user: the same
    // traffic is user-0's there.
    void followsOneConnectionsMessages()
    {
        auto scenario = std::make_shared<Scenario>();
        for (const auto& [name, json] : embeddedScenarios()) {
            if (name == "websocket-messages")
                *scenario = loadScenario(json, name);
        }
        LearnController controller;
        QSignalSpy finished(&controller, &LearnController::finished);
        LearnRequest r;
        r.scenario = scenario;
        r.algorithms = {"per-connection bucket on messages", "per-user bucket on messages"};
        r.listKeys = true;
        controller.start(r);
        QVERIFY(finished.wait(10000));
        const auto histories = historiesOf(finished);
        QCOMPARE(histories->keys.front(), std::string("user-0:conn-0"));
        const KeyHistory& a = histories->histories.at(0);
        QCOMPARE(a.key, std::string("user-0:conn-0"));
        QVERIFY(a.steps.size() > 22);
        QCOMPARE(a.steps[0].atUs, SimTime(5'000));
        for (std::size_t i = 0; i < 21; ++i)
            QVERIFY(a.steps[i].decision.allowed);
        QVERIFY(!a.steps[21].decision.allowed);
        QCOMPARE(a.steps[21].atUs, SimTime(110'000));
        QCOMPARE(QString::fromStdString(a.steps[21].sentence), decisionSentence(a.steps[21]));
        QCOMPARE(histories->keyInOtherLane, std::optional<std::string>("user-0"));
    }

    void noKeysNoHistories()
    {
        std::atomic<int> calls{0};
        LearnController controller(listing({}, &calls), slowHistory(1));
        QSignalSpy finished(&controller, &LearnController::finished);
        controller.start(request(1, {}, true));
        QVERIFY(finished.wait(5000));
        QVERIFY(historiesOf(finished)->histories.empty());
    }

    void newerJobSupersedesOlder()
    {
        std::atomic<int> calls{0};
        LearnController controller(listing({"k"}, &calls), slowHistory(100));
        QSignalSpy finished(&controller, &LearnController::finished);
        QSignalSpy cancelled(&controller, &LearnController::cancelled);
        const quint64 older = controller.start(request(1, "k", false));
        const quint64 newer = controller.start(request(2, "k", false));
        QVERIFY(newer > older);
        QVERIFY(finished.wait(5000));
        QTest::qWait(50);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.first().at(0).toULongLong(), newer);
        QCOMPARE(historiesOf(finished)->histories[0].steps.front().atUs, SimTime(2));
        QCOMPARE(cancelled.count(), 0);  // a superseded job is dropped silently
    }

    void cancelWithin200ms()
    {
        std::atomic<int> calls{0};
        LearnController controller(listing({"k"}, &calls), slowHistory(60'000));
        QSignalSpy cancelled(&controller, &LearnController::cancelled);
        QSignalSpy finished(&controller, &LearnController::finished);
        const quint64 job = controller.start(request(1, "k", false));
        QTest::qWait(50);
        QElapsedTimer timer;
        timer.start();
        controller.cancel();
        QVERIFY(cancelled.wait(1000));
        QVERIFY2(timer.elapsed() < 200, qPrintable(QString::number(timer.elapsed())));
        QCOMPARE(cancelled.first().at(0).toULongLong(), job);
        QCOMPARE(finished.count(), 0);
        QVERIFY(!controller.isRunning());
    }

    void failureReported()
    {
        LearnController controller(
            [](const Scenario&, std::size_t, RunControl&) -> std::vector<std::string> {
                throw std::runtime_error("the scenario asks for more work than the cap");
            },
            slowHistory(1));
        QSignalSpy failed(&controller, &LearnController::failed);
        QSignalSpy finished(&controller, &LearnController::finished);
        controller.start(request(1, {}, true));
        QVERIFY(failed.wait(5000));
        QCOMPARE(failed.first().at(1).toString(), QStringLiteral("the scenario asks for more work than the cap"));
        QCOMPARE(finished.count(), 0);
    }

    void destructionCancels()
    {
        std::atomic<int> calls{0};
        QElapsedTimer timer;
        timer.start();
        {
            LearnController controller(listing({"k"}, &calls), slowHistory(60'000));
            controller.start(request(1, "k", false));
            QTest::qWait(20);
        }
        QVERIFY(timer.elapsed() < 1000);
    }
};

QTEST_GUILESS_MAIN(TestLearnController)
#include "tst_learncontroller.moc"
