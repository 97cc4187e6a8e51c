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
//
// The lane is the requests' journey, stage by stage; the parts it moves through hold the
// rest: the instances (clusterinstances.h), the store (clusterstore.h), local_sync's counters
// (localsync.h), what is counted (clusteraccounting.h) and the memory held (clustermemory.h).

#include "engine/cluster/storeconditions.h"
#include "engine/core/eventqueue.h"
#include "engine/core/random.h"
#include "engine/sim/clusteraccounting.h"
#include "engine/sim/clusterinstances.h"
#include "engine/sim/clustermemory.h"
#include "engine/sim/clusterstore.h"
#include "engine/sim/localsync.h"

#include <functional>
#include <optional>

namespace ratelab {

class ClusterLane {
public:
    ClusterLane(const AlgorithmSpec& spec, const Scenario& scenario, const Population& population,
                const KeyInterner& recordedKeys, std::size_t index);

    void offer(const Arrival& a);
    void finish();
    AlgorithmReport takeReport() { return std::move(m_accounting.report()); }

    const std::string& id() const { return m_spec.id; }
    KeyId keyOf(const Arrival& a) const { return m_keys.keyOf(a); }
    std::string keyName(KeyId key) const { return m_keys.name(key); }
    const NominalLimit& nominal() const { return m_nominal; }

    using Decided = ClusterDecided;
    void setObserver(std::function<void(const Decided&)> observer) { m_accounting.setObserver(std::move(observer)); }

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
        std::optional<bool> exactAllows;  // when the store decided: whether the exact limiter admits it
    };

    void runEventsUntil(SimTime t, bool inclusive);
    // An event of a request's journey, by its stage; each stage has its own step below.
    void handle(SimTime t, Request r);
    void onSyncTick(SimTime t, const Request& r);
    void onAtStore(SimTime t, Request r);
    void decideBehindLock(SimTime t, Request r);
    void onReply(SimTime t, Request r);
    void onNoAnswer(SimTime t, const Request& r);
    void decideOnSnapshot(SimTime t, Request r);
    void onCasWrite(SimTime t, Request r);
    void onCasReply(SimTime t, Request r);
    void onSetArrives(SimTime t, const Request& r);
    // memcached's add, then incr (clustermemcached.cpp).
    void memcachedCommand(SimTime t, Request& r);
    void startStoreCall(SimTime t, Request r);
    // The failure policy's decision (clusterfailure.cpp).
    void decideByPolicy(SimTime t, const Request& r);
    void record(SimTime decidedAt, const Request& r, const Decision& d, bool byPolicy);
    SimTime storeTime(const Request& r, SimTime atStore) const;

    AlgorithmSpec m_spec;
    const Scenario& m_scenario;
    LaneKeys m_keys;
    ClusterSpec m_cluster;  // with this algorithm's own store and policy
    SimTime m_end;
    RandomStream m_rng;  // the balancer's and the round trips' draws, in the order they happen
    StoreConditions m_conditions;

    BuiltLimiter m_built;  // the template every part clones
    NominalLimit m_nominal;
    ClusterInstances m_instances;
    ClusterStore m_store;
    std::optional<LocalSync> m_sync;
    EventQueue<Request> m_events;
    ClusterAccounting m_accounting;
    ClusterMemory m_memory;
};

}  // namespace ratelab
