#include "engine/sim/lane.h"

#include "engine/algorithms/limiter/statetransfer.h"
#include "engine/core/growtohold.h"
#include "engine/limitconfig/redismemory.h"
#include "engine/sim/nominallimit.h"
#include "engine/traffic/endpointmix.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace ratelab {
namespace {

constexpr std::uint8_t kRejectedHere = 1;
constexpr std::uint8_t kRejectedByOwnLimit = 2;
constexpr std::uint8_t kSeen = 4;

// Client fairness is judged where one key gathers several clients.
bool keyGathersClients(KeyStrategy keys)
{
    return keys == KeyStrategy::Ip || keys == KeyStrategy::Global || keys == KeyStrategy::Endpoint;
}

// The algorithm's parameters with a tier's overrides on top.
ParamValues paramsForTier(const AlgorithmSpec& spec, const std::string& tier)
{
    ParamValues params = spec.params;
    for (const auto& [name, overrides] : spec.tierParams) {
        if (name == tier) {
            for (const auto& [k, v] : overrides)
                params[k] = v;
        }
    }
    return params;
}

// The algorithm's parameters for the limiter at `index` of a lane with per-endpoint limits:
// its own params (index 0), or a per_endpoint entry's on top of them.
ParamValues paramsForEndpointLimit(const AlgorithmSpec& spec, std::size_t index)
{
    ParamValues params = spec.params;
    if (index > 0) {
        for (const auto& [k, v] : spec.endpointLimits[index - 1].params)
            params[k] = v;
    }
    return params;
}

// Whether the algorithm's state per key varies (the sliding log's and its presets'). An unknown
// name is false here; makeLimiter rejects it in the constructor's body.
bool hasVariableState(const std::string& algorithm)
{
    const AlgorithmInfo* info = findAlgorithm(algorithm);
    return info && info->family == "sliding_window_log";
}

}  // namespace

std::vector<Lane::TierLimiter> Lane::makeTiers(const AlgorithmSpec& spec, const Scenario& scenario, const Population& population,
                                               KeyStrategy keys)
{
    const Duration burstWindow = scenario.metrics.burstWindow.value_or(kMicrosPerSecond);
    const bool tiered = keys == KeyStrategy::Tiered;
    const std::size_t count = tiered ? population.tierCount() : 1 + spec.endpointLimits.size();
    std::vector<TierLimiter> tiers;
    for (std::size_t t = 0; t < count; ++t) {
        TierLimiter tier;
        tier.built =
            makeLimiter(spec.algorithm, tiered ? paramsForTier(spec, population.tierName(t)) : paramsForEndpointLimit(spec, t));
        tier.nominal = nominalLimit(*tier.built.info, tier.built.params, burstWindow);
        if (keyGathersClients(keys))
            tier.own = tier.built.limiter->clone();
        tiers.push_back(std::move(tier));
    }
    return tiers;
}

Lane::Lane(const AlgorithmSpec& spec, const Scenario& scenario, const Population& population, const KeyInterner& recordedKeys,
           std::size_t index)
    : m_spec(spec), m_scenario(scenario), m_population(population),
      m_keys(spec.keys.value_or(scenario.keys), population, recordedKeys), m_clients(spec.clients.value_or(scenario.clients)),
      m_end(scenario.start + scenario.duration), m_tiers(makeTiers(spec, scenario, population, m_keys.strategy())),
      m_jitterSeed(mixSeed(scenario.seed, kLaneStreams + index)),
      m_metrics(spec, scenario, m_tiers.front().built, m_keys.strategy(), m_tiers.front().nominal),
      m_variableState(hasVariableState(spec.algorithm)),
      m_liveKeys(scenario.start, m_variableState)  // its live logs are listed at each bucket's end
{
    // Against the exact log of the same limit over the same decisions: a limit that passes
    // some arrivals undecided has no such twin.
    if (m_tiers.front().nominal.approximatesLog && spec.appliesTo == kEveryArrivalKind)
        report().disagreement = Disagreement{};
    if (m_clients.retry != RetryPolicy::None)
        report().closedLoop = ClosedLoopStats{};
    if (m_keys.strategy() != KeyStrategy::Recorded)
        m_clientFlags.assign(population.clients(), 0);
    if (hasConnections(scenario))
        report().connections = ConnectionStats{};
    if (!spec.endpointLimits.empty()) {
        std::vector<std::string> patterns;
        for (const EndpointLimit& limit : spec.endpointLimits)
            patterns.push_back(limit.path);
        m_limitOfEndpoint = limitOfEndpoints(population.endpoints(), patterns);
    }
    if (population.endpointCount() > 1 && m_keys.strategy() != KeyStrategy::Recorded)
        m_endpointCounts.resize(population.endpointCount());
    m_bucketEnd = bucketEnd(0);
    if (scenario.backend)
        m_backend = std::make_unique<BackendQueue>(*scenario.backend, spec.placement.value_or(scenario.placement), scenario);
}

