#include "engine/sim/lane.h"

#include "engine/core/growtohold.h"
#include "engine/limitconfig/redismemory.h"

#include <algorithm>
#include <cassert>

namespace ratelab {
namespace {

// Whether the algorithm's state per key varies (the sliding log's and its presets'). An unknown
// name is false here; makeLimiter rejects it in the constructor's body.
bool hasVariableState(const std::string& algorithm)
{
    const AlgorithmInfo* info = findAlgorithm(algorithm);
    return info && info->family == "sliding_window_log";
}

}  // namespace

Lane::Lane(const AlgorithmSpec& spec, const Scenario& scenario, const Population& population, const KeyInterner& recordedKeys,
           std::size_t index)
    : m_spec(spec), m_keys(spec.keys.value_or(scenario.keys), population, recordedKeys),
      m_end(scenario.start + scenario.duration), m_limits(spec, scenario, population, m_keys.strategy()),
      m_closedLoop(spec.clients.value_or(scenario.clients), mixSeed(scenario.seed, kLaneStreams + index), m_end),
      m_metrics(spec, scenario, m_limits.tier(0).built, m_keys.strategy(), m_limits.tier(0).nominal),
      m_memory(scenario, hasVariableState(spec.algorithm)), m_endpoints(population, m_keys.strategy()),
      m_fairness(m_keys.strategy(), population.clients())
{
    // Against the exact log of the same limit over the same decisions: a limit that passes
    // some arrivals undecided has no such twin.
    if (m_limits.tier(0).nominal.approximatesLog && spec.appliesTo == kEveryArrivalKind)
        report().disagreement = Disagreement{};
    if (m_closedLoop.retries())
        report().closedLoop = ClosedLoopStats{};
    if (hasConnections(scenario))
        report().connections = ConnectionStats{};
    if (scenario.backend)
        m_backend = std::make_unique<BackendQueue>(*scenario.backend, spec.placement.value_or(scenario.placement), scenario);
}

void Lane::recordShardData()
{
    m_memory.recordShardData(report());
}

bool Lane::decide(const Attempt& attempt, SimTime t)
{
    m_limits.applyChangesUntil(t);
    closeBucketsUntil(t);
    TierLimiter& tier = m_limits.tier(attempt.tier);
    if (m_beforeObserver)
        m_beforeObserver(attempt.key, t, *tier.built.limiter);
    const Decision d = tier.built.limiter->decide(attempt.key, t, attempt.cost);
    assert(t < m_end && m_memory.bucket() < report().allowedSeries.size());
    const std::size_t bucket = m_memory.bucket();  // every decision comes before the end
    const std::int64_t before = m_metrics.admittedBefore(attempt.key, t);

    if (d.allowed) {
        m_metrics.allowed(attempt.key, t, attempt.cost, bucket, before, tier.nominal);
        if (tier.nominal.shapes)
            m_delays.add(d.delayUs);
    } else {
        m_metrics.rejected(attempt.cost, bucket, d.retryAfterUs);
    }
    if (m_backend)
        m_backend->decided(t, attempt.client, attempt.number, d.allowed, d.delayUs);
    if (tier.nominal.approximatesLog && report().disagreement) {
        const bool logWouldAllow = static_cast<double>(before + attempt.cost) <= tier.nominal.limitCost;
        if (d.allowed && !logWouldAllow)
            ++report().disagreement->falseAllow;
        else if (!d.allowed && logWouldAllow)
            ++report().disagreement->falseReject;
    }
    m_memory.touch(attempt.key, t, d.resetAfterUs);
    if (m_endpoints.counted())
        m_endpoints.count(attempt.endpoint, attempt.cost, d.allowed);
    if (m_fairness.tracked())
        m_fairness.decided(attempt.client, t, attempt.cost, d.allowed, tier.own.get());
    if (report().closedLoop)
        m_closedLoop.decided(attempt, d, t, *report().closedLoop);
    if (m_observer)
        m_observer(Step{d, attempt.key, attempt.tier, attempt.number > 0, t, attempt.client, attempt.cost}, *tier.built.limiter);
    return d.allowed;
}

Lane::Attempt Lane::freshAttempt(const Arrival& a, KeyId key) const
{
    return {a.client, a.cost, key, m_limits.limitOf(a.client, a.endpoint), a.endpoint, 0, false};
}

bool Lane::offer(const Arrival& a)
{
    runRetriesUntil(a.t, true);  // retries scheduled for this instant were due first
    return offerFresh(a, keyOf(a));
}

bool Lane::offerConnectionEvent(const Arrival& a, KeyId key)
{
    ConnectionStats& stats = *report().connections;
    if (a.kind != ArrivalKind::Request) {
        const KeyId connection = a.recordedKey;
        growToHold(m_refused, connection, 0);
        if (m_refused[connection]) {  // the connection never opened here
            ++stats.neverSent;
            return false;
        }
    }
    if (!(m_spec.appliesTo & kindBit(a.kind))) {
        // Not this limit's to decide: it reaches the backend, counted as allowed.
        closeBucketsUntil(a.t);
        ++stats.unchecked;
        const Attempt attempt = freshAttempt(a, key);
        const std::uint32_t tier = attempt.tier;
        m_metrics.allowed(key, a.t, a.cost, m_memory.bucket(), m_metrics.admittedBefore(key, a.t), m_limits.tier(tier).nominal);
        if (m_endpoints.counted())  // the breakdown adds up to the lane's counts
            m_endpoints.count(attempt.endpoint, attempt.cost, true);
        if (m_passObserver)
            m_passObserver(key, a.t, a.cost, tier);
        if (m_backend)
            m_backend->decided(a.t, a.client, 0, true, 0);
        return true;
    }
    const bool allowed = decide(freshAttempt(a, key), a.t);
    if (!allowed && a.kind == ArrivalKind::Handshake) {
        m_refused[a.recordedKey] = 1;
        ++stats.handshakesRefused;
    }
    return allowed;
}

void Lane::offer(std::span<const Arrival> arrivals, std::uint8_t* allowed)
{
    // Decided a chunk at a time, a key's state prefetched kAhead chunks before its decision and
    // what that state points to (prefetchIndirect) half as far ahead, once it has arrived.
    constexpr std::size_t kChunk = 8;
    constexpr std::size_t kAhead = 2;
    m_batchKeys.resize(arrivals.size());
    for (std::size_t i = 0; i < arrivals.size(); ++i)
        m_batchKeys[i] = keyOf(arrivals[i]);
    const auto chunk = [&](std::size_t first) {
        const std::size_t begin = std::min(first, arrivals.size());
        return std::pair(begin, std::min(begin + kChunk, arrivals.size()));
    };
    for (std::size_t c = 0; c < kAhead; ++c)
        prefetch(arrivals, chunk(c * kChunk));
    for (std::size_t c = 0; c < kAhead / 2; ++c)
        prefetchIndirect(chunk(c * kChunk));
    for (std::size_t first = 0; first < arrivals.size(); first += kChunk) {
        prefetch(arrivals, chunk(first + kAhead * kChunk));
        prefetchIndirect(chunk(first + kAhead / 2 * kChunk));
        for (std::size_t i = first; i < std::min(first + kChunk, arrivals.size()); ++i) {
            runRetriesUntil(arrivals[i].t, true);  // retries scheduled for this instant were due first
            allowed[i] = offerFresh(arrivals[i], m_batchKeys[i]);
        }
    }
}

void Lane::prefetch(std::span<const Arrival> arrivals, std::pair<std::size_t, std::size_t> range) const
{
    const auto keys = std::span(m_batchKeys).subspan(range.first, range.second - range.first);
    // One limiter serves all the keys unless tiers split them; then the tiers share the hint.
    for (const TierLimiter& tier : m_limits.all())
        tier.built.limiter->prefetch(keys);
    m_metrics.prefetch(keys);
    m_memory.prefetch(keys);
    if (m_fairness.tracked()) {
        for (std::size_t i = range.first; i < range.second; ++i)
            m_fairness.prefetch(arrivals[i].client);
    }
}

void Lane::prefetchIndirect(std::pair<std::size_t, std::size_t> range) const
{
    const auto keys = std::span(m_batchKeys).subspan(range.first, range.second - range.first);
    for (const TierLimiter& tier : m_limits.all())
        tier.built.limiter->prefetchIndirect(keys);
}

void Lane::finish()
{
    runRetriesUntil(m_end, false);
    const TierLimiter& first = m_limits.tier(0);
    m_memory.finish(*first.built.limiter, report());
    m_metrics.finish(m_keys);
    if (m_backend) {
        m_backend->finish();
        report().backendModel = m_backend->take();
    }
    m_endpoints.finish(m_limits, m_spec, report());
    report().memory.redisBytesPerKey = redisBytesPerKeyAtMost(m_spec.algorithm, first.built.params);
    if (first.nominal.shapes) {
        DelayStats delay;
        delay.p50 = m_delays.percentile(0.50);
        delay.p99 = m_delays.percentile(0.99);
        delay.max = m_delays.max();
        delay.cumulative = m_delays.cumulative();
        report().delay = std::move(delay);
    }
    if (report().closedLoop)
        ClosedLoop::finish(*report().closedLoop);
    m_fairness.finish(report());
}

AlgorithmReport Lane::takeReport()
{
    return std::move(report());
}

}  // namespace ratelab
