#include "engine/sim/lane.h"

#include "engine/algorithms/statetransfer.h"

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

// Whether the algorithm's state per key varies (the sliding log's and its presets'). An unknown
// name is false here; makeLimiter rejects it in the constructor's body.
bool hasVariableState(const std::string& algorithm)
{
    const AlgorithmInfo* info = findAlgorithm(algorithm);
    return info && info->family == "sliding_window_log";
}

} // namespace

Lane::Lane(const AlgorithmSpec& spec, const Scenario& scenario, const Population& population,
           const KeyInterner& recordedKeys, std::size_t index)
    : m_spec(spec)
    , m_scenario(scenario)
    , m_population(population)
    , m_recordedKeys(recordedKeys)
    , m_keys(spec.keys.value_or(scenario.keys))
    , m_clients(spec.clients.value_or(scenario.clients))
    , m_end(scenario.start + scenario.duration)
    , m_rng(scenario.seed, 2000 + index)
    , m_window(1)
    , m_variableState(hasVariableState(spec.algorithm))
    , m_liveKeys(scenario.start, m_variableState)  // its live logs are listed at each bucket's end
{
    const Duration burstWindow = scenario.metrics.burstWindow.value_or(kMicrosPerSecond);
    const std::size_t tiers = m_keys == KeyStrategy::Tiered ? population.tierCount() : 1;
    for (std::size_t t = 0; t < tiers; ++t) {
        TierLimiter tier;
        tier.built = makeLimiter(spec.algorithm, m_keys == KeyStrategy::Tiered
                                                     ? paramsForTier(spec, population.tierName(t))
                                                     : spec.params);
        tier.nominal = nominalLimit(*tier.built.info, tier.built.params, burstWindow);
        if (keyGathersClients(m_keys))
            tier.own = tier.built.limiter->clone();
        m_tiers.push_back(std::move(tier));
    }
    m_window = AdmittedWindow(m_tiers.front().nominal.windowUs);

    const TierLimiter& first = m_tiers.front();
    m_report.id = spec.id;
    m_report.algorithm = spec.algorithm;
    m_report.family = first.built.info->family;
    if (first.built.info->preset)
        m_report.preset = spec.algorithm;
    m_report.params = first.built.params;
    m_report.keys = keyStrategyName(m_keys);
    const auto buckets = static_cast<std::size_t>(ceilDivPositive(scenario.duration, scenario.metrics.bucket));
    m_report.allowedSeries.assign(buckets, 0);
    m_report.rejectedSeries.assign(buckets, 0);
    m_report.liveKeysSeries.assign(buckets, 0);
    m_report.stateBytesSeries.assign(buckets, 0);
    m_report.peakBurst.windowUs = first.nominal.windowUs;
    m_report.peakBurst.limit = std::llround(first.nominal.limitCost);
    if (first.nominal.approximatesLog)
        m_report.disagreement = Disagreement{};
    if (m_clients.retry != RetryPolicy::None)
        m_report.closedLoop = ClosedLoopStats{};
    if (m_keys != KeyStrategy::Recorded)
        m_clientFlags.assign(population.clients(), 0);
    m_bucketEnd = bucketEnd(0);
}

KeyId Lane::keyOf(const Arrival& a) const
{
    if (m_keys == KeyStrategy::Recorded)
        return a.recordedKey;
    return m_population.keyOf(m_keys, a.client, a.endpoint);
}