SimTime Lane::bucketEnd(std::size_t bucket) const
{
    return std::min(m_end, m_scenario.start + static_cast<SimTime>(bucket + 1) * m_scenario.metrics.bucket);
}

// The live logs' bytes (variable-size state: the sliding log).
std::int64_t Lane::stateBytesNow()
{
    const RateLimiter& limiter = *m_tiers.front().built.limiter;
    std::int64_t bytes = 0;
    m_liveKeys.forEachLive([&](KeyId key) { bytes += static_cast<std::int64_t>(limiter.stateBytesOf(key)); });
    return bytes;
}

void Lane::recordShardData()
{
    m_shardData = true;
    m_liveKeys.recordProfile();
    report().liveKeysAtBucketEnd.assign(report().liveKeysSeries.size(), 0);
}

void Lane::advanceBuckets(SimTime t)
{
    const std::size_t buckets = report().liveKeysSeries.size();
    while (m_bucketsClosed < buckets && m_bucketEnd <= t) {
        // The bucket's peak of live keys; a fixed window's keys all expire at its boundary, so
        // a sample at the bucket's end would miss them. Advanced to the end first, so that the
        // next bucket's peak starts from the keys live at its start.
        m_liveKeys.advance(m_bucketEnd);
        if (m_shardData)
            report().liveKeysAtBucketEnd[m_bucketsClosed] = m_liveKeys.live();
        const std::int64_t live = m_liveKeys.takeIntervalPeak();
        report().liveKeysSeries[m_bucketsClosed] = live;
        const std::int64_t bytes = m_variableState
            ? stateBytesNow()
            : live * static_cast<std::int64_t>(m_tiers.front().built.limiter->stateBytesPerKey());
        report().stateBytesSeries[m_bucketsClosed] = bytes;
        if (bytes > report().memory.peakStateBytes) {
            report().memory.peakStateBytes = bytes;
            if (m_variableState && m_liveKeys.live() > 0)
                report().memory.stateBytesPerKey = static_cast<double>(bytes) / static_cast<double>(m_liveKeys.live());
        }
        m_bucketEnd = bucketEnd(++m_bucketsClosed);
    }
}

void Lane::applyChangesUntil(SimTime t)
{
    while (m_nextChange < m_spec.changes.size() && m_scenario.start + m_spec.changes[m_nextChange].at <= t) {
        const LimitChange& change = m_spec.changes[m_nextChange++];
        const SimTime at = m_scenario.start + change.at;
        for (std::size_t i = 0; i < m_tiers.size(); ++i) {
            TierLimiter& tier = m_tiers[i];
            ParamValues params = tier.built.params;
            for (const auto& [k, v] : change.params)
                params[k] = v;
            BuiltLimiter next = makeLimiter(m_spec.algorithm, params);
            if (change.state != StatePolicy::Reset)
                transferState(*tier.built.limiter, *next.limiter, change.state, at);
            tier.nominal = nominalLimit(*next.info, next.params, m_scenario.metrics.burstWindow.value_or(kMicrosPerSecond));
            if (tier.own) {
                auto own = next.limiter->clone();
                if (change.state != StatePolicy::Reset)
                    transferState(*tier.own, *own, change.state, at);
                tier.own = std::move(own);
            }
            tier.built = std::move(next);
        }
    }
}

