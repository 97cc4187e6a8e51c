#pragma once
// One algorithm of a cluster scenario: N instances behind a load balancer, each with its own
// clock, sharing (or not) a store whose round trips take time. Every effect comes out of the
// event model: a request is decided when its round trip completes, so concurrent requests
// race on a non-atomic GET/SET, CAS writes conflict on hot keys, row locks queue, and clocks
// that disagree see different windows.
//
// Storage modes: local (each instance alone), redis_atomic (one atomic script call),
// redis_get_set (read, decide on the instance, write back later), local_sync (local counters
// merged every sync interval; epoch-aligned fixed windows only), cas (read with a version, write only if
// unchanged, retry), sql_row_lock (decisions on a key serialise behind its lock), memcached
// (no scripts: a counter per window by add, then incr; any other state by gets, then cas).
// When the store fails (an outage, a timeout) or the circuit breaker is open, the failure
// policy decides: fail_open, fail_closed, or local_fallback (a local limiter at limit / N).

#include "engine/cluster/circuitbreaker.h"
#include "engine/cluster/instanceclock.h"
#include "engine/cluster/storeconditions.h"
#include "engine/core/eventqueue.h"
#include "engine/core/random.h"
#include "engine/metrics/delayhistogram.h"
#include "engine/sim/clustermemory.h"
#include "engine/sim/lanemetrics.h"

#include <functional>
#include <optional>

namespace ratelab {

class ClusterLane {
public:
    ClusterLane(const AlgorithmSpec& spec, const Scenario& scenario, const Population& population,
                const KeyInterner& recordedKeys, std::size_t index);

    void offer(const Arrival& a);
    void finish();
    AlgorithmReport takeReport();

    const std::string& id() const { return m_spec.id; }
    KeyId keyOf(const Arrival& a) const { return m_keys.keyOf(a); }
    std::string keyName(KeyId key) const { return m_keys.name(key); }
    const NominalLimit& nominal() const { return m_nominal; }

    // One decision as record() counts it: `t` is its true time, which may fall just past the
    // scenario's end (a call still in flight there); the report counts those in the last bucket.
    // `arrivedAt` is when the request reached `instance`, `by` what decided it.
    struct Decided {
        KeyId key;
        SimTime t;
        std::uint32_t cost;
        bool allowed;
        SimTime arrivedAt;
        std::uint32_t instance;
        ClusterDecider by;
    };
    void setObserver(std::function<void(const Decided&)> observer) { m_observer = std::move(observer); }

private:
    enum class Stage : std::uint8_t { AtStore, Reply, CasWrite, CasReply, SetArrives, SyncTick };

    struct Request {
        Stage stage;
        std::uint32_t instance;
        KeyId key;
        std::uint32_t cost;
        std::uint32_t client;
        SimTime arrivedAt;      // true time the request reached its instance
        SimTime sentAt;         // true time of this store call
        Duration roundTrip;     // of this call
        KeyId slot;             // scratch state of a GET/SET or CAS in flight
        std::uint64_t version;  // CAS: the version read
        std::uint32_t attempt;  // CAS attempts so far
        bool allowed;           // CAS: whether the write went through
        bool failed;            // the store did not answer: the policy decides
        Decision decision;
        std::optional<bool> exactAllows;  // when the store decided: whether m_exactLimiter admits it
    };

    void runEventsUntil(SimTime t, bool inclusive);
    // An event of a request's journey, by its stage; each stage has its own step below.
    void handle(SimTime t, Request r);
    void onSyncTick(SimTime t, const Request& r);
    void onAtStore(SimTime t, Request r);
    void decideAtStore(SimTime t, Request& r);
    void decideBehindLock(SimTime t, Request r);
    void readSnapshot(Request& r);
    void onReply(SimTime t, Request r);
    void onNoAnswer(SimTime t, const Request& r);
    void decideOnSnapshot(SimTime t, Request r);
    void onCasWrite(SimTime t, Request r);
    void onCasReply(SimTime t, Request r);
    void onSetArrives(SimTime t, const Request& r);
    // memcached (clustermemcached.cpp): its counter's add, then incr, and what the reply to each does.
    void startMemcachedCounter();
    void memcachedCommand(SimTime t, Request& r);
    bool memcachedAddFound(SimTime t, Request& r);
    bool readsSnapshot() const;
    void startStoreCall(SimTime t, Request r);
    void decideByPolicy(SimTime t, const Request& r);
    void record(SimTime decidedAt, const Request& r, const Decision& d, bool byPolicy);
    bool exactLimiterAllows(const Request& r, SimTime t);
    void syncInstance(std::uint32_t instance, SimTime t);
    std::uint32_t pickInstance(KeyId key);
    KeyId takeSlot();
    SimTime storeTime(const Request& r, SimTime atStore) const;
    bool localSyncAllows(std::uint32_t instance, KeyId key, SimTime now, std::uint32_t cost);
    KeyId storeKey(KeyId key, SimTime now) const;
    void startMemory();
    const char* heldBy() const;
    ClusterDecider deciderOf(bool byPolicy) const;
    std::vector<std::vector<SimTime>> windowStarts() const;
    AlgorithmReport& report() { return m_metrics.report(); }  // to add the cluster's own figures

    AlgorithmSpec m_spec;
    const Scenario& m_scenario;
    LaneKeys m_keys;
    ClusterSpec m_cluster;
    SimTime m_end;
    RandomStream m_rng;
    StoreConditions m_conditions;

    BuiltLimiter m_built;  // the store's (or the template)
    NominalLimit m_nominal;
    std::vector<std::unique_ptr<RateLimiter>> m_local;     // per instance: local mode
    std::vector<std::unique_ptr<RateLimiter>> m_fallback;  // per instance: limit / N
    std::unique_ptr<RateLimiter> m_scratch;                // snapshots of GET/SET and CAS in flight
    std::unique_ptr<RateLimiter> m_reference;              // the global limit, fed what the cluster admitted
    std::unique_ptr<RateLimiter> m_exactLimiter;           // the global limit deciding every request itself
    bool m_windowSlots = false;                            // fixed windows: one store key per window (below)
    std::vector<KeyId> m_freeSlots;
    KeyId m_nextSlot;
    std::vector<std::uint64_t> m_versions;  // CAS version per key
    // memcached on a counter per window (m_windowSlots): the counter incr keeps, which counts
    // every cost it is sent, and per store key the window its counter was added for.
    std::unique_ptr<RateLimiter> m_counter;
    std::vector<std::int64_t> m_counterWindow;
    std::vector<SimTime> m_lockFreeAt;  // sql_row_lock per key
    std::vector<InstanceClock> m_clocks;
    std::vector<CircuitBreaker> m_breakers;
    std::vector<std::int64_t> m_inFlight;
    std::uint64_t m_roundRobin = 0;
    EventQueue<Request> m_events;
    std::function<void(const Decided&)> m_observer;

    // local_sync: per instance, per key: the window it counts, its unsynced local count, and
    // the global count it last saw; the store's count per key and window.
    struct SyncedCounter {
        std::int64_t window = kNever;
        std::int64_t local = 0;
        std::int64_t globalSeen = 0;
    };
    std::vector<std::vector<SyncedCounter>> m_syncLocal;
    std::vector<std::vector<KeyId>> m_syncDirty;
    std::vector<std::pair<std::int64_t, std::int64_t>> m_syncStore;  // (window, count)
    bool m_syncCountsRejected = false;

    // Metrics.
    LaneMetrics m_metrics;
    DelayHistogram m_decisionLatency;
    std::optional<ClusterMemory> m_memory;  // made once the places holding state exist
};

}  // namespace ratelab
