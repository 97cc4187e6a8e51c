#pragma once
// Live keys as a real store would hold them: a key is live from a decision until its
// reset_after has passed with nothing else arriving (the EXPIRE a Redis-backed limiter sets).
// Expiries sit in a min-heap with lazy deletion: a key re-armed later is re-pushed when its
// stale entry surfaces.

#include "engine/core/eventqueue.h"

#include <vector>

namespace ratelab {

class LiveKeys {
public:
    // After a decision on `key` at `now`: live until now + resetAfter (0: idle at once).
    void touch(KeyId key, SimTime now, Duration resetAfter);
    // Expire everything due at or before `now`.
    void advance(SimTime now);

    std::int64_t live() const { return m_live; }
    std::int64_t peak() const { return m_peak; }
    // The most keys live at once since the last call (a bucket's peak), then starts anew.
    std::int64_t takeIntervalPeak()
    {
        const std::int64_t peak = m_intervalPeak;
        m_intervalPeak = m_live;
        return peak;
    }
    bool isLive(KeyId key, SimTime now) const { return key < m_expiresAt.size() && m_expiresAt[key] > now; }

private:
    std::vector<SimTime> m_expiresAt;
    EventQueue<KeyId> m_expiries;
    std::int64_t m_live = 0;
    std::int64_t m_peak = 0;
    std::int64_t m_intervalPeak = 0;
};

} // namespace ratelab
