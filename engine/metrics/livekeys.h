#pragma once
// Live keys as a real store would hold them: a key is live from a decision until its
// reset_after has passed with nothing else arriving (the EXPIRE a Redis-backed limiter sets).
// Each counted key has one pending expiry in a timing wheel; a key re-armed since is pushed
// again at its new time when the old one comes due. Times never go back.
//
// Expiries are processed lazily, in batches: between advance() calls the count may still
// include keys that have died, so it is an upper bound of the live keys. A key that becomes
// live compares it with the peaks and only when it exceeds one brings the count up to date,
// so the peaks are exact while most expiries are handled many at a time, their random
// per-key reads prefetched ahead.

#include "engine/core/expirywheel.h"

#include <algorithm>
#include <span>
#include <vector>

namespace ratelab {

class LiveKeys {
public:
    // Decisions come at or after `start`.
    explicit LiveKeys(SimTime start) : m_expiries(start), m_lastTime(start) {}

    // After a decision on `key` at `now`: live until now + resetAfter (0: idle at once).
    void touch(KeyId key, SimTime now, Duration resetAfter)
    {
        m_lastTime = now;
        if (key < m_expiresAt.size() && m_expiresAt[key] > now) {
            // Live already (the usual case): extend it; its pending expiry re-arms itself.
            m_expiresAt[key] = std::max(m_expiresAt[key], now + std::max<Duration>(resetAfter, 0));
            return;
        }
        touchIdle(key, now, resetAfter);
    }
    // Expire everything due at or before `now`: afterwards live() is exact.
    void advance(SimTime now);

    std::int64_t live() const { return m_counted; }
    std::int64_t peak() const { return m_peak; }
    // The most keys live at once since the last call (a bucket's peak), then starts anew from
    // the keys live at the last touch() or advance().
    std::int64_t takeIntervalPeak()
    {
        advance(m_lastTime);
        const std::int64_t peak = m_intervalPeak;
        m_intervalPeak = m_counted;
        return peak;
    }
    // Calls f(key) for every key live as of the last advance(), in no particular order.
    template <class F>
    void forEachLive(F&& f) const
    {
        m_expiries.forEach([&](const auto& expiry) { f(expiry.payload); });
    }
    // A hint that `keys` will be touched soon.
    void prefetch(std::span<const KeyId> keys) const
    {
        for (const KeyId key : keys) {
            if (key < m_expiresAt.size())
                __builtin_prefetch(&m_expiresAt[key]);
        }
    }

private:
    void touchIdle(KeyId key, SimTime now, Duration resetAfter);

    std::vector<SimTime> m_expiresAt;  // kNever: not counted (never seen, or its death processed)
    ExpiryWheel<KeyId> m_expiries;     // one per counted key
    SimTime m_lastTime;                // of the last touch() or advance()
    std::int64_t m_counted = 0;        // keys with a pending expiry
    std::int64_t m_peak = 0;
    std::int64_t m_intervalPeak = 0;   // never above m_peak
};

} // namespace ratelab
