// What a cluster run reports for plotting, against values derived by hand: the series bucketed
// by arrival, the cost rejected though one exact limiter admitted it, and the windows each
// instance's clock reads.

#include "scenariotest.h"

#include "engine/cluster/instanceclock.h"

#include <QtTest>

#include <numeric>

using namespace ratelab;

using test::embedded;
using test::lane;
using test::run;

namespace {

constexpr SimTime kSecond = 1'000'000;

std::vector<SimTime> seconds(std::initializer_list<double> values)
{
    std::vector<SimTime> out;
    for (double v : values)
        out.push_back(SimTime(v * 1e6));
    return out;
}

}  // namespace

class TestClusterSeries : public QObject {
    Q_OBJECT

private slots:
    void windowStartsOfAnOffsetClock();
    void windowStartsOfADriftingClock();
    void windowStartsAcrossAStepBack();
    void windowStartsBeyondTheCapAreNone();
    void windowStartsPerInstanceOfTheClockSkewScenario();
    void seriesByArrivalMatchTheOfferedLoad();
    void ntpStepRejectsWronglyWithTheInstanceClock();
    void clockSkewRejectsWronglyAtEachWindowStart();
    void failClosedRejectsWhatTheLimitHadRoomFor();
};

void TestClusterSeries::windowStartsOfAnOffsetClock()
{
    // 300 ms ahead: the clock reads k s at true k s - 300 ms.
    const InstanceClock clock(ClockSpec{300'000, 0, {}}, 0);
    QCOMPARE(clock.windowStarts(kSecond, 0, 3 * kSecond, 100), seconds({0.7, 1.7, 2.7}));
}

void TestClusterSeries::windowStartsOfADriftingClock()
{
    // 10% fast: read(T) = T + round(0.1 T) reaches k s first at T = ceil(k / 1.1 s), unless
    // the rounding reaches it a microsecond earlier: 909,091 (909,091 + 90,909 = 1,000,000;
    // 909,090 + 90,909 is one short), 1,818,182, 2,727,273, 3,636,364 and 4,545,455 (where
    // 454,545.5 rounds up to 454,546: 5,000,001; 4,545,454 reads 4,999,999).
    const InstanceClock clock(ClockSpec{0, 100'000, {}}, 0);
    QCOMPARE(clock.windowStarts(kSecond, 0, 5 * kSecond, 100),
             (std::vector<SimTime>{909'091, 1'818'182, 2'727'273, 3'636'364, 4'545'455}));
}

void TestClusterSeries::windowStartsAcrossAStepBack()
{
    // From a scenario start at 100 s, the clock steps back 5 s at 30 s: it enters window 129
    // at 29 s, window 125 again at 30 s (the step), then 126 at 31 s and 127 at 32 s.
    const SimTime start = 100 * kSecond;
    const InstanceClock clock(ClockSpec{0, 0, {{30 * kSecond, -5 * kSecond}}}, start);
    std::vector<SimTime> expected;
    for (SimTime s : seconds({29, 30, 31, 32}))
        expected.push_back(start + s);
    QCOMPARE(clock.windowStarts(kSecond, start + 28 * kSecond, start + 33 * kSecond, 100), expected);
}

void TestClusterSeries::windowStartsBeyondTheCapAreNone()
{
    // 1 ms windows over 1 s: 999 starts in (0, 1 s), more than a cap of 500.
    const InstanceClock clock(ClockSpec{}, 0);
    QCOMPARE(clock.windowStarts(1'000, 0, kSecond, 999).size(), std::size_t(999));
    QVERIFY(clock.windowStarts(1'000, 0, kSecond, 500).empty());
}

void TestClusterSeries::windowStartsPerInstanceOfTheClockSkewScenario()
{
    // Fixed windows of 1 s over 60 s: with the instances' clocks instance 0 starts one at every
    // whole second, instance 1 (300 ms ahead) 300 ms before each; with the store's clock both
    // read the store's windows. GCRA has no windows.
    const Report r = run(embedded("cluster-clock-skew"));
    std::vector<SimTime> whole, early;
    for (int k = 1; k < 60; ++k)
        whole.push_back(k * kSecond);
    for (int k = 0; k < 60; ++k)
        early.push_back(k * kSecond + 700'000);
    const auto& instance = lane(r, "instance clock").cluster->instanceWindowStarts;
    QCOMPARE(instance.size(), std::size_t(2));
    QCOMPARE(instance[0], whole);
    QCOMPARE(instance[1], early);
    const auto& store = lane(r, "store clock").cluster->instanceWindowStarts;
    QCOMPARE(store, (std::vector<std::vector<SimTime>>{whole, whole}));
    QVERIFY(run(embedded("cluster-ntp-step")).algorithms[0].cluster->instanceWindowStarts.empty());
}

void TestClusterSeries::seriesByArrivalMatchTheOfferedLoad()
{
    // The 20 ms GET/SET race admits every request, so counted by arrival its allowed cost is
    // the offered load, bucket for bucket. Counted by decision, a request that arrives in the
    // last 20 ms of a second is decided in the next one: some bucket then holds more than
    // arrived in it.
    const Report r = run(embedded("cluster-get-set-race"));
    const AlgorithmReport& slow = lane(r, "get-set, 20 ms");
    QCOMPARE(slow.rejected, std::int64_t(0));
    QCOMPARE(slow.cluster->allowedByArrival, r.offeredSeries);
    bool decidedLater = false;
    for (std::size_t b = 0; b < r.offeredSeries.size(); ++b)
        decidedLater = decidedLater || slow.allowedSeries[b] > r.offeredSeries[b];
    QVERIFY(decidedLater);
    // Every lane: allowed and rejected by arrival add up to the offered load and to its totals.
    for (const AlgorithmReport& a : r.algorithms) {
        const ClusterStats& c = *a.cluster;
        for (std::size_t b = 0; b < r.offeredSeries.size(); ++b)
            QCOMPARE(c.allowedByArrival[b] + c.rejectedByArrival[b], r.offeredSeries[b]);
        QCOMPARE(std::accumulate(c.allowedByArrival.begin(), c.allowedByArrival.end(), std::int64_t(0)), a.allowedCost);
        QCOMPARE(std::accumulate(c.rejectedByArrival.begin(), c.rejectedByArrival.end(), std::int64_t(0)), a.rejectedCost);
    }
}

void TestClusterSeries::ntpStepRejectsWronglyWithTheInstanceClock()
{
    // 5/s against GCRA 10/s: one exact limiter in true time admits every request, so each of
    // the 25 rejections after the step back (30.0 to 34.8 s, tst_cluster) is wrong; with the
    // store's clock there are none.
    const Report r = run(embedded("cluster-ntp-step"));
    const ClusterStats& instance = *lane(r, "instance clock").cluster;
    QCOMPARE(instance.wronglyRejected, std::int64_t(25));
    for (std::size_t s = 0; s < instance.wronglyRejectedSeries.size(); ++s)
        QCOMPARE(instance.wronglyRejectedSeries[s], std::int64_t(s >= 30 && s < 35 ? 5 : 0));
    QCOMPARE(lane(r, "store clock").cluster->wronglyRejected, std::int64_t(0));
}

void TestClusterSeries::clockSkewRejectsWronglyAtEachWindowStart()
{
    // 1,000/s, fixed windows of 100 per 1 s. Instance clock: window k (k >= 1) of true time
    // opens while both instances are in full windows (instance 1 filled its window k from true
    // k s - 300 ms): the first 100 requests of it, 1 ms apart, were rejected, and one exact
    // limiter in true time admits them: 100 in each of windows 1 to 59. In window 0 both start in the same
    // window and admit its first 100. Store clock: the store decides exactly in true time.
    const Report r = run(embedded("cluster-clock-skew"));
    const ClusterStats& instance = *lane(r, "instance clock").cluster;
    QCOMPARE(instance.wronglyRejected, std::int64_t(59 * 100));
    QCOMPARE(instance.wronglyRejectedSeries[0], std::int64_t(0));
    for (std::size_t k = 1; k < 60; ++k)
        QCOMPARE(instance.wronglyRejectedSeries[k], std::int64_t(100));
    QCOMPARE(lane(r, "store clock").cluster->wronglyRejected, std::int64_t(0));
}

void TestClusterSeries::failClosedRejectsWhatTheLimitHadRoomFor()
{
    // Redis down from 20 s to 40 s under 300/s, a bucket refilling 100/s: fail_closed rejects
    // everything, of which one exact bucket would have admitted what it refilled, 100 a second
    // (give or take the token at a second's edge); fail_open admits everything.
    const Report r = run(embedded("cluster-redis-outage"));
    const ClusterStats& closed = *lane(r, "fail_closed").cluster;
    const ClusterStats& open = *lane(r, "fail_open").cluster;
    for (std::size_t s = 21; s < 39; ++s) {
        QVERIFY2(std::abs(closed.wronglyRejectedSeries[s] - 100) <= 2,
                 qPrintable(QStringLiteral("%1 s: %2").arg(s).arg(closed.wronglyRejectedSeries[s])));
        QCOMPARE(open.wronglyRejectedSeries[s], std::int64_t(0));
    }
    QCOMPARE(std::accumulate(closed.wronglyRejectedSeries.begin(), closed.wronglyRejectedSeries.end(), std::int64_t(0)),
             closed.wronglyRejected);
}

QTEST_MAIN(TestClusterSeries)
#include "tst_clusterseries.moc"
