#include "engine/algorithms/presets/limitsmovingwindow/limitsmovingwindow.h"

#include "engine/algorithms/limiter/retrysearch.h"
#include "engine/core/growtohold.h"

#include <algorithm>

namespace ratelab {

bool LimitsMovingWindow::counts(SimTime entry, SimTime now) const
{
    return static_cast<double>(entry) / 1e6
        >= static_cast<double>(now) / 1e6 - static_cast<double>(m_params.windowUs / kMicrosPerSecond);
}

bool LimitsMovingWindow::refused(const KeyLog& log, SimTime now, Cost cost) const
{
    const std::int64_t total = static_cast<std::int64_t>(log.dropped) + log.live.size();
    std::int64_t index = m_params.limit - cost;  // from the newest end, as Python indexes
    if (index < 0)
        index += total;  // Python's negative index counts from the oldest end
    if (index < 0 || index >= total)
        return false;  // IndexError: no entry, the hit passes
    const std::int64_t fromOldest = total - 1 - index;
    if (fromOldest < static_cast<std::int64_t>(log.dropped))
        return false;  // a dropped entry no longer counts
    return counts(log.live.at(static_cast<std::uint32_t>(fromOldest - static_cast<std::int64_t>(log.dropped))), now);
}

Decision LimitsMovingWindow::decide(KeyId key, SimTime now, Cost cost)
{
    growToHold(m_logs, key);
    KeyLog& log = m_logs[key];
    while (!log.live.empty() && !counts(log.live.oldest(), now)) {
        log.live.popOldest();
        ++log.dropped;
    }
    Decision d;
    if (!refused(log, now, cost)) {
        log.live.push(now, static_cast<std::uint32_t>(cost));
        log.latest = std::max(log.latest, now);
        d.allowed = true;
    } else if (cost > m_params.limit) {
        d.retryAfterUs =
            firstPassingDelay(now, m_params.windowUs, [&](Duration wait) { return !refused(log, now + wait, cost); });
    } else {
        const SimTime blocker = log.live.at(static_cast<std::uint32_t>(log.live.size() - (m_params.limit - cost) - 1));
        d.retryAfterUs = firstPassingDelay(now, blocker + m_params.windowUs - now,
                                           [&](Duration wait) { return !counts(blocker, now + wait); });
    }
    d.remaining = std::max<std::int64_t>(0, m_params.limit - log.live.size());
    d.resetAfterUs = log.live.empty()
        ? 0
        : resetOrHorizon(now, firstPassingDelay(now, log.latest + m_params.windowUs - now, [&](Duration wait) {
                             return !counts(log.latest, now + wait);
                         }));
    return d;
}

void LimitsMovingWindow::decideBatch(const Request* requests, std::size_t count, Decision* out)
{
    for (std::size_t i = 0; i < count; ++i)
        storeDecision(out[i], decide(requests[i].key, requests[i].t, requests[i].cost));
}

void LimitsMovingWindow::copyKeyState(const RateLimiter& source, KeyId sourceKey, KeyId targetKey)
{
    const auto& from = static_cast<const LimitsMovingWindow&>(source).m_logs;
    growToHold(m_logs, targetKey);
    m_logs[targetKey] = sourceKey < from.size() ? from[sourceKey] : KeyLog{};
}

std::size_t LimitsMovingWindow::stateBytesOf(KeyId key) const
{
    return key < m_logs.size() ? sizeof(KeyLog) + m_logs[key].live.capacityBytes() : 0;
}

}  // namespace ratelab
