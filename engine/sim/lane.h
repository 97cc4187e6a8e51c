#pragma once
// One algorithm of a scenario, with everything measured about it: a lane. The runner feeds
// every lane the same fresh requests in one pass; each lane keeps its own closed-loop retries
// (a rejected client's retry depends on this lane's answer), its own limit changes and its
// own metrics, all in memory independent of the number of requests. The lane decides each
// attempt and hands it to its parts: the limiters and their changes (lanelimits.h), the
// retries (closedloop.h), the metrics every lane keeps (lanemetrics.h), its memory
// (lanememory.h), client fairness (clientfairness.h), the endpoint breakdown
// (endpointbreakdown.h) and the backend (backendqueue.h).

#include "engine/core/random.h"
#include "engine/metrics/delayhistogram.h"
#include "engine/sim/backendqueue.h"
#include "engine/sim/clientfairness.h"
#include "engine/sim/closedloop.h"
#include "engine/sim/endpointbreakdown.h"
#include "engine/sim/lanelimits.h"
#include "engine/sim/lanememory.h"
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
    const RateLimiter& limiter(std::uint32_t tier) const { return *m_limits.tier(tier).built.limiter; }
    // The complete parameters of tier `tier`'s limiter (makeLimiter's, defaults filled in).
    const ParamValues& tierParams(std::uint32_t tier) const { return m_limits.tier(tier).built.params; }
    // Tier `tier`'s nominal limit now (metrics/nominal.h); a limit change replaces it.
    const NominalLimit& nominal(std::uint32_t tier) const { return m_limits.tier(tier).nominal; }

private:
    using Attempt = ClosedLoop::Attempt;

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
    void runRetriesUntil(SimTime t, bool inclusive)
    {
        m_closedLoop.runUntil(t, inclusive, [this](const Attempt& attempt, SimTime at) { decide(attempt, at); });
    }
    bool decide(const Attempt& attempt, SimTime t);
    // Before a decision at `t`: closes the metric buckets that end by then.
    void closeBucketsUntil(SimTime t)
    {
        if (m_memory.bucketsDue(t)) [[unlikely]]
            m_memory.closeBucketsUntil(t, *m_limits.tier(0).built.limiter, report());
    }
    AlgorithmReport& report() { return m_metrics.report(); }  // to add what only this lane measures

    AlgorithmSpec m_spec;
    LaneKeys m_keys;
    SimTime m_end;
    LaneLimits m_limits;
    ClosedLoop m_closedLoop;
    std::function<void(const Step&, const RateLimiter&)> m_observer;
    std::function<void(KeyId, SimTime, const RateLimiter&)> m_beforeObserver;
    std::function<void(KeyId, SimTime, std::uint32_t, std::uint32_t)> m_passObserver;

    std::vector<KeyId> m_batchKeys;       // offer(arrivals)'s keys
    std::vector<std::uint8_t> m_refused;  // per connection key: 1 when this lane refused its handshake

    // Metrics.
    LaneMetrics m_metrics;
    LaneMemory m_memory;
    DelayHistogram m_delays;
    std::unique_ptr<BackendQueue> m_backend;  // with a scenario backend only
    EndpointBreakdown m_endpoints;
    ClientFairness m_fairness;
};

}  // namespace ratelab
