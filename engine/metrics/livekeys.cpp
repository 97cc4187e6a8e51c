#include "engine/metrics/livekeys.h"
#include "engine/core/growtohold.h"

namespace ratelab {

template <int RingBits>
BasicLiveKeys<RingBits>::BasicLiveKeys(SimTime start, bool listKeys)
    : m_listKeys(listKeys), m_ring(kSlots, 0), m_cursor(floorDiv(start, kMicrosPerMilli)), m_advancedTo(start), m_lastTime(start)
{}

template <int RingBits>
void BasicLiveKeys<RingBits>::addFarCount(std::int64_t milli, std::int64_t delta)
{
    const auto it = m_far.try_emplace(milli, 0).first;
    if ((it->second += delta) == 0)
        m_far.erase(it);
}

template <int RingBits>
void BasicLiveKeys<RingBits>::advance(SimTime now)
{
    m_lastTime = now;
    m_advancedTo = std::max(m_advancedTo, now);
    // Keys expiring at or before `now` are dead: their ms are those <= floor(now / 1 ms).
    const std::int64_t last = floorDiv(now, kMicrosPerMilli);
    while (m_cursor <= last) {
        if (m_live == 0) {  // every count is 0: nothing to retire
            m_cursor = last + 1;
            return;
        }
        if (last - m_cursor >= kSlots && !m_recordProfile) {
            // Every ms in the ring is due: retire them all, and go on from the first far one.
            for (std::uint32_t& count : m_ring) {
                m_live -= count;
                count = 0;
            }
            m_cursor = m_far.empty() ? last + 1 : std::min(last + 1, m_far.begin()->first);
        } else {
            std::uint32_t& count = m_ring[static_cast<std::size_t>(m_cursor & (kSlots - 1))];
            m_live -= count;
            if (m_recordProfile && count != 0)
                noteProfile(m_cursor);
            count = 0;
            ++m_cursor;
        }
        pullFarWithinReach();
    }
}

template <int RingBits>
void BasicLiveKeys<RingBits>::pullFarWithinReach()
{
    while (!m_far.empty() && m_far.begin()->first < m_cursor + kSlots) {
        const auto first = m_far.begin();
        m_ring[static_cast<std::size_t>(first->first & (kSlots - 1))] += static_cast<std::uint32_t>(first->second);
        m_far.erase(first);
    }
}

template <int RingBits>
void BasicLiveKeys<RingBits>::becomeLive(KeyId key, SimTime now, SimTime expiry)
{
    growToHold(m_expiresAt, key, kNever);
    if (m_listKeys) {
        if (key >= m_isListed.size())
            m_isListed.resize(m_expiresAt.size(), false);
        if (!m_isListed[key]) {
            m_isListed[key] = true;
            m_listed.push_back(key);
        }
    }
    // A dead key's old expiry is at or before `now`: its count is retired by advance(now).
    advance(now);
    m_expiresAt[key] = expiry;
    addCount(expiry, +1);
    ++m_live;
    m_intervalPeak = std::max(m_intervalPeak, m_live);
    m_peak = std::max(m_peak, m_live);
    if (m_recordProfile)
        noteProfile(floorDiv(now, kMicrosPerMilli));
}

template class BasicLiveKeys<16>;
template class BasicLiveKeys<10>;

}  // namespace ratelab
