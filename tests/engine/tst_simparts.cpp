// The parts lanes are composed of, each alone: a lane's closed loop of retries and its client
// fairness, a cluster lane's instances, store and local_sync counters. Every expected value is
// worked out by hand from the rule the part's header states (the times, the counts, which
// instance), not read from a run.

#include "engine/algorithms/catalog/catalog.h"
#include "engine/sim/clientfairness.h"
#include "engine/sim/closedloop.h"
#include "engine/sim/clusterinstances.h"
#include "engine/sim/clusterstore.h"
#include "engine/sim/localsync.h"

#include <QtTest>

#include <set>
#include <utility>
#include <vector>

using namespace ratelab;

namespace {

constexpr Duration kMs = 1'000;
constexpr Duration kS = 1'000'000;

Decision rejected(Duration retryAfter)
{
    Decision d;
    d.retryAfterUs = retryAfter;
    return d;
}

Decision allowed()
{
    Decision d;
    d.allowed = true;
    return d;
}

ClosedLoop::Attempt freshRequest(std::uint32_t client)
{
    return ClosedLoop::Attempt{client, 1, client, 0, 0, 0, false};
}

// Every retry `loop` hands back until `until`, each decided `d`.
std::vector<std::pair<SimTime, ClosedLoop::Attempt>> decideEveryRetry(ClosedLoop& loop, SimTime until, const Decision& d,
                                                                      ClosedLoopStats& stats)
{
    std::vector<std::pair<SimTime, ClosedLoop::Attempt>> seen;
    loop.runUntil(until, true, [&](const ClosedLoop::Attempt& a, SimTime t) {
        seen.emplace_back(t, a);
        loop.decided(a, d, t, stats);
    });
    return seen;
}

const ParamValues kEpochWindow{{"limit", "10"}, {"window", "1s"}, {"align", "epoch"}};

}  // namespace

class TestSimParts : public QObject {
    Q_OBJECT

private slots:
    void retryAfterIsReadInWholeSeconds();
    void retriesStopAtMaxRetries();
    void noRetryAtOrPastTheEnd();
    void backoffJitterStaysUnderItsCeiling();
    void backoffJitterIsTheAttemptsOwn();
    void clientsBehindOneKeyAreThrottledWrongly();
    void aKeyOfTheirOwnThrottlesNoOneWrongly();
    void recordedKeysTrackNoClients();
    void balancersPickAsDocumented();
    void instancesKeepTheirOwnClocksAndBreakers();
    void windowStartsFollowEachClock();
    void storeKeysPerWindowAlternateByParity();
    void casWritesOnlyAnUnchangedKey();
    void blindSetOverwritesTheKey();
    void memcachedAddStoresOncePerWindow();
    void localSyncLeaksUntilTheSync();
    void localSyncDropsAStaleDelta();
    void localSyncCountsRejectedWhenTheWindowDoes();
};

