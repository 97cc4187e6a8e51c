// BucketCountsController: keys listed only when asked, counts only for a bucket, the engine's
// counts of the boundary attacker at 100 ms (derived by hand), the latest job winning, cancel,
// failures reported.
#include "app/models/jobs/bucketcountscontroller.h"
#include "engine/scenario/scenarioio.h"

#include <QSignalSpy>
#include <QTest>

#include <atomic>
#include <chrono>
#include <numeric>
#include <stdexcept>
#include <thread>

using namespace ratelab;

namespace {

BucketCountsController::KeysFunction listing(std::vector<std::string> keys, std::atomic<int>* calls)
{
    return [keys, calls](const Scenario&, std::size_t, RunControl&) {
        ++*calls;
        return keys;
    };
}

// Counts that take `ms` milliseconds, checking the cancel flag every millisecond; one lane named
// after the scenario's seed, with the key and bucket asked for.
BucketCountsController::CountsFunction slowCounts(int ms)
{
    return [ms](const Scenario& s, const std::optional<std::string>& key, Duration bucketUs, RunControl& c) {
        for (int i = 0; i < ms; ++i) {
            if (c.cancelled())
                throw Cancelled{};
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        BucketCounts out;
        out.key = key;
        out.bucketUs = bucketUs;
        out.lanes.push_back(LaneCounts{});
        out.lanes.back().algorithmId = std::to_string(s.seed);
        return out;
    };
}

CountsRequest request(std::uint64_t seed, std::optional<std::string> key, Duration bucketUs, bool listKeys)
{
    auto scenario = std::make_shared<Scenario>();
    scenario->seed = seed;
    return {scenario, std::move(key), bucketUs, listKeys};
}

std::shared_ptr<const CountsResult> resultOf(const QSignalSpy& finished)
{
    return finished.first().at(1).value<std::shared_ptr<const CountsResult>>();
}

}  // namespace

class TestBucketCountsController : public QObject {
    Q_OBJECT
private slots:
    void listsKeysOnlyWhenAsked()
    {
        std::atomic<int> calls{0};
        BucketCountsController controller(listing({"k1", "k2"}, &calls), slowCounts(1));
        QSignalSpy finished(&controller, &BucketCountsController::finished);
        controller.start(request(1, std::nullopt, 0, true));
        QVERIFY(finished.wait(5000));
        QCOMPARE(resultOf(finished)->keys, (std::vector<std::string>{"k1", "k2"}));
        QVERIFY(!resultOf(finished)->counts);
        finished.clear();
        controller.start(request(1, std::string("k2"), 50'000, false));
        QVERIFY(finished.wait(5000));
        QCOMPARE(calls.load(), 1);
        const auto result = resultOf(finished);
        QVERIFY(result->keys.empty());
        QVERIFY(result->counts);
        QCOMPARE(result->counts->key, std::optional<std::string>("k2"));
        QCOMPARE(result->counts->bucketUs, Duration(50'000));
    }

    // boundary-attack's one client sends 10 requests over [0.9, 1.0) and 10 over [1.0, 1.1),
    // then again every 2 s: 600 in 60 s. At 100 ms the fixed window allows 10 and 10 in buckets
    // 9 and 10, the sliding log 10 and refuses 10; over the run 600 against 300.
    void engineCountsTheAttacker()
    {
        auto scenario = std::make_shared<Scenario>();
        for (const auto& [name, json] : embeddedScenarios()) {
            if (name == "boundary-attack")
                *scenario = loadScenario(json, name);
        }
        BucketCountsController controller;
        QSignalSpy finished(&controller, &BucketCountsController::finished);
        controller.start({scenario, std::string("user-0"), 100'000, true});
        QVERIFY(finished.wait(10000));
        const auto result = resultOf(finished);
        QCOMPARE(result->keys, std::vector<std::string>{"user-0"});
        const BucketCounts& c = *result->counts;
        QCOMPARE(c.lanes.size(), std::size_t(4));
        const LaneCounts& fixed = c.lanes[0];
        const LaneCounts& log = c.lanes[1];
        QCOMPARE(fixed.allowed.size(), std::size_t(600));
        QCOMPARE(fixed.allowed[9], std::int64_t(10));
        QCOMPARE(fixed.allowed[10], std::int64_t(10));
        QCOMPARE(log.allowed[9], std::int64_t(10));
        QCOMPARE(log.allowed[10], std::int64_t(0));
        QCOMPARE(log.rejected[10], std::int64_t(10));
        QCOMPARE(std::accumulate(fixed.allowed.begin(), fixed.allowed.end(), std::int64_t(0)), std::int64_t(600));
        QCOMPARE(std::accumulate(log.allowed.begin(), log.allowed.end(), std::int64_t(0)), std::int64_t(300));
    }

    void newerJobSupersedesOlder()
    {
        std::atomic<int> calls{0};
        BucketCountsController controller(listing({}, &calls), slowCounts(100));
        QSignalSpy finished(&controller, &BucketCountsController::finished);
        const quint64 older = controller.start(request(1, std::nullopt, 1000, false));
        const quint64 newer = controller.start(request(2, std::nullopt, 1000, false));
        QVERIFY(finished.wait(5000));
        QTest::qWait(50);
        QCOMPARE(finished.count(), 1);
        QVERIFY(newer > older);
        QCOMPARE(finished.first().at(0).toULongLong(), newer);
        QCOMPARE(resultOf(finished)->counts->lanes.front().algorithmId, std::string("2"));
    }

    void cancelsAndReportsFailures()
    {
        std::atomic<int> calls{0};
        BucketCountsController slow(listing({}, &calls), slowCounts(60'000));
        QSignalSpy cancelled(&slow, &BucketCountsController::cancelled);
        const quint64 job = slow.start(request(1, std::nullopt, 1000, false));
        QTest::qWait(20);
        slow.cancel();
        QVERIFY(cancelled.wait(1000));
        QCOMPARE(cancelled.first().at(0).toULongLong(), job);

        BucketCountsController failing(
            listing({}, &calls), [](const Scenario&, const std::optional<std::string>&, Duration, RunControl&) -> BucketCounts {
                throw std::invalid_argument("bucket: 10us cuts 60s into 6000000 buckets, more than 200000");
            });
        QSignalSpy failed(&failing, &BucketCountsController::failed);
        failing.start(request(1, std::nullopt, 10, false));
        QVERIFY(failed.wait(5000));
        QCOMPARE(failed.first().at(1).toString(), QStringLiteral("bucket: 10us cuts 60s into 6000000 buckets, more than 200000"));
    }
};

QTEST_GUILESS_MAIN(TestBucketCountsController)
#include "tst_bucketcountscontroller.moc"
