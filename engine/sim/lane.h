#pragma once
// One algorithm of a scenario, with everything measured about it: a lane. The runner feeds
// every lane the same fresh requests in one pass; each lane keeps its own closed-loop retries
// (a rejected client's retry depends on this lane's answer), its own limit changes and its
// own metrics, all in memory independent of the number of requests.

#include "engine/core/eventqueue.h"
#include "engine/core/random.h"
#include "engine/metrics/delayhistogram.h"
#include "engine/metrics/livekeys.h"
#include "engine/sim/backendqueue.h"
#include "engine/sim/lanemetrics.h"

#include <functional>
#include <span>

namespace ratelab {

class Lane {
public:
    Lane(const AlgorithmSpec& spec, const Scenario& scenario, const Population& population, const KeyInterner& recordedKeys,
         std::size_t index);

    // Decides the fresh request `a` (after any of this lane's retries due by then).
    // Returns whether it was allowed, for the shadow comparison.
    bool offer(const Arrival& a);
    // The same for consecutive fresh requests, allowed[i] for arrivals[i]; faster, since it
    // loads each request's key state into the cache a few requests ahead.
    void offer(std::span<const Arrival> arrivals, std::uint8_t* allowed);
    // For a shard's run: also report what merging shards needs (liveKeysProfile,
    // liveKeysAtBucketEnd). Before the first offer.
    void recordShardData();
    // Runs the retries still due before the end, and closes the metrics.
    void finish();
    AlgorithmReport takeReport();

    KeyId keyOf(const Arrival& a) const { return m_keys.keyOf(a); }
    std::string keyName(KeyId key) const { return m_keys.name(key); }
    const std::string& id() const { return m_spec.id; }

    // Learn view support: decides like offer(), also returning the decision and the limiter.
    struct Step {
        Decision decision;
        KeyId key;
        std::uint32_t tier;
        bool retry;
        SimTime t;
        std::uint32_t client;
        std::uint32_t cost;
    };
    void setObserver(std::function<void(const Step&, const RateLimiter&)> observer) { m_observer = std::move(observer); }
    // Called just before each decision, while the limiter still holds the state before it.
    void setBeforeObserver(std::function<void(KeyId, SimTime, const RateLimiter&)> observer)
    {
        m_beforeObserver = std::move(observer);
    }
    // Called for each arrival outside the limit's "applies_to": it passes undecided, counted as allowed.
    void setPassObserver(std::function<void(KeyId, SimTime, std::uint32_t cost, std::uint32_t tier)> observer)
    {
        m_passObserver = std::move(observer);
    }
    // The limiter that decides tier `tier`'s requests now (a limit change replaces it).
    const RateLimiter& limiter(std::uint32_t tier) const { return *m_tiers[tier].built.limiter; }
    // The complete parameters of tier `tier`'s limiter (makeLimiter's, defaults filled in).
    const ParamValues& tierParams(std::uint32_t tier) const { return m_tiers[tier].built.params; }
    // Tier `tier`'s nominal limit now (metrics/nominal.h); a limit change replaces it.
    const NominalLimit& nominal(std::uint32_t tier) const { return m_tiers[tier].nominal; }

private:
    struct Attempt {
        std::uint32_t client;
        std::uint32_t cost;
        KeyId key;
        std::uint32_t tier;  // the limiter that decides it: its tier, or its endpoint's limit
        std::uint32_t endpoint;
        std::uint16_t number;  // 0 = the fresh request
        bool atRetryAfter;
    };

    struct TierLimiter {
        BuiltLimiter built;
        std::unique_ptr<RateLimiter> own;  // the same limit per client (NAT fairness)
        NominalLimit nominal;
    };
    // One limiter per tier of a tiered lane; with per-endpoint limits the algorithm's own
    // (index 0) and one per per_endpoint entry; else one.
    static std::vector<TierLimiter> makeTiers(const AlgorithmSpec& spec, const Scenario& scenario, const Population& population,
                                              KeyStrategy keys);

    Attempt freshAttempt(const Arrival& a, KeyId key) const;
    // A fresh request decided, or, on a connection, decided, passed unchecked or never sent.
    bool offerFresh(const Arrival& a, KeyId key)
    {
        if (a.kind == ArrivalKind::Request && (m_spec.appliesTo & kindBit(ArrivalKind::Request))) [[likely]]
            return decide(freshAttempt(a, key), a.t);
        return offerConnectionEvent(a, key);
    }
    bool offerConnectionEvent(const Arrival& a, KeyId key);
    // Hints that the batch's fresh requests [first, second) come soon: start loading their
    // state into the cache (prefetchIndirect a little later: what that state points to).
    void prefetch(std::span<const Arrival> arrivals, std::pair<std::size_t, std::size_t> range) const;
    void prefetchIndirect(std::pair<std::size_t, std::size_t> range) const;
    void countEndpoint(const Attempt& attempt, bool allowed);
    void reportEndpoints();
    void runRetriesUntil(SimTime t, bool inclusive);
    bool decide(const Attempt& attempt, SimTime t);
    void applyChangesUntil(SimTime t);
    void advanceBuckets(SimTime t);
    SimTime bucketEnd(std::size_t bucket) const;
    std::int64_t stateBytesNow();  // of the keys live as of the last m_liveKeys.advance()
    Duration retryDelay(const Attempt& attempt, const Decision& d, SimTime t) const;
    AlgorithmReport& report() { return m_metrics.report(); }  // to add what only this lane measures

    AlgorithmSpec m_spec;
    const Scenario& m_scenario;
    const Population& m_population;
    LaneKeys m_keys;
    ClientBehaviour m_clients;
    SimTime m_end;
    std::vector<TierLimiter> m_tiers;
    std::vector<std::uint32_t> m_limitOfEndpoint;  // per_endpoint: the index in m_tiers by endpoint
    std::size_t m_nextChange = 0;
    EventQueue<Attempt> m_retries;
    std::uint64_t m_jitterSeed;  // backoff jitter: drawn per attempt, so a key's retries do not depend on other keys'
    bool m_shardData = false;
    std::function<void(const Step&, const RateLimiter&)> m_observer;
    std::function<void(KeyId, SimTime, const RateLimiter&)> m_beforeObserver;
    std::function<void(KeyId, SimTime, std::uint32_t, std::uint32_t)> m_passObserver;

    std::vector<KeyId> m_batchKeys;       // offer(arrivals)'s keys
    std::vector<std::uint8_t> m_refused;  // per connection key: 1 when this lane refused its handshake

    // Metrics.
    LaneMetrics m_metrics;
    bool m_variableState;  // the sliding log's: bytes per key vary, its live logs are summed
    LiveKeys m_liveKeys;
    DelayHistogram m_delays;
    std::unique_ptr<BackendQueue> m_backend;  // with a scenario backend only
    struct EndpointCounts {
        std::int64_t requests = 0, allowed = 0, rejected = 0, allowedCost = 0, rejectedCost = 0;
    };
    std::vector<EndpointCounts> m_endpointCounts;  // by endpoint, when the scenario has several
    std::vector<std::uint8_t> m_clientFlags;       // bit 0: rejected here; bit 1: rejected by its own limit; bit 2: seen
    std::size_t m_bucketsClosed = 0;               // also the bucket of the decision being made
    SimTime m_bucketEnd = 0;                       // the end of bucket m_bucketsClosed
};

}  // namespace ratelab
