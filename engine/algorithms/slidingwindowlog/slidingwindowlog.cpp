#include "engine/algorithms/slidingwindowlog/slidingwindowlog.h"
#include "engine/core/growtohold.h"

#include <algorithm>

namespace ratelab {

Decision SlidingWindowLog::decideOne(TimestampLog& log, SimTime now, Cost cost)
{
    while (!log.empty() && leavesAt(log.oldest()) <= now)
        log.popOldest();
    const std::int64_t counted = log.size();
    Decision d;
    if (cost > m_params.limit) {
        d.retryAfterUs = kNeverPasses;
    } else if (counted + cost <= m_params.limit) {
        log.push(log.empty() ? now : std::max(now, log.newest()), static_cast<std::uint32_t>(cost));
        d.allowed = true;
    } else {
        // The entry that must leave so that cost fits: index counted + cost - limit - 1.
        d.retryAfterUs = leavesAt(log.at(static_cast<std::uint32_t>(counted + cost - m_params.limit - 1))) - now;
    }
    d.remaining = std::max<std::int64_t>(0, m_params.limit - log.size());
    d.resetAfterUs = log.empty() ? 0 : std::max<Duration>(0, leavesAt(log.newest()) - now);
    return d;
}

Decision SlidingWindowLog::decide(KeyId key, SimTime now, Cost cost)
{
    growToHold(m_logs, key);
    return decideOne(m_logs[key], now, cost);
}

// A key's log slot is fetched kSlotAhead requests before its decision, and the entries the
// slot points to (its oldest and newest) kEntriesAhead requests before, once the slot is in.
void SlidingWindowLog::decideBatch(const Request* requests, std::size_t count, Decision* out)
{
    constexpr std::size_t kSlotAhead = 16;
    constexpr std::size_t kEntriesAhead = 8;
    for (std::size_t i = 0; i < count; ++i) {
        if (i + kSlotAhead < count && requests[i + kSlotAhead].key < m_logs.size())
            __builtin_prefetch(&m_logs[requests[i + kSlotAhead].key]);
        if (i + kEntriesAhead < count && requests[i + kEntriesAhead].key < m_logs.size())
            m_logs[requests[i + kEntriesAhead].key].prefetch();
        prefetchRequestsAhead(requests, i);
        storeDecision(out[i], decide(requests[i].key, requests[i].t, requests[i].cost));
    }
}

void SlidingWindowLog::copyKeyState(const RateLimiter& source, KeyId sourceKey, KeyId targetKey)
{
    const auto& from = static_cast<const SlidingWindowLog&>(source).m_logs;
    growToHold(m_logs, targetKey);
    m_logs[targetKey] = sourceKey < from.size() ? from[sourceKey] : TimestampLog{};
}

void SlidingWindowLog::prefetch(std::span<const KeyId> keys) const
{
    for (const KeyId key : keys) {
        if (key < m_logs.size())
            __builtin_prefetch(&m_logs[key]);
    }
}

void SlidingWindowLog::prefetchIndirect(std::span<const KeyId> keys) const
{
    for (const KeyId key : keys) {
        if (key < m_logs.size())
            m_logs[key].prefetch();
    }
}

std::size_t SlidingWindowLog::stateBytesOf(KeyId key) const
{
    if (key >= m_logs.size())
        return 0;
    return sizeof(TimestampLog) + m_logs[key].capacityBytes();
}

}  // namespace ratelab
