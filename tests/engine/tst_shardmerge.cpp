// Merging shards' reports (engine/report/reportmerge.h): hand-made shard reports whose merged
// figures are worked out here from the rules in report.md (counts add, the peak burst is the
// largest and earliest, live keys add per millisecond before their peak, delay histograms add
// before their percentiles), and the refusals. The shard hash against FNV-1a's published
// test vectors.

#include "engine/core/shard.h"
#include "engine/metrics/delayhistogram.h"
#include "engine/report/reportio.h"
#include "engine/report/reportmerge.h"

#include <QtTest>

#include <nlohmann/json.hpp>

using namespace ratelab;
using Json = nlohmann::json;

class TestShardMerge : public QObject {
    Q_OBJECT

private slots:
    void fnvTestVectors();
    void countsAddAndSharesAreRecomputed();
    void peakBurstIsTheLargestThenEarliest();
    void liveKeysAddPerMillisecond();
    void slidingLogBytesAddPerBucket();
    void delayPercentilesFromTheAddedHistograms();
    void shadowKeepsTheFirstExamplesInTrafficOrder();
    void seriesAddBucketByBucket();
    void refusesOtherRunsAndMissingShards();
};

namespace {

// "s0", "s1", ...: appended, since "s" + std::to_string(i) draws a false -Wrestrict from GCC 12.
std::string shardName(std::size_t i)
{
    return std::string("s").append(std::to_string(i));
}

AlgorithmReport algorithm(const std::string& family)
{
    AlgorithmReport a;
    a.id = family;
    a.algorithm = family;
    a.family = family;
    a.keys = "user";
    a.memory.stateBytesPerKey = 16;
    a.allowedSeries.assign(3, 0);
    a.rejectedSeries.assign(3, 0);
    a.stateBytesSeries.assign(3, 0);
    a.liveKeysAtBucketEnd.assign(3, 0);
    a.peakBurst = {1'000'000, 0, 10, 0, 0, ""};
    return a;
}

// Shard `index` of `count` of one run of "hand", seed 7: three 1 s buckets, one algorithm.
Report shard(std::uint32_t index, std::uint32_t count, const std::string& family = "token_bucket")
{
    Report r;
    r.scenario = {"hand", 7, 3'000'000, 0, {}};
    r.bucketUs = 1'000'000;
    r.uniqueRequests = 100;
    r.distinctClients = 10;
    r.algorithms.push_back(algorithm(family));
    r.shard = ShardInfo{index, count, "user", 2};
    return r;
}

ShardFiles files(const Report& r, const std::string& name)
{
    return {name, reportJson(r), seriesCsv(r)};
}

Json merged(const std::vector<Report>& shards)
{
    std::vector<ShardFiles> all;
    for (std::size_t i = 0; i < shards.size(); ++i)
        all.push_back(files(shards[i], shardName(i)));
    return Json::parse(mergeShardReports(all).reportJson);
}

void setCounts(AlgorithmReport& a, std::int64_t allowed, std::int64_t rejected)
{
    a.requests = allowed + rejected;
    a.allowed = a.allowedCost = allowed;
    a.rejected = a.rejectedCost = rejected;
}

QString refusal(const std::vector<Report>& shards)
{
    std::vector<ShardFiles> all;
    for (std::size_t i = 0; i < shards.size(); ++i)
        all.push_back(files(shards[i], shardName(i)));
    try {
        mergeShardReports(all);
    } catch (const MergeError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

}  // namespace

void TestShardMerge::fnvTestVectors()
{
    // The FNV-1a 64 test vectors of the reference implementation (Landon Curt Noll's test suite).
    QCOMPARE(fnv1a64(""), 0xcbf29ce484222325ull);
    QCOMPARE(fnv1a64("a"), 0xaf63dc4c8601ec8cull);
    QCOMPARE(fnv1a64("foobar"), 0x85944171f73967e8ull);
    QCOMPARE(shardOfKey("a", 4), static_cast<std::uint32_t>(0xaf63dc4c8601ec8cull % 4));
}

void TestShardMerge::countsAddAndSharesAreRecomputed()
{
    Report a = shard(0, 2), b = shard(1, 2);
    setCounts(a.algorithms[0], 7, 3);
    setCounts(b.algorithms[0], 1, 4);
    a.algorithms[0].neverAdmissible = 1;
    a.algorithms[0].closedLoop = ClosedLoopStats{1.4, 0.75, 10, 14, 4, 4, 0};
    b.algorithms[0].closedLoop = ClosedLoopStats{1.0, 0.0, 5, 5, 0, 0, 2};
    a.algorithms[0].peakBurst = {1'000'000, 12, 10, 1.2, 1'500, "user-1"};
    b.algorithms[0].peakBurst = {1'000'000, 11, 10, 1.1, 500, "user-2"};
    a.algorithms[0].clients = ClientStats{6, 2, 1};
    b.algorithms[0].clients = ClientStats{4, 3, 0};
    const Json m = merged({a, b});
    const Json& alg = m["algorithms"][0];
    QCOMPARE(alg["requests"].get<int>(), 15);
    QCOMPARE(alg["allowed"].get<int>(), 8);
    QCOMPARE(alg["rejected_cost"].get<int>(), 7);
    QCOMPARE(alg["never_admissible"].get<int>(), 1);
    QCOMPARE(alg["acceptance"].get<double>(), 8.0 / 15.0);
    QCOMPARE(alg["backend"]["limiter_after"].get<int>(), 15);
    QCOMPARE(alg["closed_loop"]["attempts"].get<int>(), 19);
    QCOMPARE(alg["closed_loop"]["gave_up"].get<int>(), 2);
    QCOMPARE(alg["closed_loop"]["amplification"].get<double>(), 19.0 / 15.0);
    QCOMPARE(alg["closed_loop"]["retry_after_success"].get<double>(), 3.0 / 4.0);  // 3 of shard 0's 4 passed
    QCOMPARE(alg["clients"]["clients"].get<int>(), 10);
    QCOMPARE(alg["clients"]["wrongly_throttled"].get<int>(), 1);
    QCOMPARE(m["unique_requests"].get<int>(), 100);  // the traffic's, the same in every shard
    QVERIFY(!m.contains("shard"));
}

void TestShardMerge::peakBurstIsTheLargestThenEarliest()
{
    Report a = shard(0, 3), b = shard(1, 3), c = shard(2, 3);
    for (Report* r : {&a, &b, &c})
        setCounts(r->algorithms[0], 5, 0);
    a.algorithms[0].peakBurst = {1'000'000, 15, 10, 1.5, 2'000, "user-1"};
    b.algorithms[0].peakBurst = {1'000'000, 15, 10, 1.5, 1'000, "user-2"};
    c.algorithms[0].peakBurst = {1'000'000, 12, 10, 1.2, 500, "user-3"};
    Json burst = merged({a, b, c})["algorithms"][0]["peak_burst"];
    QCOMPARE(burst["key"].get<std::string>(), std::string("user-2"));  // 1.5 both, 1,000 us first
    QCOMPARE(burst["at_us"].get<int>(), 1'000);
    c.algorithms[0].peakBurst = {1'000'000, 20, 10, 2.0, 2'500'000, "user-3"};
    burst = merged({a, b, c})["algorithms"][0]["peak_burst"];
    QCOMPARE(burst["key"].get<std::string>(), std::string("user-3"));
    // A shard that admitted nothing has no peak, even with a stale one.
    setCounts(c.algorithms[0], 0, 5);
    QCOMPARE(merged({a, b, c})["algorithms"][0]["peak_burst"]["key"].get<std::string>(), std::string("user-2"));
    // The same ratio at the same microsecond in two shards: which was first is not known.
    b.algorithms[0].peakBurst.atUs = 2'000;
    QVERIFY(refusal({a, b, c}).contains("same microsecond"));
}

void TestShardMerge::liveKeysAddPerMillisecond()
{
    // Shard 0 holds 3 keys in ms 10 only, shard 1 holds 2 in ms 11 only: never 5 at once.
    Report a = shard(0, 2), b = shard(1, 2);
    a.algorithms[0].liveKeysProfile = {{10, 3}, {11, 0}};
    b.algorithms[0].liveKeysProfile = {{11, 2}, {12, 0}};
    Json memory = merged({a, b})["algorithms"][0]["memory"];
    QCOMPARE(memory["peak_live_keys"].get<int>(), 3);
    QCOMPARE(memory["peak_state_bytes"].get<int>(), 3 * 16);
    // Overlapping in ms 11: 1 + 2.
    a.algorithms[0].liveKeysProfile = {{10, 3}, {11, 1}, {14, 0}};
    memory = merged({a, b})["algorithms"][0]["memory"];
    QCOMPARE(memory["peak_live_keys"].get<int>(), 3);
    a.algorithms[0].liveKeysProfile = {{10, 3}, {11, 2}, {14, 0}};
    QCOMPARE(merged({a, b})["algorithms"][0]["memory"]["peak_live_keys"].get<int>(), 4);
}

void TestShardMerge::slidingLogBytesAddPerBucket()
{
    // Bytes at each bucket's end add: {100, 90, 130}, keys {2, 3, 3}: the peak is 130 at the
    // third, 130 / 3 bytes per key, though shard 0 alone peaks in the first.
    Report a = shard(0, 2, "sliding_window_log"), b = shard(1, 2, "sliding_window_log");
    a.algorithms[0].stateBytesSeries = {100, 0, 50};
    a.algorithms[0].liveKeysAtBucketEnd = {2, 0, 1};
    b.algorithms[0].stateBytesSeries = {0, 90, 80};
    b.algorithms[0].liveKeysAtBucketEnd = {0, 3, 2};
    const Json memory = merged({a, b})["algorithms"][0]["memory"];
    QCOMPARE(memory["peak_state_bytes"].get<int>(), 130);
    QCOMPARE(memory["state_bytes_per_key"].get<double>(), 130.0 / 3.0);
}

void TestShardMerge::delayPercentilesFromTheAddedHistograms()
{
    // The merged percentiles are those of one histogram of every shard's delays.
    DelayHistogram one, two, all;
    for (std::int64_t us : {100, 250, 9'000, 9'100, 9'200})
        one.add(us), all.add(us);
    for (std::int64_t us : {120, 130, 70'000})
        two.add(us), all.add(us);
    Report a = shard(0, 2, "leaky_bucket"), b = shard(1, 2, "leaky_bucket");
    a.algorithms[0].delay = DelayStats{one.percentile(0.5), one.percentile(0.99), one.max(), one.cumulative()};
    b.algorithms[0].delay = DelayStats{two.percentile(0.5), two.percentile(0.99), two.max(), two.cumulative()};
    const Json delay = merged({a, b})["algorithms"][0]["delay_us"];
    QCOMPARE(delay["p50"].get<std::int64_t>(), all.percentile(0.5));
    QCOMPARE(delay["p99"].get<std::int64_t>(), all.percentile(0.99));
    QCOMPARE(delay["max"].get<std::int64_t>(), std::int64_t(70'000));
    // The median is the 4th of 8 (100 120 130 250 ...): 250, read at most 1.6% high.
    QVERIFY(delay["p50"].get<std::int64_t>() >= 250 && delay["p50"].get<std::int64_t>() <= 254);
}

void TestShardMerge::shadowKeepsTheFirstExamplesInTrafficOrder()
{
    Report a = shard(0, 2), b = shard(1, 2);
    for (Report* r : {&a, &b}) {
        r->algorithms.push_back(algorithm("gcra"));
        r->shadow.push_back(ShadowPair{"token_bucket", "gcra", 0, 0, {}, {}});
    }
    a.shadow[0].aRejectsBAllows = 3;
    a.shadow[0].aRejectsBAllowsExamples = {{50, "user-1", 5}, {400, "user-1", 40}};
    b.shadow[0].aRejectsBAllows = 2;
    b.shadow[0].aRejectsBAllowsExamples = {{70, "user-2", 7}, {90, "user-4", 9}};
    b.shadow[0].bRejectsAAllows = 1;
    const Json pair = merged({a, b})["shadow"][0];
    QCOMPARE(pair["a_rejects_b_allows"].get<int>(), 5);
    QCOMPARE(pair["b_rejects_a_allows"].get<int>(), 1);
    const Json expected = Json::parse(R"([{"at_us": 50, "key": "user-1"}, {"at_us": 70, "key": "user-2"}])");
    QCOMPARE(pair["a_rejects_b_allows_examples"], expected);  // shadow_examples 2: seq 5 and 7
}

void TestShardMerge::seriesAddBucketByBucket()
{
    Report a = shard(0, 2), b = shard(1, 2);
    a.algorithms[0].allowedSeries = {1, 2, 3};
    a.algorithms[0].rejectedSeries = {0, 5, 0};
    b.algorithms[0].allowedSeries = {10, 0, 30};
    b.algorithms[0].rejectedSeries = {1, 1, 1};
    const MergedFiles m = mergeShardReports({files(a, "a"), files(b, "b")});
    QCOMPARE(QString::fromStdString(m.seriesCsv),
             QStringLiteral("t_us,id,allowed,rejected\n"
                            "0,token_bucket,11,1\n"
                            "1000000,token_bucket,2,6\n"
                            "2000000,token_bucket,33,1\n"));
}

void TestShardMerge::refusesOtherRunsAndMissingShards()
{
    Report other = shard(1, 3);
    other.scenario.seed = 8;
    QVERIFY(refusal({shard(0, 3), other, shard(2, 3)}).contains("different seeds (7 vs 8)"));
    other = shard(1, 3);
    other.scenario.name = "other";
    QVERIFY(refusal({shard(0, 3), other, shard(2, 3)}).contains("different scenarios (hand vs other)"));
    QVERIFY(refusal({shard(0, 3), shard(1, 2)}).contains("different shard counts (3 vs 2)"));
    QCOMPARE(refusal({shard(0, 3), shard(2, 3)}), QStringLiteral("shard 1/3 is missing: a merge needs all 3 shards of the run"));
    QVERIFY(refusal({shard(0, 2), shard(0, 2)}).contains("shard 0/2 given twice"));
    Report whole = shard(0, 1);
    whole.shard.reset();
    QVERIFY(refusal({whole}).contains("a whole run's report, not a shard's"));
    other = shard(1, 2);
    other.algorithms[0].params["rate"] = "5/s";
    QVERIFY(refusal({shard(0, 2), other}).contains("different algorithms"));
    QVERIFY_THROWS_EXCEPTION(MergeError, mergeShardReports({{"x", "{not json", ""}}));
}

QTEST_APPLESS_MAIN(TestShardMerge)
#include "tst_shardmerge.moc"
