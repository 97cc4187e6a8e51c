#include "engine/metrics/livekeys.h"

#include <algorithm>

namespace ratelab {

void LiveKeys::advance(SimTime now)
{
    while (!m_expiries.empty() && m_expiries.nextTime() <= now) {
        const KeyId key = m_expiries.pop().payload;
        const SimTime expiresAt = m_expiresAt[key];
        if (expiresAt <= now)
            --m_live;
        else
            m_expiries.push(expiresAt, key);  // re-armed since: wait for the new time
    }
}

void LiveKeys::touch(KeyId key, SimTime now, Duration resetAfter)
{
    if (key >= m_expiresAt.size())
        m_expiresAt.resize(std::max<std::size_t>(key + 1, m_expiresAt.size() * 2), kNever);
    advance(now);
    const SimTime expiresAt = now + std::max<Duration>(resetAfter, 0);
    SimTime& current = m_expiresAt[key];
    const bool wasLive = current > now;
    if (expiresAt <= now) {
        // Idle right after the decision: never counted live (or expires now).
        if (wasLive)
            current = std::max(current, expiresAt);
        return;
    }
    if (!wasLive) {
        ++m_live;
        m_peak = std::max(m_peak, m_live);
        m_intervalPeak = std::max(m_intervalPeak, m_live);
        current = expiresAt;
        m_expiries.push(expiresAt, key);
    } else if (expiresAt > current) {
        current = expiresAt;  // the heap entry at the old time re-pushes itself
    }
}

} // namespace ratelab
