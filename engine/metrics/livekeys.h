#pragma once
// Live keys as a real store would hold them: a key is live from a decision until its
// reset_after has passed with nothing else arriving (the EXPIRE a Redis-backed limiter sets).
// Like Redis, which keeps expiry times in whole milliseconds (PEXPIREAT), a key's expiry is
// rounded up to the next millisecond: it is live at t iff t < its rounded expiry.
//
// Since every expiry falls on a millisecond, counting the keys that expire in each
// millisecond is enough to know the live count exactly at any time: a key's expiry moving
// later moves one count, and time passing a millisecond retires its count. No key is
// visited again when it dies, so a key's liveness costs nothing but its own per-key slot.
// Counts within kSlots milliseconds of the present live in a ring, later ones in an ordered
// map (long windows), and move into the ring as it comes within reach. Times never go back.
// The ring spans 2^RingBits milliseconds: a lane's spans 65.5 s (LiveKeys); a cluster keeps
// one per instance as well, whose smaller ring (InstanceLiveKeys) bounds the memory of many
// instances at the price of a map lookup for expiries beyond it.

#include "engine/core/simtime.h"

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <map>
#include <span>
#include <vector>

namespace ratelab {

template <int RingBits>
class BasicLiveKeys {
public:
    // Decisions come at or after `start`. With `listKeys`, the live keys can be listed
    // (forEachLive); without, only counted.
    BasicLiveKeys(SimTime start, bool listKeys);

    // After a decision on `key` at `now`: live until now + resetAfter, rounded up to a
    // millisecond (resetAfter <= 0: idle at once).
    void touch(KeyId key, SimTime now, Duration resetAfter)
    {
        m_lastTime = now;
        const SimTime expiry = resetAfter > 0 ? roundUpToMilli(now + resetAfter) : now;
        if (key < m_expiresAt.size() && m_expiresAt[key] > now) {
            // Live already (the usual case): its expiry can only move later.
            SimTime& current = m_expiresAt[key];
            if (expiry > current) {
                moveCount(current, expiry);
                current = expiry;
            }
            return;
        }
        if (expiry > now)
            becomeLive(key, now, expiry);
    }
    // Retires the keys whose expiry is at or before `now`: afterwards live() is exact.
    void advance(SimTime now);

    // The rounded expiry `key` was last given (kNever: never touched); it is live at t iff
    // t < expiryOf(key).
    SimTime expiryOf(KeyId key) const { return key < m_expiresAt.size() ? m_expiresAt[key] : kNever; }
    // Keyless counting, for a total over several BasicLiveKeys (the places of a cluster): at
    // `now`, a key held elsewhere came to life until `expiry`, or its expiry moved from `from`
    // to `to`, both as that place's expiryOf says. Not mixed with touch() on one object.
    void countLive(SimTime now, SimTime expiry)
    {
        m_lastTime = now;
        advance(now);
        addCount(expiry, +1);
        ++m_live;
        m_intervalPeak = std::max(m_intervalPeak, m_live);
        m_peak = std::max(m_peak, m_live);
    }
    void countMove(SimTime now, SimTime from, SimTime to)
    {
        m_lastTime = now;
        moveCount(from, to);
    }