Duration Lane::retryDelay(const Attempt& attempt, const Decision& d, SimTime t) const
{
    switch (m_clients.retry) {
    case RetryPolicy::None: return -1;
    case RetryPolicy::Immediate: return m_clients.delay;
    case RetryPolicy::RetryAfter:
        // What the client reads: Retry-After in whole seconds, rounded up; none means give up.
        return d.retryAfterUs < 0 ? -1 : ceilDivPositive(d.retryAfterUs, kMicrosPerSecond) * kMicrosPerSecond;
    case RetryPolicy::Backoff: {
        // Exponential backoff with full jitter: uniform in [0, min(cap, base x 2^n)].
        const double ceiling = std::min<double>(static_cast<double>(m_clients.backoffCap),
                                                static_cast<double>(m_clients.backoffBase) * std::ldexp(1.0, attempt.number));
        // The draw is a function of the attempt alone (its client, number and time), not the
        // next number of a stream every key draws from: a run split by key (shardfilter.h)
        // gives each key the same jitter as the whole run.
        const std::uint64_t attemptId = (std::uint64_t{attempt.client} << 16) | attempt.number;
        const std::uint64_t bits = mixSeed(mixSeed(m_jitterSeed, attemptId), static_cast<std::uint64_t>(t));
        const double uniform = static_cast<double>(bits >> 11) * 0x1.0p-53;
        return static_cast<Duration>(uniform * ceiling) + 1;
    }
    }
    return -1;
}

bool Lane::decide(const Attempt& attempt, SimTime t)
{
    if (m_nextChange < m_spec.changes.size()) [[unlikely]]
        applyChangesUntil(t);
    if (t >= m_bucketEnd) [[unlikely]]
        advanceBuckets(t);
    TierLimiter& tier = m_tiers[attempt.tier];
    if (m_beforeObserver)
        m_beforeObserver(attempt.key, t, *tier.built.limiter);
    const Decision d = tier.built.limiter->decide(attempt.key, t, attempt.cost);
    assert(t < m_end && m_bucketsClosed < report().allowedSeries.size());
    const std::size_t bucket = m_bucketsClosed;  // every decision comes before the end
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
    m_liveKeys.touch(attempt.key, t, d.resetAfterUs);
    if (!m_endpointCounts.empty())
        countEndpoint(attempt, d.allowed);

    if (!m_clientFlags.empty()) {
        std::uint8_t& flags = m_clientFlags[attempt.client];
        flags |= kSeen;
        if (!d.allowed)
            flags |= kRejectedHere;
        // Only whether its own limit passes it is read: the allow-only path (ratelimiter.h).
        if (tier.own && !tier.own->allow(attempt.client, t, attempt.cost))
            flags |= kRejectedByOwnLimit;
    }

    if (report().closedLoop) {
        ClosedLoopStats& loop = *report().closedLoop;
        ++loop.attempts;
        if (attempt.number == 0)
            ++loop.uniqueRequests;
        else
            ++loop.retries;
        if (attempt.atRetryAfter) {
            ++loop.retriesAtRetryAfter;
            loop.retryAfterSuccess += d.allowed ? 1 : 0;  // a count until finish()
        }
        if (!d.allowed) {
            const Duration delay = attempt.number < m_clients.maxRetries ? retryDelay(attempt, d, t) : -1;
            if (delay >= 0 && t + delay < m_end) {
                Attempt next = attempt;
                ++next.number;
                next.atRetryAfter = m_clients.retry == RetryPolicy::RetryAfter;
                m_retries.push(t + delay, next);
            } else if (delay < 0) {
                ++loop.gaveUp;
            }
        }
    }
    if (m_observer)
        m_observer(Step{d, attempt.key, attempt.tier, attempt.number > 0, t, attempt.client, attempt.cost}, *tier.built.limiter);
    return d.allowed;
}

void Lane::runRetriesUntil(SimTime t, bool inclusive)
{
    while (!m_retries.empty() && (inclusive ? m_retries.nextTime() <= t : m_retries.nextTime() < t)) {
        const auto event = m_retries.pop();
        decide(event.payload, event.time);
    }
}

