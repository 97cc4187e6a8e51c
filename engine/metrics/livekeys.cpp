#include "engine/metrics/livekeys.h"

namespace ratelab {

void LiveKeys::advance(SimTime now)
{
    m_lastTime = now;
    constexpr std::size_t kPrefetchAhead = 8;  // the due keys are random
    const auto& due = m_expiries.takeDue(now);
    for (std::size_t i = 0; i < std::min(due.size(), kPrefetchAhead); ++i)
        __builtin_prefetch(&m_expiresAt[due[i].payload]);
    for (std::size_t i = 0; i < due.size(); ++i) {
        if (i + kPrefetchAhead < due.size())
            __builtin_prefetch(&m_expiresAt[due[i + kPrefetchAhead].payload]);
        const KeyId key = due[i].payload;
        SimTime& expiresAt = m_expiresAt[key];
        if (expiresAt <= now) {
            expiresAt = kNever;
            --m_counted;
        } else {
            m_expiries.push(expiresAt, key);  // re-armed since: wait for the new time
        }
    }
}

void LiveKeys::touchIdle(KeyId key, SimTime now, Duration resetAfter)
{
    if (key >= m_expiresAt.size())
        m_expiresAt.resize(std::max<std::size_t>(key + 1, m_expiresAt.size() * 2), kNever);
    const SimTime expiresAt = now + std::max<Duration>(resetAfter, 0);
    if (expiresAt <= now)
        return;  // idle right after the decision: not live now
    // Becomes live. A key dead but still counted keeps its pending expiry, which re-arms.
    SimTime& current = m_expiresAt[key];
    if (current == kNever) {
        ++m_counted;
        m_expiries.push(expiresAt, key);
    }
    current = expiresAt;
    if (m_counted > m_intervalPeak) {  // the exact count might set a peak: bring it up to date
        advance(now);
        m_intervalPeak = std::max(m_intervalPeak, m_counted);
        m_peak = std::max(m_peak, m_counted);
    }
}

} // namespace ratelab
