#include "engine/sim/clusterlane.h"

#include "engine/cluster/scaledparams.h"
#include "engine/limitconfig/redismemory.h"
#include "engine/sim/nominallimit.h"

#include <algorithm>

namespace ratelab {
namespace {

// The scenario's cluster with `spec`'s own store and policy, when it has them.
ClusterSpec clusterOf(const AlgorithmSpec& spec, const Scenario& scenario)
{
    ClusterSpec cluster = *scenario.cluster;
    if (spec.store)
        cluster.store = *spec.store;
    if (spec.policy)
        cluster.policy = *spec.policy;
    return cluster;
}

BuiltLimiter limiterFrom(const AlgorithmSpec& spec, SimTime start)
{
    BuiltLimiter built = makeLimiter(spec.algorithm, spec.params);
    built.limiter->setTimeOrigin(start);  // before any part clones it
    return built;
}

// Scratch slots live above every real key id.
KeyId firstSlot(KeyStrategy keys, const Population& population)
{
    return static_cast<KeyId>(keys == KeyStrategy::Recorded ? (1u << 30) : 2 * population.keySpace(keys));
}

// The windows each instance's decisions read, for the algorithms whose windows are aligned on
// the clock (multiples of the window): the store's clock when a store-side script reads it,
// else the instance's own.
std::vector<std::vector<SimTime>> windowStartsOf(const ClusterInstances& instances, const ClusterStore& store,
                                                 const ClusterSpec& cluster, const BuiltLimiter& built, Duration windowUs,
                                                 SimTime start, SimTime end)
{
    if (!store.keysPerWindow() && built.info->family != "sliding_window_counter")
        return {};
    const StoreMode mode = cluster.store.mode;
    const bool storeClock =
        cluster.store.clock == StoreClock::Store && (mode == StoreMode::RedisAtomic || mode == StoreMode::SqlRowLock);
    return instances.windowStarts(windowUs, start, end, storeClock);
}

// The places that hold per-key state, each sized as RateLab holds it: the store and the
// instances' limiters by the algorithm's model bytes, local_sync by its counters.
ClusterMemory memoryOf(const Scenario& scenario, const ClusterSpec& cluster, const BuiltLimiter& built, const ClusterStore& store,
                       ClusterInstances& instances)
{
    const auto sizing = [&](const RateLimiter& limiter) {
        // The sliding log's state varies: its limiter sizes each live key.
        return built.info->family == "sliding_window_log" ? ClusterMemory::Sizing{0, &limiter}
                                                          : ClusterMemory::Sizing{limiter.stateBytesPerKey(), nullptr};
    };
    std::optional<ClusterMemory::Sizing> stored;
    std::vector<ClusterMemory::Sizing> held;
    const auto n = static_cast<std::uint32_t>(instances.size());
    switch (cluster.store.mode) {
    case StoreMode::Local:
        for (std::uint32_t i = 0; i < n; ++i)
            held.push_back(sizing(instances.local(i)));
        break;
    case StoreMode::LocalSync:
        stored = ClusterMemory::Sizing{LocalSync::storeBytesPerKey(), nullptr};
        held.assign(n, ClusterMemory::Sizing{LocalSync::instanceBytesPerKey(), nullptr});
        break;
    default:
        stored = sizing(store.state());
        if (cluster.policy.onFailure == FailurePolicy::LocalFallback) {
            for (std::uint32_t i = 0; i < n; ++i)
                held.push_back(sizing(instances.fallback(i)));
        }
        break;
    }
    return ClusterMemory(scenario.start, scenario.start + scenario.duration, scenario.metrics.bucket, stored, held);
}

const char* heldBy(const ClusterSpec& cluster)
{
    switch (cluster.store.mode) {
    case StoreMode::Local: return "instances";
    case StoreMode::LocalSync: return "store_and_instances";
    default: return cluster.policy.onFailure == FailurePolicy::LocalFallback ? "store_and_instances" : "store";
    }
}

}  // namespace

ClusterLane::ClusterLane(const AlgorithmSpec& spec, const Scenario& scenario, const Population& population,
                         const KeyInterner& recordedKeys, std::size_t index)
    : m_spec(spec), m_scenario(scenario), m_keys(spec.keys.value_or(scenario.keys), population, recordedKeys),
      m_cluster(clusterOf(spec, scenario)), m_end(scenario.start + scenario.duration),
      m_rng(scenario.seed, kClusterLaneStreams + index),
      m_conditions(m_cluster.store.latency, scenario.cluster->outages, scenario.start),
      m_built(limiterFrom(spec, scenario.start)),
      m_nominal(nominalLimit(*m_built.info, m_built.params, scenario.metrics.burstWindow.value_or(kMicrosPerSecond))),
      m_instances(m_cluster, scenario.start, *m_built.limiter,
                  *makeLimiter(spec.algorithm, paramsDividedAmong(*m_built.info, m_built.params, m_cluster.instances)).limiter),
      m_store(spec.algorithm, m_built, m_cluster.store.mode, m_nominal.windowUs, firstSlot(m_keys.strategy(), population),
              scenario.start),
      m_accounting(spec, scenario, m_built, m_keys.strategy(), m_nominal, m_cluster,
                   windowStartsOf(m_instances, m_store, m_cluster, m_built, m_nominal.windowUs, scenario.start, m_end)),
      m_memory(memoryOf(scenario, m_cluster, m_built, m_store, m_instances))
{
    if (m_cluster.store.mode != StoreMode::LocalSync)
        return;
    const std::size_t n = m_instances.size();
    m_sync.emplace(*m_built.limiter, n, m_nominal.windowUs, m_nominal.limitCost);
    for (std::size_t i = 0; i < n; ++i) {
        // Instances sync in turn across the interval, not all at once.
        const Duration phase = m_cluster.store.syncInterval * static_cast<Duration>(i) / static_cast<Duration>(n);
        m_events.push(scenario.start + phase + m_cluster.store.syncInterval,
                      Request{Stage::SyncTick, static_cast<std::uint32_t>(i), 0, 0, 0, 0, 0, 0, 0, 0, 0, false, false, {}, {}});
    }
}

// The time a store-side decision reads: the instance's clock as it sent the call (passed to
// the script as an argument), or the store's own clock (Redis TIME) when it runs.
SimTime ClusterLane::storeTime(const Request& r, SimTime atStore) const
{
    return m_cluster.store.clock == StoreClock::Store ? atStore : m_instances.clock(r.instance).read(r.sentAt);
}

void ClusterLane::offer(const Arrival& a)
{
    runEventsUntil(a.t, true);
    const KeyId key = keyOf(a);
    Request r{Stage::AtStore, m_instances.pick(key, m_rng), key, a.cost, a.client, a.t, a.t, 0, 0, 0, 0, false, false, {}, {}};
    ++m_accounting.stats().instanceRequests[r.instance];
    switch (m_cluster.store.mode) {
    case StoreMode::Local: {
        const Decision d = m_instances.local(r.instance).decide(key, m_instances.clock(r.instance).read(a.t), a.cost);
        m_memory.touchInstance(r.instance, key, a.t, d.resetAfterUs);
        record(a.t, r, d, false);
        return;
    }
    case StoreMode::LocalSync: {
        const SimTime now = m_instances.clock(r.instance).read(a.t);
        Decision d;
        d.allowed = m_sync->allows(r.instance, key, now, a.cost);
        if (static_cast<double>(a.cost) > m_nominal.limitCost)
            d.retryAfterUs = kNeverPasses;
        // The instance's counter lives until its window ends on the instance's clock.
        m_memory.touchInstance(r.instance, key, a.t, (floorDiv(now, m_nominal.windowUs) + 1) * m_nominal.windowUs - now);
        record(a.t, r, d, false);
        return;
    }
    default: startStoreCall(a.t, r); return;
    }
}

void ClusterLane::startStoreCall(SimTime t, Request r)
{
    if (!m_instances.breaker(r.instance).allowCall(t)) {
        ++m_accounting.stats().callsSkipped;
        decideByPolicy(t, r);
        return;
    }
    r.sentAt = t;
    r.roundTrip = m_conditions.sampleRoundTrip(m_rng, r.instance, t);
    ++m_accounting.stats().storeRoundTrips;
    m_instances.callStarted(r.instance);
    if (!m_conditions.reachable(r.instance, t + r.roundTrip / 2) || r.roundTrip > m_cluster.store.timeout) {
        // No answer: the client gives up at its timeout and the policy decides.
        ++m_accounting.stats().storeFailures;
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
    if (m_conditions.reachable(r.instance, t)) {
        ++m_accounting.stats().storeRoundTrips;
        m_sync->sync(r.instance, t, m_instances.clock(r.instance).read(t), m_memory);
    } else {
        ++m_accounting.stats().storeFailures;  // the deltas wait for the next sync
    }
    if (t + m_cluster.store.syncInterval < m_end)
        m_events.push(t + m_cluster.store.syncInterval, r);
}

// The call reaches the store: an atomic script decides there, a row lock queues the
// decision, a read takes a snapshot of the key back to the instance, memcached's add or incr
// counts.
void ClusterLane::onAtStore(SimTime t, Request r)
{
    switch (m_cluster.store.mode) {
    case StoreMode::RedisAtomic: {
        const SimTime now = storeTime(r, t);
        const KeyId key = m_store.keyOf(r.key, now);
        r.decision = m_store.state().decide(key, now, r.cost);
        r.exactAllows = m_accounting.exactAllows(r.key, t, r.cost);
        m_memory.touchStore(key, t, r.decision.resetAfterUs);
        break;
    }
    case StoreMode::SqlRowLock: decideBehindLock(t, r); return;
    case StoreMode::Memcached:
        if (m_store.hasCounter()) {
            memcachedCommand(t, r);
            break;
        }
        [[fallthrough]];
    case StoreMode::RedisGetSet:
    case StoreMode::Cas: {
        // The read of GET/SET and CAS: a snapshot of the key (and its version) travels back.
        const ClusterStore::Snapshot read = m_store.read(r.key, m_instances.clock(r.instance).read(r.sentAt));
        r.slot = read.slot;
        r.version = read.version;
        break;
    }
    default: break;
    }
    r.stage = Stage::Reply;
    m_events.push(r.sentAt + r.roundTrip, r);
}

// FIFO behind the row lock; the lock is held for one more round trip (the commit).
void ClusterLane::decideBehindLock(SimTime t, Request r)
{
    ClusterStats& stats = m_accounting.stats();
    SimTime& freeAt = m_store.lockFreeAt(r.key);
    const SimTime start = std::max(t, freeAt);
    if (start > t)
        ++stats.waitedOnStore;
    const SimTime now = storeTime(r, start);
    const KeyId key = m_store.keyOf(r.key, now);
    r.decision = m_store.state().decide(key, now, r.cost);
    r.exactAllows = m_accounting.exactAllows(r.key, start, r.cost);
    // Decided at `start`, counted from now (times never go back): the same expiry.
    if (r.decision.resetAfterUs > 0)
        m_memory.touchStore(key, t, start - t + r.decision.resetAfterUs);
    const Duration hold = m_conditions.sampleRoundTrip(m_rng, r.instance, start);
    ++stats.storeRoundTrips;
    freeAt = start + hold;
    r.stage = Stage::Reply;
    m_events.push(start + hold + r.roundTrip / 2, r);
}

void ClusterLane::onReply(SimTime t, Request r)
{
    m_instances.callEnded(r.instance);
    if (r.failed) {
        onNoAnswer(t, r);
        return;
    }
    m_instances.breaker(r.instance).onSuccess();
    const StoreMode mode = m_cluster.store.mode;
    if (mode == StoreMode::RedisGetSet || mode == StoreMode::Cas || (mode == StoreMode::Memcached && !m_store.hasCounter())) {
        decideOnSnapshot(t, r);
        return;
    }
    if (m_store.hasCounter() && !r.allowed) {
        // memcached's add found the window's key: the incr follows, a second round trip.
        r.attempt = 1;
        r.stage = Stage::AtStore;
        startStoreCall(t, r);
        return;
    }
    record(t, r, r.decision, false);
}

void ClusterLane::onNoAnswer(SimTime t, const Request& r)
{
    m_instances.breaker(r.instance).onFailure(t);
    if (r.slot != 0)
        m_store.release(r.slot);  // a CAS write that got no answer
    decideByPolicy(t, r);
}

// GET/SET and CAS decide on the snapshot with the instance's clock; GET/SET then writes it
// back blindly, CAS only if the key is unchanged.
void ClusterLane::decideOnSnapshot(SimTime t, Request r)
{
    r.decision = m_store.decideOnSnapshot(r.slot, m_instances.clock(r.instance).read(t), r.cost);
    if (m_cluster.store.mode == StoreMode::RedisGetSet) {
        record(t, r, r.decision, false);
        if (r.decision.allowed) {
            // The SET is fire-and-forget: it lands half a round trip later, whatever
            // was written meanwhile.
            r.stage = Stage::SetArrives;
            m_events.push(t + m_conditions.sampleRoundTrip(m_rng, r.instance, t) / 2, r);
            ++m_accounting.stats().storeRoundTrips;
        } else {
            m_store.release(r.slot);
        }
        return;
    }
    if (!r.decision.allowed) {
        record(t, r, r.decision, false);
        m_store.release(r.slot);
        return;
    }
    r.stage = Stage::CasWrite;
    startStoreCall(t, r);
}

void ClusterLane::onCasWrite(SimTime t, Request r)
{
    const SimTime now = m_instances.clock(r.instance).read(r.sentAt);
    const std::optional<KeyId> written = m_store.compareAndWrite(r.key, {r.slot, r.version}, now);
    r.allowed = written.has_value();
    if (written)
        m_memory.touchStore(*written, t, r.decision.resetAfterUs);
    r.stage = Stage::CasReply;
    m_events.push(r.sentAt + r.roundTrip, r);
}

void ClusterLane::onCasReply(SimTime t, Request r)
{
    ClusterStats& stats = m_accounting.stats();
    m_instances.callEnded(r.instance);
    m_instances.breaker(r.instance).onSuccess();
    if (r.allowed) {
        m_store.release(r.slot);
        record(t, r, r.decision, false);
        return;
    }
    // Someone wrote first: read again, unless out of attempts.
    ++stats.casRetries;
    if (r.attempt == 0)
        ++stats.waitedOnStore;
    m_store.release(r.slot);
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
    const SimTime now = m_instances.clock(r.instance).read(r.sentAt);
    const KeyId written = m_store.write(r.key, r.slot, now);
    m_memory.touchStore(written, t, r.decision.resetAfterUs);  // SET with the decision's expiry
    m_store.release(r.slot);
}

void ClusterLane::record(SimTime decidedAt, const Request& r, const Decision& d, bool byPolicy)
{
    m_accounting.record(decidedAt, {r.key, r.instance, r.cost, r.arrivedAt, r.exactAllows}, d, byPolicy);
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
    m_accounting.finish(m_keys, m_instances.breakerOpenings());
    AlgorithmReport& out = m_accounting.report();
    out.memory.stateBytesPerKey = static_cast<double>(m_store.state().stateBytesPerKey());
    out.memory.redisBytesPerKey = redisBytesPerKeyAtMost(m_spec.algorithm, m_built.params);
    m_memory.finish(out, heldBy(m_cluster));
}

}  // namespace ratelab