    std::int64_t live() const { return m_live; }
    std::int64_t peak() const { return m_peak; }
    // The most keys live at once since the last call (a bucket's peak), then starts anew from
    // the keys live at the last touch() or advance().
    std::int64_t takeIntervalPeak()
    {
        advance(m_lastTime);
        const std::int64_t peak = m_intervalPeak;
        m_intervalPeak = m_live;
        return peak;
    }
    // Calls f(key) for every key live as of the last advance(), in no particular order
    // (listKeys only). It costs the keys live now and those come to life since the last call,
    // whose list it prunes of the dead.
    template <class F>
    void forEachLive(F&& f)
    {
        assert(m_listKeys);
        std::size_t kept = 0;
        for (const KeyId key : m_listed) {
            if (m_expiresAt[key] > m_advancedTo) {
                f(key);
                m_listed[kept++] = key;
            } else {
                m_isListed[key] = false;
            }
        }
        m_listed.resize(kept);
    }
    // From now on, keep the count at the end of every millisecond where it changes
    // (profile()): within a millisecond the count only rises, since keys expire on its
    // boundaries, so the profiles of disjoint sets of keys add up millisecond by millisecond.
    void recordProfile() { m_recordProfile = true; }
    // (ms, live keys at its end), rising in ms, one entry per change of the count.
    const std::vector<std::pair<std::int64_t, std::int64_t>>& profile() const { return m_profile; }
    // A hint that `keys` will be touched soon.
    void prefetch(std::span<const KeyId> keys) const
    {
        for (const KeyId key : keys) {
            if (key < m_expiresAt.size())
                __builtin_prefetch(&m_expiresAt[key]);
        }
    }

private:
    static constexpr std::int64_t kSlots = std::int64_t{1} << RingBits;  // milliseconds

    static SimTime roundUpToMilli(SimTime t) { return -floorDiv(-t, kMicrosPerMilli) * kMicrosPerMilli; }

    void becomeLive(KeyId key, SimTime now, SimTime expiry);
    // An expiry at millisecond m is counted in the ring while m < m_cursor + kSlots, else in
    // m_far; advance() moves far counts into the ring as the cursor brings them within reach,
    // so where a count is kept depends only on its millisecond and the cursor.
    void addCount(SimTime expiry, std::int64_t delta)
    {
        const std::int64_t milli = expiry / kMicrosPerMilli;  // exact: expiries are whole ms
        if (milli < m_cursor + kSlots) [[likely]]
            m_ring[static_cast<std::size_t>(milli & (kSlots - 1))] += static_cast<std::uint32_t>(delta);
        else
            addFarCount(milli, delta);
    }
    void addFarCount(std::int64_t milli, std::int64_t delta);
    void moveCount(SimTime from, SimTime to)
    {
        // A cursor left behind by a quiet spell would send `to` to the far map: catch it up
        // first (from and to are both after the present, so neither is retired).
        if (to / kMicrosPerMilli >= m_cursor + kSlots)
            advance(m_lastTime);
        addCount(from, -1);
        addCount(to, +1);
    }
    void pullFarWithinReach();
    void noteProfile(std::int64_t milli)
    {
        if (!m_profile.empty() && m_profile.back().second == m_live)
            return;
        if (!m_profile.empty() && m_profile.back().first == milli)
            m_profile.back().second = m_live;
        else
            m_profile.emplace_back(milli, m_live);
    }

    std::vector<SimTime> m_expiresAt;  // per key, its rounded expiry; kNever: never seen
    bool m_listKeys;
    std::vector<KeyId> m_listed;                 // listKeys: every live key, and some dead ones
    std::vector<bool> m_isListed;                // listKeys: per key, whether it is in m_listed
    std::vector<std::uint32_t> m_ring;           // [ms mod kSlots]: live keys expiring in that ms
    std::map<std::int64_t, std::int64_t> m_far;  // ms -> live keys expiring then, for ms >= m_cursor + kSlots
    std::int64_t m_cursor;                       // the first ms not yet retired
    SimTime m_advancedTo;                        // of the last advance()
    SimTime m_lastTime;                          // of the last touch() or advance()
    std::int64_t m_live = 0;                     // keys with an expiry at or after m_cursor's ms
    std::int64_t m_peak = 0;
    std::int64_t m_intervalPeak = 0;  // never above m_peak
    bool m_recordProfile = false;
    std::vector<std::pair<std::int64_t, std::int64_t>> m_profile;
};

extern template class BasicLiveKeys<16>;
extern template class BasicLiveKeys<10>;

using LiveKeys = BasicLiveKeys<16>;          // a 65.5 s ring: 256 KiB
using InstanceLiveKeys = BasicLiveKeys<10>;  // a 1 s ring: 4 KiB

}  // namespace ratelab