Lane::Attempt Lane::freshAttempt(const Arrival& a, KeyId key) const
{
    const std::uint32_t limiter = m_keys.strategy() == KeyStrategy::Tiered ? m_population.tierOf(a.client)
        : m_limitOfEndpoint.empty()                                        ? 0u
                                                                           : m_limitOfEndpoint[a.endpoint];
    return {a.client, a.cost, key, limiter, a.endpoint, 0, false};
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
        if (a.t >= m_bucketEnd) [[unlikely]]
            advanceBuckets(a.t);
        ++stats.unchecked;
        const Attempt attempt = freshAttempt(a, key);
        const std::uint32_t tier = attempt.tier;
        m_metrics.allowed(key, a.t, a.cost, m_bucketsClosed, m_metrics.admittedBefore(key, a.t), m_tiers[tier].nominal);
        if (!m_endpointCounts.empty())  // the breakdown adds up to the lane's counts
            countEndpoint(attempt, true);
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
    for (const TierLimiter& tier : m_tiers)
        tier.built.limiter->prefetch(keys);
    m_metrics.prefetch(keys);
    m_liveKeys.prefetch(keys);
    if (!m_clientFlags.empty()) {
        for (std::size_t i = range.first; i < range.second; ++i)
            __builtin_prefetch(&m_clientFlags[arrivals[i].client]);
    }
}

void Lane::prefetchIndirect(std::pair<std::size_t, std::size_t> range) const
{
    const auto keys = std::span(m_batchKeys).subspan(range.first, range.second - range.first);
    for (const TierLimiter& tier : m_tiers)
        tier.built.limiter->prefetchIndirect(keys);
}

void Lane::countEndpoint(const Attempt& attempt, bool allowed)
{
    EndpointCounts& counts = m_endpointCounts[attempt.endpoint];
    ++counts.requests;
    if (allowed) {
        ++counts.allowed;
        counts.allowedCost += attempt.cost;
    } else {
        ++counts.rejected;
        counts.rejectedCost += attempt.cost;
    }
}

void Lane::reportEndpoints()
{
    for (std::size_t e = 0; e < m_endpointCounts.size(); ++e) {
        const EndpointCounts& c = m_endpointCounts[e];
        EndpointStats stats;
        stats.endpoint = endpointLabel(m_population.endpoints()[e]);
        if (!m_limitOfEndpoint.empty() && m_limitOfEndpoint[e] > 0)
            stats.limit = m_spec.endpointLimits[m_limitOfEndpoint[e] - 1].path;
        stats.requests = c.requests;
        stats.allowed = c.allowed;
        stats.rejected = c.rejected;
        stats.allowedCost = c.allowedCost;
        stats.rejectedCost = c.rejectedCost;
        report().endpoints.push_back(std::move(stats));
    }
}

void Lane::finish()
{
    runRetriesUntil(m_end, false);
    advanceBuckets(m_end);
    m_metrics.finish(m_keys);
    if (m_backend) {
        m_backend->finish();
        report().backendModel = m_backend->take();
    }
    reportEndpoints();
    report().memory.peakLiveKeys = m_liveKeys.peak();
    if (m_shardData)
        report().liveKeysProfile = m_liveKeys.profile();
    report().memory.redisBytesPerKey = redisBytesPerKeyAtMost(m_spec.algorithm, m_tiers.front().built.params);
    if (!m_variableState)
        report().memory.stateBytesPerKey = static_cast<double>(m_tiers.front().built.limiter->stateBytesPerKey());
    if (m_tiers.front().nominal.shapes) {
        DelayStats delay;
        delay.p50 = m_delays.percentile(0.50);
        delay.p99 = m_delays.percentile(0.99);
        delay.max = m_delays.max();
        delay.cumulative = m_delays.cumulative();
        report().delay = std::move(delay);
    }
    if (report().closedLoop) {
        ClosedLoopStats& loop = *report().closedLoop;
        loop.amplification =
            loop.uniqueRequests ? static_cast<double>(loop.attempts) / static_cast<double>(loop.uniqueRequests) : 1.0;
        loop.retryAfterSuccess =
            loop.retriesAtRetryAfter ? loop.retryAfterSuccess / static_cast<double>(loop.retriesAtRetryAfter) : 0.0;
    }
    if (!m_clientFlags.empty()) {
        ClientStats clients;
        for (const std::uint8_t flags : m_clientFlags) {
            if (!(flags & kSeen))
                continue;
            ++clients.clients;
            if (flags & kRejectedHere) {
                ++clients.throttled;
                if (keyGathersClients(m_keys.strategy()) && !(flags & kRejectedByOwnLimit))
                    ++clients.wronglyThrottled;
            }
        }
        report().clients = clients;
    }
}

AlgorithmReport Lane::takeReport()
{
    return std::move(report());
}

}  // namespace ratelab
