#include "engine/sim/clusterlane.h"

#include "engine/algorithms/fixedwindow/fixedwindow.h"
#include "engine/cluster/scaledparams.h"
#include "engine/core/growtohold.h"
#include "engine/core/random.h"
#include "engine/limitconfig/redismemory.h"
#include "engine/sim/nominallimit.h"

#include <algorithm>
#include <cmath>

namespace ratelab {
namespace {

constexpr const char* kStoreModeNames[] = {"local", "redis_atomic", "redis_get_set", "local_sync",
                                           "cas",   "sql_row_lock", "memcached"};
constexpr const char* kPolicyNames[] = {"fail_open", "fail_closed", "local_fallback"};

template <class T>
T& grownAt(std::vector<T>& v, std::size_t i, const T& fill = T{})
{
    growToHold(v, i, fill);
    return v[i];
}

}  // namespace

ClusterLane::ClusterLane(const AlgorithmSpec& spec, const Scenario& scenario, const Population& population,
                         const KeyInterner& recordedKeys, std::size_t index)
    : m_spec(spec), m_scenario(scenario), m_keys(spec.keys.value_or(scenario.keys), population, recordedKeys),
      m_cluster(*scenario.cluster), m_end(scenario.start + scenario.duration), m_rng(scenario.seed, kClusterLaneStreams + index),
      m_conditions(spec.store.value_or(scenario.cluster->store).latency, scenario.cluster->outages, scenario.start),
      m_built(makeLimiter(spec.algorithm, spec.params)),
      m_nominal(nominalLimit(*m_built.info, m_built.params, scenario.metrics.burstWindow.value_or(kMicrosPerSecond))),
      m_nextSlot(0), m_metrics(spec, scenario, m_built, m_keys.strategy(), m_nominal)
{
    if (spec.store)
        m_cluster.store = *spec.store;
    if (spec.policy)
        m_cluster.policy = *spec.policy;
    const std::size_t n = static_cast<std::size_t>(m_cluster.instances);

    m_built.limiter->setTimeOrigin(scenario.start);

    const BuiltLimiter fallback =
        makeLimiter(spec.algorithm, paramsDividedAmong(*m_built.info, m_built.params, m_cluster.instances));
    for (std::size_t i = 0; i < n; ++i) {
        m_local.push_back(m_built.limiter->clone());
        m_fallback.push_back(fallback.limiter->clone());
        m_fallback.back()->setTimeOrigin(scenario.start);
        m_clocks.emplace_back(i < m_cluster.clocks.size() ? m_cluster.clocks[i] : ClockSpec{}, scenario.start);
        m_breakers.emplace_back(m_cluster.policy.breakerFailures, m_cluster.policy.breakerOpenFor);
    }
    m_inFlight.assign(n, 0);
    m_scratch = m_built.limiter->clone();
    m_reference = m_built.limiter->clone();
    m_exactLimiter = m_built.limiter->clone();
    // An INCR + EXPIRE fixed window keeps one Redis key per window index, so an instance whose
    // clock lags still counts into the previous window's key while others count into the next.
    // Two slots per key (by window parity) keep both adjacent windows, exactly as Redis would.
    m_windowSlots = m_built.info->family == "fixed_window"
        && (spec.algorithm == "redis_incr_expire" || (m_built.params.count("align") && m_built.params.at("align") == "epoch"));
    startMemcachedCounter();
    // Scratch slots live above every real key id.
    m_nextSlot =
        static_cast<KeyId>(m_keys.strategy() == KeyStrategy::Recorded ? (1u << 30) : 2 * population.keySpace(m_keys.strategy()));

    if (m_cluster.store.mode == StoreMode::LocalSync) {
        // validateScenario lets only epoch-aligned fixed windows run on local_sync.
        const auto* window = dynamic_cast<const FixedWindowEpoch*>(m_built.limiter.get());
        m_syncCountsRejected = window && window->params().countRejected;
        m_syncLocal.assign(n, {});
        m_syncDirty.assign(n, {});
        for (std::size_t i = 0; i < n; ++i) {
            // Instances sync in turn across the interval, not all at once.
            const Duration phase = m_cluster.store.syncInterval * static_cast<Duration>(i) / static_cast<Duration>(n);
            m_events.push(
                scenario.start + phase + m_cluster.store.syncInterval,
                Request{Stage::SyncTick, static_cast<std::uint32_t>(i), 0, 0, 0, 0, 0, 0, 0, 0, 0, false, false, {}, {}});
        }
    }

    const std::size_t buckets = report().allowedSeries.size();
    ClusterStats cluster;
    cluster.instances = m_cluster.instances;
    cluster.store = kStoreModeNames[static_cast<int>(m_cluster.store.mode)];
    cluster.policy = kPolicyNames[static_cast<int>(m_cluster.policy.onFailure)];
    cluster.instanceRequests.assign(n, 0);
    cluster.instanceAllowed.assign(n, 0);
    cluster.allowedByArrival.assign(buckets, 0);
    cluster.rejectedByArrival.assign(buckets, 0);
    cluster.instanceAllowedSeries.assign(n, std::vector<std::int64_t>(buckets, 0));
    cluster.overshootSeries.assign(buckets, 0);
    cluster.wronglyRejectedSeries.assign(buckets, 0);
    cluster.outageAllowedSeries.assign(buckets, 0);
    cluster.outageRejectedSeries.assign(buckets, 0);
    cluster.instanceWindowStarts = windowStarts();
    report().cluster = std::move(cluster);
    startMemory();
}

// The places that hold per-key state, each sized as RateLab holds it: the store and the
// instances' limiters by the algorithm's model bytes, local_sync by its counters.
void ClusterLane::startMemory()
{
    const auto sizing = [&](const RateLimiter& limiter) {
        // The sliding log's state varies: its limiter sizes each live key.
        return m_built.info->family == "sliding_window_log" ? ClusterMemory::Sizing{0, &limiter}
                                                            : ClusterMemory::Sizing{limiter.stateBytesPerKey(), nullptr};
    };
    std::optional<ClusterMemory::Sizing> store;
    std::vector<ClusterMemory::Sizing> instances;
    const std::size_t n = static_cast<std::size_t>(m_cluster.instances);
    switch (m_cluster.store.mode) {
    case StoreMode::Local:
        for (std::size_t i = 0; i < n; ++i)
            instances.push_back(sizing(*m_local[i]));
        break;
    case StoreMode::LocalSync:
        store = ClusterMemory::Sizing{sizeof(decltype(m_syncStore)::value_type), nullptr};
        instances.assign(n, ClusterMemory::Sizing{sizeof(SyncedCounter), nullptr});
        break;
    default:
        store = sizing(*m_built.limiter);
        if (m_cluster.policy.onFailure == FailurePolicy::LocalFallback) {
            for (std::size_t i = 0; i < n; ++i)
                instances.push_back(sizing(*m_fallback[i]));
        }
        break;
    }
    m_memory.emplace(m_scenario.start, m_end, m_scenario.metrics.bucket, store, instances);
}

// The windows each instance's decisions read, for the algorithms whose windows are aligned on
// the clock (multiples of the window): the store's clock when a store-side script reads it,
// else the instance's own.
std::vector<std::vector<SimTime>> ClusterLane::windowStarts() const
{
    std::vector<std::vector<SimTime>> out;
    if (!m_windowSlots && m_built.info->family != "sliding_window_counter")
        return out;
    const StoreMode mode = m_cluster.store.mode;
    const bool storeClock =
        m_cluster.store.clock == StoreClock::Store && (mode == StoreMode::RedisAtomic || mode == StoreMode::SqlRowLock);
    const InstanceClock trueClock({}, m_scenario.start);
    for (const InstanceClock& clock : m_clocks) {
        std::vector<SimTime> starts =
            (storeClock ? trueClock : clock)
                .windowStarts(m_nominal.windowUs, m_scenario.start, m_end, ClusterStats::kMaxWindowStarts);
        for (SimTime& t : starts)
            t -= m_scenario.start;
        out.push_back(std::move(starts));
    }
    return out;
}

const char* ClusterLane::heldBy() const
{
    switch (m_cluster.store.mode) {
    case StoreMode::Local: return "instances";
    case StoreMode::LocalSync: return "store_and_instances";
    default: return m_cluster.policy.onFailure == FailurePolicy::LocalFallback ? "store_and_instances" : "store";
    }
}

std::uint32_t ClusterLane::pickInstance(KeyId key)
{
    const auto n = static_cast<std::uint64_t>(m_cluster.instances);
    switch (m_cluster.balancer) {
    case Balancer::RoundRobin: return static_cast<std::uint32_t>(m_roundRobin++ % n);
    case Balancer::Random: return static_cast<std::uint32_t>(m_rng.below(n));
    case Balancer::Hash: return static_cast<std::uint32_t>(mixSeed(key, 0) % n);  // splitmix64 of the key id
    case Balancer::LeastLoaded: {
        // Fewest store calls in flight; ties go round the instances in turn.
        const std::uint64_t first = m_roundRobin++ % n;
        std::uint64_t best = first;
        for (std::uint64_t k = 1; k < n; ++k) {
            const std::uint64_t i = (first + k) % n;
            if (m_inFlight[i] < m_inFlight[best])
                best = i;
        }
        return static_cast<std::uint32_t>(best);
    }
    }
    return 0;
}

KeyId ClusterLane::takeSlot()
{
    if (!m_freeSlots.empty()) {
        const KeyId slot = m_freeSlots.back();
        m_freeSlots.pop_back();
        return slot;
    }
    return m_nextSlot++;
}

KeyId ClusterLane::storeKey(KeyId key, SimTime now) const
{
    if (!m_windowSlots)
        return key;
    return 2 * key + static_cast<KeyId>(floorDiv(now, m_nominal.windowUs) & 1);
}

// The time a store-side decision reads: the instance's clock as it sent the call (passed to
// the script as an argument), or the store's own clock (Redis TIME) when it runs.
SimTime ClusterLane::storeTime(const Request& r, SimTime atStore) const
{
    return m_cluster.store.clock == StoreClock::Store ? atStore : m_clocks[r.instance].read(r.sentAt);
}

void ClusterLane::offer(const Arrival& a)
{
    runEventsUntil(a.t, true);
    const KeyId key = keyOf(a);
    Request r{Stage::AtStore, pickInstance(key), key, a.cost, a.client, a.t, a.t, 0, 0, 0, 0, false, false, {}, {}};
    ++report().cluster->instanceRequests[r.instance];
    switch (m_cluster.store.mode) {
    case StoreMode::Local: {
        const Decision d = m_local[r.instance]->decide(key, m_clocks[r.instance].read(a.t), a.cost);
        m_memory->touchInstance(r.instance, key, a.t, d.resetAfterUs);
        record(a.t, r, d, false);
        return;
    }
    case StoreMode::LocalSync: {
        const SimTime now = m_clocks[r.instance].read(a.t);
        Decision d;
        d.allowed = localSyncAllows(r.instance, key, now, a.cost);
        if (static_cast<double>(a.cost) > m_nominal.limitCost)
            d.retryAfterUs = kNeverPasses;
        // The instance's counter lives until its window ends on the instance's clock.
        m_memory->touchInstance(r.instance, key, a.t, (floorDiv(now, m_nominal.windowUs) + 1) * m_nominal.windowUs - now);
        record(a.t, r, d, false);
        return;
    }
    default: startStoreCall(a.t, r); return;
    }
}

void ClusterLane::startStoreCall(SimTime t, Request r)
{
    CircuitBreaker& breaker = m_breakers[r.instance];
    if (!breaker.allowCall(t)) {
        ++report().cluster->callsSkipped;
        decideByPolicy(t, r);
        return;
    }
    r.sentAt = t;
    r.roundTrip = m_conditions.sampleRoundTrip(m_rng, r.instance, t);
    ++report().cluster->storeRoundTrips;
    ++m_inFlight[r.instance];
    if (!m_conditions.reachable(r.instance, t + r.roundTrip / 2) || r.roundTrip > m_cluster.store.timeout) {
        // No answer: the client gives up at its timeout and the policy decides.
        ++report().cluster->storeFailures;
        r.stage = Stage::Reply;
        r.failed = true;
        m_events.push(t + m_cluster.store.timeout, r);
        return;
    }
    if (r.stage != Stage::CasWrite)
        r.stage = Stage::AtStore;
    m_events.push(t + r.roundTrip / 2, r);
}

void ClusterLane::handle(SimTime t, Request r)
{
    switch (r.stage) {
    case Stage::SyncTick: onSyncTick(t, r); return;
    case Stage::AtStore: onAtStore(t, r); return;
    case Stage::Reply: onReply(t, r); return;
    case Stage::CasWrite: onCasWrite(t, r); return;
    case Stage::CasReply: onCasReply(t, r); return;
    case Stage::SetArrives: onSetArrives(t, r); return;
    }
}

void ClusterLane::onSyncTick(SimTime t, const Request& r)
{
    syncInstance(r.instance, t);
    if (t + m_cluster.store.syncInterval < m_end)
        m_events.push(t + m_cluster.store.syncInterval, r);
}

// The call reaches the store: an atomic script decides there, a row lock queues the
// decision, a read takes a snapshot of the key back to the instance, memcached's add or incr
// counts.
void ClusterLane::onAtStore(SimTime t, Request r)
{
    switch (m_cluster.store.mode) {
    case StoreMode::RedisAtomic: decideAtStore(t, r); break;
    case StoreMode::SqlRowLock: decideBehindLock(t, r); return;
    case StoreMode::RedisGetSet:
    case StoreMode::Cas: readSnapshot(r); break;
    case StoreMode::Memcached: m_counter ? memcachedCommand(t, r) : readSnapshot(r); break;
    default: break;
    }
    r.stage = Stage::Reply;
    m_events.push(r.sentAt + r.roundTrip, r);
}

void ClusterLane::decideAtStore(SimTime t, Request& r)
{
    const SimTime now = storeTime(r, t);
    const KeyId key = storeKey(r.key, now);
    r.decision = m_built.limiter->decide(key, now, r.cost);
    r.exactAllows = exactLimiterAllows(r, t);
    m_memory->touchStore(key, t, r.decision.resetAfterUs);
}

// FIFO behind the row lock; the lock is held for one more round trip (the commit).
void ClusterLane::decideBehindLock(SimTime t, Request r)
{
    ClusterStats& stats = *report().cluster;
    SimTime& freeAt = grownAt(m_lockFreeAt, r.key, SimTime{0});
    const SimTime start = std::max(t, freeAt);
    if (start > t)
        ++stats.waitedOnStore;
    const SimTime now = storeTime(r, start);
    const KeyId key = storeKey(r.key, now);
    r.decision = m_built.limiter->decide(key, now, r.cost);
    r.exactAllows = exactLimiterAllows(r, start);
    // Decided at `start`, counted from now (times never go back): the same expiry.
    if (r.decision.resetAfterUs > 0)
        m_memory->touchStore(key, t, start - t + r.decision.resetAfterUs);
    const Duration hold = m_conditions.sampleRoundTrip(m_rng, r.instance, start);
    ++stats.storeRoundTrips;
    freeAt = start + hold;
    r.stage = Stage::Reply;
    m_events.push(start + hold + r.roundTrip / 2, r);
}

// The read of GET/SET and CAS: a snapshot of the key (and its version) travels back.
void ClusterLane::readSnapshot(Request& r)
{
    r.slot = takeSlot();
    m_scratch->copyKeyState(*m_built.limiter, storeKey(r.key, m_clocks[r.instance].read(r.sentAt)), r.slot);
    r.version = grownAt(m_versions, r.key, std::uint64_t{0});
}

void ClusterLane::onReply(SimTime t, Request r)
{
    --m_inFlight[r.instance];
    if (r.failed) {
        onNoAnswer(t, r);
        return;
    }
    m_breakers[r.instance].onSuccess();
    if (readsSnapshot()) {
        decideOnSnapshot(t, r);
        return;
    }
    if (m_counter && memcachedAddFound(t, r))
        return;
    record(t, r, r.decision, false);
}

void ClusterLane::onNoAnswer(SimTime t, const Request& r)
{
    m_breakers[r.instance].onFailure(t);
    if (r.slot != 0)
        m_freeSlots.push_back(r.slot);  // a CAS write that got no answer
    decideByPolicy(t, r);
}

// GET/SET and CAS decide on the snapshot with the instance's clock; GET/SET then writes it
// back blindly, CAS only if the key is unchanged.
void ClusterLane::decideOnSnapshot(SimTime t, Request r)
{
    r.decision = m_scratch->decide(r.slot, m_clocks[r.instance].read(t), r.cost);
    if (m_cluster.store.mode == StoreMode::RedisGetSet) {
        record(t, r, r.decision, false);
        if (r.decision.allowed) {
            // The SET is fire-and-forget: it lands half a round trip later, whatever
            // was written meanwhile.
            r.stage = Stage::SetArrives;
            m_events.push(t + m_conditions.sampleRoundTrip(m_rng, r.instance, t) / 2, r);
            ++report().cluster->storeRoundTrips;
        } else {
            m_freeSlots.push_back(r.slot);
        }
        return;
    }
    if (!r.decision.allowed) {
        record(t, r, r.decision, false);
        m_freeSlots.push_back(r.slot);
        return;
    }
    r.stage = Stage::CasWrite;
    startStoreCall(t, r);
}

void ClusterLane::onCasWrite(SimTime t, Request r)
{
    std::uint64_t& version = grownAt(m_versions, r.key, std::uint64_t{0});
    const bool unchanged = version == r.version;
    if (unchanged) {
        const KeyId key = storeKey(r.key, m_clocks[r.instance].read(r.sentAt));
        m_built.limiter->copyKeyState(*m_scratch, r.slot, key);
        m_memory->touchStore(key, t, r.decision.resetAfterUs);
        ++version;
    }
    r.allowed = unchanged;
    r.stage = Stage::CasReply;
    m_events.push(r.sentAt + r.roundTrip, r);
}

void ClusterLane::onCasReply(SimTime t, Request r)
{
    ClusterStats& stats = *report().cluster;
    --m_inFlight[r.instance];
    m_breakers[r.instance].onSuccess();
    if (r.allowed) {
        m_freeSlots.push_back(r.slot);
        record(t, r, r.decision, false);
        return;
    }
    // Someone wrote first: read again, unless out of attempts.
    ++stats.casRetries;
    if (r.attempt == 0)
        ++stats.waitedOnStore;
    m_freeSlots.push_back(r.slot);
    r.slot = 0;
    if (++r.attempt >= static_cast<std::uint32_t>(m_cluster.store.casRetries)) {
        // Still contended after every attempt: the request is refused (the store works,
        // it is only busy, so this is not the failure policy's call).
        ++stats.casExhausted;
        Decision refused;
        refused.retryAfterUs = 0;
        record(t, r, refused, false);
        return;
    }
    r.stage = Stage::AtStore;
    r.decision = {};
    startStoreCall(t, r);
}

void ClusterLane::onSetArrives(SimTime t, const Request& r)
{
    const KeyId key = storeKey(r.key, m_clocks[r.instance].read(r.sentAt));
    m_built.limiter->copyKeyState(*m_scratch, r.slot, key);
    m_memory->touchStore(key, t, r.decision.resetAfterUs);  // SET with the decision's expiry
    m_freeSlots.push_back(r.slot);
}

bool ClusterLane::localSyncAllows(std::uint32_t instance, KeyId key, SimTime now, std::uint32_t cost)
{
    // Fixed-window counters: the instance allows iff what it last saw of the global count plus
    // what it counted itself since fits the limit, in its own clock's window. An INCR-first
    // counter (count_rejected, redis_incr_expire) counts the rejected cost too.
    const std::int64_t window = floorDiv(now, m_nominal.windowUs);
    SyncedCounter& c = grownAt(m_syncLocal[instance], key);
    if (c.window != window) {
        c = SyncedCounter{window, 0, 0};
    }
    const bool allowed = static_cast<double>(c.globalSeen + c.local + cost) <= m_nominal.limitCost;
    if (allowed || m_syncCountsRejected) {
        if (c.local == 0)
            m_syncDirty[instance].push_back(key);
        c.local += cost;
    }
    return allowed;
}

void ClusterLane::syncInstance(std::uint32_t instance, SimTime t)
{
    if (!m_conditions.reachable(instance, t)) {
        ++report().cluster->storeFailures;
        return;  // the deltas wait for the next sync
    }
    ++report().cluster->storeRoundTrips;
    for (const KeyId key : m_syncDirty[instance]) {
        SyncedCounter& c = m_syncLocal[instance][key];
        auto& global = grownAt(m_syncStore, key, std::pair<std::int64_t, std::int64_t>{kNever, 0});
        if (global.first != c.window) {
            if (global.first > c.window)
                continue;  // a newer window already: this instance's delta is stale
            global = {c.window, 0};
        }
        global.second += c.local;
        c.local = 0;
        c.globalSeen = global.second;
        // The store's count lives until the window ends, as the instance's clock has it.
        m_memory->touchStore(key, t, (c.window + 1) * m_nominal.windowUs - m_clocks[instance].read(t));
    }
    m_syncDirty[instance].clear();
}

void ClusterLane::record(SimTime decidedAt, const Request& r, const Decision& d, bool byPolicy)
{
    ClusterStats& stats = *report().cluster;
    const SimTime at = std::min(decidedAt, m_end - 1);
    const auto bucket = static_cast<std::size_t>((at - m_scenario.start) / m_scenario.metrics.bucket);
    // The cluster's own series count by arrival, as the offered load does (report.h).
    const std::size_t arrived = std::min(static_cast<std::size_t>((r.arrivedAt - m_scenario.start) / m_scenario.metrics.bucket),
                                         stats.allowedByArrival.size() - 1);
    m_decisionLatency.add(decidedAt - r.arrivedAt);
    if (m_observer)
        m_observer(Decided{r.key, decidedAt, r.cost, d.allowed, r.arrivedAt, r.instance, deciderOf(byPolicy)});
    if (byPolicy) {
        (d.allowed ? stats.allowedDuringOutage : stats.rejectedDuringOutage) += 1;
        (d.allowed ? stats.outageAllowedSeries : stats.outageRejectedSeries)[arrived] += r.cost;
    }
    const bool exactAllows = r.exactAllows ? *r.exactAllows : exactLimiterAllows(r, decidedAt);
    if (!d.allowed) {
        stats.rejectedByArrival[arrived] += r.cost;
        if (exactAllows) {
            stats.wronglyRejected += r.cost;
            stats.wronglyRejectedSeries[arrived] += r.cost;
        }
        m_metrics.rejected(r.cost, bucket, d.retryAfterUs);
        return;
    }
    stats.allowedByArrival[arrived] += r.cost;
    // Beyond the global limit: an exact limiter fed with what the cluster admitted, in true
    // time, would have refused it (only that is read: the allow-only path).
    if (!m_reference->allow(r.key, decidedAt, r.cost)) {
        stats.globalLimitOvershoot += r.cost;
        stats.overshootSeries[arrived] += r.cost;
    }
    ++stats.instanceAllowed[r.instance];
    stats.instanceAllowedSeries[r.instance][arrived] += r.cost;
    // The peak burst: the most the whole cluster admitted for one key, in true time.
    m_metrics.allowed(r.key, decidedAt, r.cost, bucket, m_metrics.admittedBefore(r.key, decidedAt), m_nominal);
}

// Whether one exact limiter of the same algorithm, deciding every request of the lane itself in
// true time, admits this one at the true time `t` of the cluster's decision. Asked when the
// store decides, not when the answer is back, so that a store that decides alone on its own
// clock makes exactly its decisions and never rejects wrongly.
bool ClusterLane::exactLimiterAllows(const Request& r, SimTime t)
{
    return m_exactLimiter->allow(r.key, t, r.cost);  // only the flag is read: the allow-only path
}

void ClusterLane::runEventsUntil(SimTime t, bool inclusive)
{
    while (!m_events.empty() && (inclusive ? m_events.nextTime() <= t : m_events.nextTime() < t)) {
        auto event = m_events.pop();
        handle(event.time, event.payload);
    }
}

void ClusterLane::finish()
{
    // Calls still in flight at the end are decided when they complete, a little past it;
    // local_sync's syncs after the last request run until the end, writing the store.
    while (!m_events.empty()) {
        auto event = m_events.pop();
        if (event.payload.stage == Stage::SyncTick && event.time >= m_end)
            continue;
        handle(event.time, event.payload);
    }
    m_metrics.finish(m_keys);
    AlgorithmReport& out = report();
    ClusterStats& stats = *out.cluster;
    out.memory.stateBytesPerKey = static_cast<double>(m_built.limiter->stateBytesPerKey());
    out.memory.redisBytesPerKey = redisBytesPerKeyAtMost(m_spec.algorithm, m_built.params);
    m_memory->finish(out, heldBy());
    stats.roundTripsPerDecision =
        out.requests ? static_cast<double>(stats.storeRoundTrips) / static_cast<double>(out.requests) : 0;
    for (const CircuitBreaker& b : m_breakers)
        stats.breakerOpened += b.timesOpened();
    stats.decisionLatencyP50 = m_decisionLatency.percentile(0.5);
    stats.decisionLatencyP99 = m_decisionLatency.percentile(0.99);
    stats.decisionLatencyMax = m_decisionLatency.max();
}

AlgorithmReport ClusterLane::takeReport()
{
    return std::move(report());
}

}  // namespace ratelab