void TestSimParts::retryAfterIsReadInWholeSeconds()
{
    ClientBehaviour clients;
    clients.retry = RetryPolicy::RetryAfter;
    ClosedLoop loop(clients, 42, 100 * kS);
    ClosedLoopStats stats;
    // Retry-After 1.2 s is sent as "2": the retry comes at 5 s + 2 s.
    loop.decided(freshRequest(3), rejected(1'200 * kMs), 5 * kS, stats);
    std::vector<std::pair<SimTime, ClosedLoop::Attempt>> due;
    loop.runUntil(7 * kS, false, [&](const ClosedLoop::Attempt& a, SimTime t) { due.emplace_back(t, a); });
    QVERIFY(due.empty());  // due at 7 s exactly: not before it
    loop.runUntil(7 * kS, true, [&](const ClosedLoop::Attempt& a, SimTime t) { due.emplace_back(t, a); });
    QCOMPARE(due.size(), std::size_t{1});
    QCOMPARE(due[0].first, 7 * kS);
    QCOMPARE(due[0].second.client, 3u);
    QCOMPARE(due[0].second.number, std::uint16_t{1});
    QVERIFY(due[0].second.atRetryAfter);

    loop.decided(due[0].second, allowed(), 7 * kS, stats);
    // A Retry-After of exactly 2 s is read as 2 s; "never" makes the client give up.
    loop.decided(freshRequest(4), rejected(2 * kS), 8 * kS, stats);
    loop.decided(freshRequest(5), rejected(kNeverPasses), 8 * kS, stats);
    const auto retried = decideEveryRetry(loop, 10 * kS, allowed(), stats);
    QCOMPARE(retried.size(), std::size_t{1});
    QCOMPARE(retried[0].first, 10 * kS);
    QCOMPARE(retried[0].second.client, 4u);

    ClosedLoop::finish(stats);
    QCOMPARE(stats.uniqueRequests, std::int64_t{3});
    QCOMPARE(stats.attempts, std::int64_t{5});
    QCOMPARE(stats.retries, std::int64_t{2});
    QCOMPARE(stats.retriesAtRetryAfter, std::int64_t{2});
    QCOMPARE(stats.gaveUp, std::int64_t{1});
    QCOMPARE(stats.amplification, 5.0 / 3.0);
    QCOMPARE(stats.retryAfterSuccess, 1.0);  // both retries at Retry-After passed
}

void TestSimParts::retriesStopAtMaxRetries()
{
    ClientBehaviour clients;
    clients.retry = RetryPolicy::Immediate;
    clients.maxRetries = 2;
    clients.delay = 10 * kMs;
    ClosedLoop loop(clients, 1, 100 * kS);
    ClosedLoopStats stats;
    loop.decided(freshRequest(0), rejected(kS), 0, stats);
    // Each retry, rejected again, schedules the next one within the same run: 10 ms, 20 ms.
    const auto retried = decideEveryRetry(loop, kS, rejected(kS), stats);
    QCOMPARE(retried.size(), std::size_t{2});
    QCOMPARE(retried[0].first, 10 * kMs);
    QCOMPARE(retried[1].first, 20 * kMs);
    QCOMPARE(retried[1].second.number, std::uint16_t{2});
    QVERIFY(!retried[1].second.atRetryAfter);
    ClosedLoop::finish(stats);
    QCOMPARE(stats.attempts, std::int64_t{3});
    QCOMPARE(stats.retries, std::int64_t{2});
    QCOMPARE(stats.gaveUp, std::int64_t{1});  // the third rejection: out of retries
    QCOMPARE(stats.amplification, 3.0);
    QCOMPARE(stats.retryAfterSuccess, 0.0);  // none sent at Retry-After
}

void TestSimParts::noRetryAtOrPastTheEnd()
{
    ClientBehaviour clients;
    clients.retry = RetryPolicy::Immediate;
    clients.delay = 10 * kMs;
    ClosedLoop loop(clients, 1, 20 * kMs);
    ClosedLoopStats stats;
    loop.decided(freshRequest(0), rejected(kS), 0, stats);
    // The retry at 10 ms runs; the one it would schedule at 20 ms falls on the end: none, and
    // the client has not given up (the run ended first).
    const auto retried = decideEveryRetry(loop, kS, rejected(kS), stats);
    QCOMPARE(retried.size(), std::size_t{1});
    QCOMPARE(stats.attempts, std::int64_t{2});
    QCOMPARE(stats.gaveUp, std::int64_t{0});
}

void TestSimParts::backoffJitterStaysUnderItsCeiling()
{
    ClientBehaviour clients;
    clients.retry = RetryPolicy::Backoff;
    clients.maxRetries = 10;
    clients.backoffBase = 100 * kMs;
    clients.backoffCap = 300 * kMs;
    // Full jitter: the n-th retry waits uniform in [0, min(cap, base x 2^n)], plus the 1 us that
    // keeps a retry after its rejection. n = 0: up to 100 ms; n = 2: 400 ms, capped at 300 ms.
    for (const std::uint16_t number : {std::uint16_t{0}, std::uint16_t{2}}) {
        const Duration ceiling = number == 0 ? 100 * kMs : 300 * kMs;
        ClosedLoop loop(clients, 7, 100 * kS);
        ClosedLoopStats stats;
        for (std::uint32_t client = 0; client < 400; ++client) {
            ClosedLoop::Attempt a = freshRequest(client);
            a.number = number;
            loop.decided(a, rejected(kS), 0, stats);
        }
        std::vector<SimTime> times;
        loop.runUntil(100 * kS, true, [&](const ClosedLoop::Attempt&, SimTime t) { times.push_back(t); });
        QCOMPARE(times.size(), std::size_t{400});
        QVERIFY(times.front() >= 1);
        QVERIFY(times.back() <= ceiling + 1);
        // Uniform: each third of the range holds about a third of 400 (binomial sd ~9.4).
        for (int third = 0; third < 3; ++third) {
            const auto inThird = std::count_if(times.begin(), times.end(), [&](SimTime t) {
                return t > third * ceiling / 3 && t <= (third + 1) * ceiling / 3 + 1;
            });
            QVERIFY2(inThird > 90 && inThird < 177, qPrintable(QString::number(inThird)));
        }
    }
}

void TestSimParts::backoffJitterIsTheAttemptsOwn()
{
    ClientBehaviour clients;
    clients.retry = RetryPolicy::Backoff;
    const auto retryOfClient5 = [&](std::uint64_t seed, bool othersFirst) {
        ClosedLoop loop(clients, seed, 100 * kS);
        ClosedLoopStats stats;
        if (othersFirst) {
            for (std::uint32_t client = 0; client < 5; ++client)
                loop.decided(freshRequest(client), rejected(kS), kS, stats);
        }
        loop.decided(freshRequest(5), rejected(kS), kS, stats);
        SimTime at = -1;
        loop.runUntil(100 * kS, true, [&](const ClosedLoop::Attempt& a, SimTime t) {
            if (a.client == 5)
                at = t;
        });
        return at;
    };
    // A key's jitter does not depend on the other keys' retries (a run split by key sees the same).
    QCOMPARE(retryOfClient5(9, true), retryOfClient5(9, false));
    std::set<SimTime> bySeed;
    for (std::uint64_t seed = 0; seed < 8; ++seed)
        bySeed.insert(retryOfClient5(seed, false));
    QVERIFY(bySeed.size() > 1);  // the seed draws it
}

void TestSimParts::clientsBehindOneKeyAreThrottledWrongly()
{
    // One global key: client 0 is rejected while its own limit (1 at once) would have passed
    // it: throttled wrongly. Client 1 sends twice at once and its own limit rejects the second
    // too: throttled, rightly. Client 2 sends nothing and is not counted.
    BuiltLimiter own = makeLimiter("token_bucket", {{"capacity", "1"}, {"refill", "1/s"}});
    ClientFairness fairness(KeyStrategy::Global, 3);
    QVERIFY(fairness.tracked());
    fairness.decided(0, 0, 1, false, own.limiter.get());
    fairness.decided(1, 0, 1, true, own.limiter.get());
    fairness.decided(1, 0, 1, false, own.limiter.get());
    AlgorithmReport report;
    fairness.finish(report);
    QVERIFY(report.clients.has_value());
    QCOMPARE(report.clients->clients, std::int64_t{2});
    QCOMPARE(report.clients->throttled, std::int64_t{2});
    QCOMPARE(report.clients->wronglyThrottled, std::int64_t{1});
}

void TestSimParts::aKeyOfTheirOwnThrottlesNoOneWrongly()
{
    // Keyed by user, a client's key is its own: a rejection is never the other clients' doing.
    ClientFairness fairness(KeyStrategy::User, 2);
    fairness.decided(0, 0, 1, false, nullptr);
    fairness.decided(1, 0, 1, true, nullptr);
    AlgorithmReport report;
    fairness.finish(report);
    QCOMPARE(report.clients->clients, std::int64_t{2});
    QCOMPARE(report.clients->throttled, std::int64_t{1});
    QCOMPARE(report.clients->wronglyThrottled, std::int64_t{0});
}

void TestSimParts::recordedKeysTrackNoClients()
{
    ClientFairness fairness(KeyStrategy::Recorded, 1000);
    QVERIFY(!fairness.tracked());
    AlgorithmReport report;
    fairness.finish(report);
    QVERIFY(!report.clients.has_value());
}

void TestSimParts::balancersPickAsDocumented()
{
    const BuiltLimiter bucket = makeLimiter("token_bucket", {{"capacity", "5"}, {"refill", "5/s"}});
    ClusterSpec cluster;
    cluster.instances = 3;
    RandomStream rng(1, 2);

    cluster.balancer = Balancer::RoundRobin;
    ClusterInstances roundRobin(cluster, 0, *bucket.limiter, *bucket.limiter);
    std::vector<std::uint32_t> turns;
    for (int i = 0; i < 4; ++i)
        turns.push_back(roundRobin.pick(9, rng));
    QCOMPARE(turns, (std::vector<std::uint32_t>{0, 1, 2, 0}));

    // Hash: one key always on one instance, the keys spread over all three.
    cluster.balancer = Balancer::Hash;
    ClusterInstances hash(cluster, 0, *bucket.limiter, *bucket.limiter);
    std::set<std::uint32_t> used;
    for (KeyId key = 0; key < 30; ++key) {
        const std::uint32_t first = hash.pick(key, rng);
        QCOMPARE(hash.pick(key, rng), first);
        used.insert(first);
    }
    QCOMPARE(used.size(), std::size_t{3});

    // Least loaded: fewest calls in flight, ties broken from the next instance in turn.
    cluster.balancer = Balancer::LeastLoaded;
    ClusterInstances least(cluster, 0, *bucket.limiter, *bucket.limiter);
    least.callStarted(0);
    least.callStarted(1);
    QCOMPARE(least.pick(1, rng), 2u);  // in flight 1, 1, 0
    least.callStarted(2);
    least.callEnded(0);
    QCOMPARE(least.pick(1, rng), 0u);  // in flight 0, 1, 1; the turn starts at 1
    QCOMPARE(least.pick(1, rng), 0u);  // the turn starts at 2: 2 has 1, 0 has 0

    // Random: uniform over the instances, drawn from the stream it is handed.
    cluster.balancer = Balancer::Random;
    ClusterInstances random(cluster, 0, *bucket.limiter, *bucket.limiter);
    RandomStream a(5, 3000), b(5, 3000);
    std::vector<int> counts(3, 0);
    for (int i = 0; i < 3000; ++i) {
        const std::uint32_t picked = random.pick(1, a);
        QCOMPARE(picked, static_cast<std::uint32_t>(b.below(3)));
        ++counts[picked];
    }
    for (const int n : counts)
        QVERIFY(n > 900 && n < 1100);
}

void TestSimParts::instancesKeepTheirOwnClocksAndBreakers()
{
    const BuiltLimiter bucket = makeLimiter("token_bucket", {{"capacity", "1"}, {"refill", "1/s"}});
    ClusterSpec cluster;
    cluster.instances = 2;
    cluster.clocks = {ClockSpec{500 * kMs, 0, {}}};  // instance 1 has no entry: a true clock
    cluster.policy.breakerFailures = 2;
    ClusterInstances instances(cluster, 10 * kS, *bucket.limiter, *bucket.limiter);
    QCOMPARE(instances.size(), std::size_t{2});
    QCOMPARE(instances.clock(0).read(11 * kS), 11 * kS + 500 * kMs);
    QCOMPARE(instances.clock(1).read(11 * kS), 11 * kS);

    // Each instance decides alone: instance 0 spending its one token leaves instance 1's.
    QVERIFY(instances.local(0).decide(4, 11 * kS, 1).allowed);
    QVERIFY(!instances.local(0).decide(4, 11 * kS, 1).allowed);
    QVERIFY(instances.local(1).decide(4, 11 * kS, 1).allowed);
    QVERIFY(instances.fallback(0).decide(4, 11 * kS, 1).allowed);

    instances.breaker(1).onFailure(11 * kS);
    QCOMPARE(instances.breakerOpenings(), std::int64_t{0});
    instances.breaker(1).onFailure(11 * kS);  // the second in a row opens it
    QCOMPARE(instances.breakerOpenings(), std::int64_t{1});
    QVERIFY(instances.breaker(0).allowCall(11 * kS));
    QVERIFY(!instances.breaker(1).allowCall(11 * kS));
}

void TestSimParts::windowStartsFollowEachClock()
{
    const BuiltLimiter window = makeLimiter("fixed_window", kEpochWindow);
    ClusterSpec cluster;
    cluster.instances = 2;
    cluster.clocks = {ClockSpec{500 * kMs, 0, {}}};
    ClusterInstances instances(cluster, 0, *window.limiter, *window.limiter);
    // Instance 0 reads 0.5 s ahead: it enters the windows at 1 s, 2 s, 3 s of its clock at
    // true 0.5 s, 1.5 s, 2.5 s; instance 1 at 1 s and 2 s (3 s is the end, not inside).
    const auto own = instances.windowStarts(kS, 0, 3 * kS, false);
    QCOMPARE(own.size(), std::size_t{2});
    QCOMPARE(own[0], (std::vector<SimTime>{500 * kMs, 1500 * kMs, 2500 * kMs}));
    QCOMPARE(own[1], (std::vector<SimTime>{kS, 2 * kS}));
    // On the store's clock every instance reads true time; times are from the start.
    const auto store = instances.windowStarts(kS, 0, 3 * kS, true);
    QCOMPARE(store[0], (std::vector<SimTime>{kS, 2 * kS}));
    QCOMPARE(store[1], store[0]);
}

void TestSimParts::storeKeysPerWindowAlternateByParity()
{
    const BuiltLimiter epoch = makeLimiter("fixed_window", kEpochWindow);
    const ClusterStore perWindow("fixed_window", epoch, StoreMode::RedisAtomic, kS, 1000, 0);
    QVERIFY(perWindow.keysPerWindow());
    QCOMPARE(perWindow.keyOf(5, 0), KeyId{10});
    QCOMPARE(perWindow.keyOf(5, 1500 * kMs), KeyId{11});
    QCOMPARE(perWindow.keyOf(5, 2 * kS), KeyId{10});
    QCOMPARE(perWindow.keyOf(5, -1), KeyId{11});  // window -1: odd

    const BuiltLimiter incr = makeLimiter("redis_incr_expire", {{"limit", "10"}, {"window", "1s"}});
    QVERIFY(ClusterStore("redis_incr_expire", incr, StoreMode::RedisAtomic, kS, 1000, 0).keysPerWindow());
    const BuiltLimiter first = makeLimiter("fixed_window", {{"limit", "10"}, {"window", "1s"}, {"align", "first"}});
    const ClusterStore oneKey("fixed_window", first, StoreMode::RedisAtomic, kS, 1000, 0);
    QVERIFY(!oneKey.keysPerWindow());
    QCOMPARE(oneKey.keyOf(5, 1500 * kMs), KeyId{5});
    QVERIFY(!oneKey.hasCounter());
}

void TestSimParts::casWritesOnlyAnUnchangedKey()
{
    const BuiltLimiter bucket = makeLimiter("token_bucket", {{"capacity", "2"}, {"refill", "1/s"}});
    ClusterStore store("token_bucket", bucket, StoreMode::Cas, kS, 1000, 0);
    // Two calls read key 7 at once: each decides on a copy of its own, with both tokens.
    const ClusterStore::Snapshot a = store.read(7, 0);
    const ClusterStore::Snapshot b = store.read(7, 0);
    QCOMPARE(a.slot, KeyId{1000});
    QCOMPARE(b.slot, KeyId{1001});
    QCOMPARE(a.version, std::uint64_t{0});
    QCOMPARE(b.version, std::uint64_t{0});
    QVERIFY(store.decideOnSnapshot(a.slot, 0, 1).allowed);
    QVERIFY(store.decideOnSnapshot(b.slot, 0, 1).allowed);
    QCOMPARE(store.compareAndWrite(7, a, 0), std::optional<KeyId>{7});
    QVERIFY(!store.compareAndWrite(7, b, 0));  // a wrote first: the version moved on
    QCOMPARE(store.read(7, 0).version, std::uint64_t{1});
    // The key holds a's write: one token spent, one left.
    QVERIFY(store.state().decide(7, 0, 1).allowed);
    QVERIFY(!store.state().decide(7, 0, 1).allowed);
    // Released slots are taken again before new ones.
    store.release(b.slot);
    QCOMPARE(store.read(8, 0).slot, b.slot);
}

void TestSimParts::blindSetOverwritesTheKey()
{
    const BuiltLimiter bucket = makeLimiter("token_bucket", {{"capacity", "2"}, {"refill", "1/s"}});
    ClusterStore store("token_bucket", bucket, StoreMode::RedisGetSet, kS, 1000, 0);
    const ClusterStore::Snapshot read = store.read(8, 0);
    QVERIFY(store.decideOnSnapshot(read.slot, 0, 1).allowed);
    // Meanwhile another call spends a token on the store itself; the SET overwrites it with
    // the snapshot (one spent), so one is left, not none: the race GET/SET loses.
    QVERIFY(store.state().decide(8, 0, 1).allowed);
    store.write(8, read.slot, 0);
    QVERIFY(store.state().decide(8, 0, 1).allowed);
    QVERIFY(!store.state().decide(8, 0, 1).allowed);
}

void TestSimParts::memcachedAddStoresOncePerWindow()
{
    const BuiltLimiter incr = makeLimiter("redis_incr_expire", {{"limit", "3"}, {"window", "1s"}});
    ClusterStore store("redis_incr_expire", incr, StoreMode::Memcached, kS, 1000, 0);
    QVERIFY(store.hasCounter());
    QVERIFY(store.addCounter(10, 3));   // absent: stored
    QVERIFY(!store.addCounter(10, 3));  // NOT_STORED
    QVERIFY(store.addCounter(10, 4));   // the next window's key
    QVERIFY(!store.addCounter(10, 3));  // a lagging clock's older window: the key is there
    // incr counts every cost it is sent: 2, then 4 (rejected), then 5 (rejected, though a
    // window that did not count rejected cost would be at 3 and pass it).
    QVERIFY(store.count(10, 4 * kS, 2).allowed);
    QVERIFY(!store.count(10, 4 * kS, 2).allowed);
    QVERIFY(!store.count(10, 4 * kS, 1).allowed);
    QVERIFY(!ClusterStore("redis_incr_expire", incr, StoreMode::RedisAtomic, kS, 1000, 0).hasCounter());
}

void TestSimParts::localSyncLeaksUntilTheSync()
{
    const BuiltLimiter window = makeLimiter("fixed_window", kEpochWindow);
    LocalSync sync(*window.limiter, 2, kS, 10);
    ClusterMemory memory(0, 10 * kS, kS, ClusterMemory::Sizing{LocalSync::storeBytesPerKey(), nullptr}, {});
    QVERIFY(sync.allows(0, 3, 100 * kMs, 4));
    QVERIFY(sync.allows(0, 3, 100 * kMs, 4));
    QVERIFY(!sync.allows(0, 3, 100 * kMs, 4));   // 12 > 10, not counted
    QVERIFY(sync.allows(0, 3, 100 * kMs, 2));    // 10
    QVERIFY(sync.allows(1, 3, 200 * kMs, 10));   // instance 1 has seen none of it: 20 admitted
    sync.sync(0, 300 * kMs, 300 * kMs, memory);  // the store: 10
    sync.sync(1, 400 * kMs, 400 * kMs, memory);  // the store: 20, which instance 1 reads back
    QVERIFY(!sync.allows(1, 3, 500 * kMs, 1));
    QVERIFY(!sync.allows(0, 3, 500 * kMs, 1));   // instance 0 saw 10 at its sync: 11 > 10
    QVERIFY(sync.allows(0, 3, 1100 * kMs, 10));  // the next window starts from nothing
}

void TestSimParts::localSyncDropsAStaleDelta()
{
    const BuiltLimiter window = makeLimiter("fixed_window", kEpochWindow);
    LocalSync sync(*window.limiter, 2, kS, 10);
    ClusterMemory memory(0, 10 * kS, kS, ClusterMemory::Sizing{LocalSync::storeBytesPerKey(), nullptr}, {});
    QVERIFY(sync.allows(1, 4, 900 * kMs, 5));      // instance 1, window 0
    QVERIFY(sync.allows(0, 4, 1100 * kMs, 3));     // instance 0, window 1
    sync.sync(0, 1200 * kMs, 1200 * kMs, memory);  // the store: window 1, 3
    sync.sync(1, 1300 * kMs, 950 * kMs, memory);   // instance 1's clock lags: its window 0 is stale
    QVERIFY(sync.allows(0, 4, 1400 * kMs, 1));
    sync.sync(0, 1500 * kMs, 1500 * kMs, memory);  // the store: 4, not 9
    QVERIFY(sync.allows(0, 4, 1600 * kMs, 6));     // 4 + 6 = 10
    QVERIFY(!sync.allows(0, 4, 1600 * kMs, 1));
}

void TestSimParts::localSyncCountsRejectedWhenTheWindowDoes()
{
    ParamValues params = kEpochWindow;
    params["count_rejected"] = "true";
    const BuiltLimiter counting = makeLimiter("fixed_window", params);
    const BuiltLimiter plain = makeLimiter("fixed_window", kEpochWindow);
    LocalSync incrFirst(*counting.limiter, 1, kS, 10);
    LocalSync afterCheck(*plain.limiter, 1, kS, 10);
    for (LocalSync* sync : {&incrFirst, &afterCheck}) {
        QVERIFY(sync->allows(0, 1, 0, 8));
        QVERIFY(!sync->allows(0, 1, 0, 5));
    }
    QVERIFY(!incrFirst.allows(0, 1, 0, 1));  // 8 + 5 + 1 = 14 > 10
    QVERIFY(afterCheck.allows(0, 1, 0, 1));  // 8 + 1 = 9
}

QTEST_APPLESS_MAIN(TestSimParts)
#include "tst_simparts.moc"
