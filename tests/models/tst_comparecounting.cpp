// CompareCounting: the report's series while they fit the selection (every key, the report's
// bucket, no range), counts of its own otherwise, the busiest keys once a run, and a result
// dropped once it is for another run.
#include "app/models/jobs/comparecounting.h"

#include <QSignalSpy>
#include <QTest>

#include <atomic>

using namespace ratelab;

namespace {

constexpr Duration kReportBucketUs = 1'000'000;

std::shared_ptr<const Report> report()
{
    auto r = std::make_shared<Report>();
    r->bucketUs = kReportBucketUs;
    r->scenario.durationUs = 10'000'000;
    r->offeredSeries = std::vector<std::int64_t>(10, 5);
    AlgorithmReport a;
    a.id = "tb";
    a.allowedSeries = std::vector<std::int64_t>(10, 4);
    a.rejectedSeries = std::vector<std::int64_t>(10, 1);
    r->algorithms.push_back(a);
    return r;
}

BucketCountsController::KeysFunction keys(std::atomic<int>* calls)
{
    return [calls](const Scenario&, std::size_t, RunControl&) {
        ++*calls;
        return std::vector<std::string>{"k1", "k2"};
    };
}

// One lane with a peak in its one bucket: counts of the key and bucket asked for.
BucketCounts counted(const Scenario&, const std::optional<std::string>& key, Duration bucketUs, RunControl&)
{
    BucketCounts out;
    out.key = key;
    out.bucketUs = bucketUs;
    out.lanes.push_back(LaneCounts{});
    out.lanes.back().allowed = {1};
    out.lanes.back().peaks.push_back(BucketPeak{});
    return out;
}

}  // namespace

class TestCompareCounting : public QObject {
    Q_OBJECT
private slots:
    void reportSeriesForEveryKeyThenKeysListed()
    {
        std::atomic<int> calls{0};
        CompareCounting counting(keys(&calls), counted);
        QSignalSpy listed(&counting, &CompareCounting::keysListed);
        QSignalSpy changed(&counting, &CompareCounting::countsChanged);
        QSignalSpy idle(&counting, &CompareCounting::idle);
        counting.setRun(report(), std::make_shared<Scenario>());
        QCOMPARE(counting.counts()->bucketUs, kReportBucketUs);
        QCOMPARE(counting.counts()->lanes.front().allowed, std::vector<std::int64_t>(10, 4));
        counting.start({});
        QVERIFY(counting.isRunning());
        QVERIFY(idle.wait(5000));
        QCOMPARE(listed.size(), 1);
        QCOMPARE(listed.first().at(0).value<std::vector<std::string>>(), (std::vector<std::string>{"k1", "k2"}));
        QCOMPARE(changed.size(), 0);  // the report's series fit: nothing counted
        // Listed once a run: a key picked next counts without listing again.
        counting.select({std::string("k2"), 0, false});
        QVERIFY(changed.wait(5000));
        QCOMPARE(calls.load(), 1);
        QCOMPARE(listed.size(), 1);
    }

    void aKeyOrBucketIsCountedAndEveryKeyGoesBack()
    {
        std::atomic<int> calls{0};
        CompareCounting counting(keys(&calls), counted);
        QSignalSpy status(&counting, &CompareCounting::statusChanged);
        QSignalSpy changed(&counting, &CompareCounting::countsChanged);
        counting.setRun(report(), std::make_shared<Scenario>());
        const std::shared_ptr<const BucketCounts> reportCounts = counting.counts();
        counting.select({std::string("k1"), 50'000, false});
        QCOMPARE(status.last().at(0).toString(), QStringLiteral("counting…"));
        QCOMPARE(counting.counts(), reportCounts);  // until counted, what the charts show
        QVERIFY(changed.wait(5000));
        QCOMPARE(counting.counts()->key, std::optional<std::string>("k1"));
        QCOMPARE(counting.counts()->bucketUs, Duration(50'000));
        QVERIFY(counting.fits(*counting.counts()));
        // The counts at hand fit a range (they have peaks per bucket): nothing to count.
        status.clear();
        counting.select({std::string("k1"), 50'000, true});
        QVERIFY(!counting.isRunning());
        QCOMPARE(status.size(), 0);
        // Every key at the report's bucket: the report's series again, at once.
        counting.select({std::nullopt, 0, false});
        QCOMPARE(counting.counts(), reportCounts);
        QCOMPARE(status.last().at(0).toString(), QString());
        // A range needs peaks per bucket, which the report's series have not: counted.
        counting.select({std::nullopt, 0, true});
        QVERIFY(!counting.fits(*reportCounts));
        QVERIFY(changed.wait(5000));
        QCOMPARE(counting.counts()->bucketUs, kReportBucketUs);
        QVERIFY(!counting.counts()->key);
    }

    void resultForAnotherRunIsDropped()
    {
        std::atomic<int> calls{0};
        CompareCounting counting(keys(&calls), counted);
        QSignalSpy changed(&counting, &CompareCounting::countsChanged);
        QSignalSpy listed(&counting, &CompareCounting::keysListed);
        QSignalSpy idle(&counting, &CompareCounting::idle);
        counting.setRun(report(), std::make_shared<Scenario>());
        counting.start({std::string("k1"), 0, false});
        counting.setRun(report(), std::make_shared<Scenario>());  // a new run before the result
        QVERIFY(idle.wait(5000));
        QCOMPARE(changed.size(), 0);
        QCOMPARE(listed.size(), 0);
        QVERIFY(!counting.counts()->key);  // the new run's series
    }
};

QTEST_GUILESS_MAIN(TestCompareCounting)
#include "tst_comparecounting.moc"