std::string Lane::keyName(KeyId key) const
{
    if (m_keys == KeyStrategy::Recorded)
        return m_recordedKeys.name(key);
    return m_population.keyName(m_keys, key);
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

void Lane::advanceBuckets(SimTime t)
{
    const std::size_t buckets = m_report.liveKeysSeries.size();
    while (m_bucketsClosed < buckets && m_bucketEnd <= t) {
        // The bucket's peak of live keys; a fixed window's keys all expire at its boundary, so
        // a sample at the bucket's end would miss them. Advanced to the end first, so that the
        // next bucket's peak starts from the keys live at its start.
        m_liveKeys.advance(m_bucketEnd);
        const std::int64_t live = m_liveKeys.takeIntervalPeak();
        m_report.liveKeysSeries[m_bucketsClosed] = live;
        const std::int64_t bytes = m_variableState ? stateBytesNow() : live * static_cast<std::int64_t>(m_tiers.front().built.limiter->stateBytesPerKey());
        m_report.stateBytesSeries[m_bucketsClosed] = bytes;
        if (bytes > m_report.memory.peakStateBytes) {
            m_report.memory.peakStateBytes = bytes;
            if (m_variableState && m_liveKeys.live() > 0)
                m_report.memory.stateBytesPerKey = static_cast<double>(bytes) / static_cast<double>(m_liveKeys.live());
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
            tier.nominal = nominalLimit(*next.info, next.params,
                                        m_scenario.metrics.burstWindow.value_or(kMicrosPerSecond));
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

Duration Lane::retryDelay(const Attempt& attempt, const Decision& d)
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
                                                static_cast<double>(m_clients.backoffBase)
                                                    * std::ldexp(1.0, attempt.number));
        return static_cast<Duration>(m_rng.uniform() * ceiling) + 1;
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
    assert(t < m_end && m_bucketsClosed < m_report.allowedSeries.size());
    const std::size_t bucket = m_bucketsClosed;  // every decision comes before the end
    const std::int64_t before = m_window.admitted(attempt.key, t);

    ++m_report.requests;
    if (d.allowed) {
        ++m_report.allowed;
        m_report.allowedCost += attempt.cost;
        m_report.allowedSeries[bucket] += attempt.cost;
        m_window.add(attempt.key, t, attempt.cost);
        const std::int64_t inWindow = before + attempt.cost;
        const double ratio = static_cast<double>(inWindow) / tier.nominal.limitCost;
        if (ratio > m_peakRatio) {
            m_peakRatio = ratio;
            m_report.peakBurst.allowedCost = inWindow;
            m_report.peakBurst.limit = std::llround(tier.nominal.limitCost);
            m_report.peakBurst.windowUs = tier.nominal.windowUs;
            m_report.peakBurst.ratio = ratio;
            m_report.peakBurst.atUs = t - m_scenario.start;
            m_report.peakBurst.key = keyName(attempt.key);
        }
        if (tier.nominal.shapes)
            m_delays.add(d.delayUs);
    } else {
        ++m_report.rejected;
        m_report.rejectedCost += attempt.cost;
        m_report.rejectedSeries[bucket] += attempt.cost;
        m_report.neverAdmissible += d.retryAfterUs == kNeverPasses ? 1 : 0;
    }
    if (tier.nominal.approximatesLog) {
        const bool logWouldAllow = static_cast<double>(before + attempt.cost) <= tier.nominal.limitCost;
        if (d.allowed && !logWouldAllow)
            ++m_report.disagreement->falseAllow;
        else if (!d.allowed && logWouldAllow)
            ++m_report.disagreement->falseReject;
    }
    m_liveKeys.touch(attempt.key, t, d.resetAfterUs);

    if (!m_clientFlags.empty()) {
        std::uint8_t& flags = m_clientFlags[attempt.client];
        flags |= kSeen;
        if (!d.allowed)
            flags |= kRejectedHere;
        if (tier.own && !tier.own->decide(attempt.client, t, attempt.cost).allowed)
            flags |= kRejectedByOwnLimit;
    }

    if (m_report.closedLoop) {
        ClosedLoopStats& loop = *m_report.closedLoop;
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
            const Duration delay = attempt.number < m_clients.maxRetries ? retryDelay(attempt, d) : -1;
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
        m_observer(Step{d, attempt.key, attempt.tier, attempt.number > 0, t, attempt.client, attempt.cost},
                   *tier.built.limiter);
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
    return {a.client, a.cost, key, m_keys == KeyStrategy::Tiered ? m_population.tierOf(a.client) : 0u, 0, false};
}

bool Lane::offer(const Arrival& a)
{
    runRetriesUntil(a.t, true);  // retries scheduled for this instant were due first
    return decide(freshAttempt(a, keyOf(a)), a.t);
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
            allowed[i] = decide(freshAttempt(arrivals[i], m_batchKeys[i]), arrivals[i].t);
        }
    }
}

void Lane::prefetch(std::span<const Arrival> arrivals, std::pair<std::size_t, std::size_t> range) const
{
    const auto keys = std::span(m_batchKeys).subspan(range.first, range.second - range.first);
    // One limiter serves all the keys unless tiers split them; then the tiers share the hint.
    for (const TierLimiter& tier : m_tiers)
        tier.built.limiter->prefetch(keys);
    m_window.prefetch(keys);
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

void Lane::finish()
{
    runRetriesUntil(m_end, false);
    advanceBuckets(m_end);
    m_report.acceptance = m_report.requests ? static_cast<double>(m_report.allowed) / static_cast<double>(m_report.requests) : 0;
    m_report.memory.peakLiveKeys = m_liveKeys.peak();
    if (!m_variableState)
        m_report.memory.stateBytesPerKey = static_cast<double>(m_tiers.front().built.limiter->stateBytesPerKey());
    if (m_peakRatio < 0)
        m_report.peakBurst.ratio = 0;
    if (m_tiers.front().nominal.shapes) {
        DelayStats delay;
        delay.p50 = m_delays.percentile(0.50);
        delay.p99 = m_delays.percentile(0.99);
        delay.max = m_delays.max();
        delay.cumulative = m_delays.cumulative();
        m_report.delay = std::move(delay);
    }
    if (m_report.closedLoop) {
        ClosedLoopStats& loop = *m_report.closedLoop;
        loop.amplification = loop.uniqueRequests ? static_cast<double>(loop.attempts) / static_cast<double>(loop.uniqueRequests) : 1.0;
        loop.retryAfterSuccess = loop.retriesAtRetryAfter ? loop.retryAfterSuccess / static_cast<double>(loop.retriesAtRetryAfter) : 0.0;
    }
    if (!m_clientFlags.empty()) {
        ClientStats clients;
        for (const std::uint8_t flags : m_clientFlags) {
            if (!(flags & kSeen))
                continue;
            ++clients.clients;
            if (flags & kRejectedHere) {
                ++clients.throttled;
                if (keyGathersClients(m_keys) && !(flags & kRejectedByOwnLimit))
                    ++clients.wronglyThrottled;
            }
        }
        m_report.clients = clients;
    }
    m_report.backend.limiterBefore = m_report.allowedCost;
    m_report.backend.limiterAfter = m_report.allowedCost + m_report.rejectedCost;
}

AlgorithmReport Lane::takeReport()
{
    return std::move(m_report);
}

} // namespace ratelab
