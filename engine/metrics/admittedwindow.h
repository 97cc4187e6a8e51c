#pragma once
// Per key, the cost a limiter admitted in the trailing window (t - W, t]: the exact sliding
// log of what it let through. It measures the peak burst (the most admitted in any window)
// and the disagreement of approximate algorithms with the exact log of the same limit.
//
// One log for all keys, in admission order, and a running sum per key: an entry leaves the
// log, and its key's sum, once it is W old. Since a lane's time never goes back (fresh
// requests come in time order, retries are due no earlier than their rejection), this equals
// one log per key trimmed at each of its requests, without a heap block per key.

#include "engine/core/growtohold.h"
#include "engine/core/ringqueue.h"
#include "engine/core/simtime.h"

#include <cassert>
#include <span>
#include <vector>

namespace ratelab {

class AdmittedWindow {
public:
    explicit AdmittedWindow(Duration window) : m_window(window) {}

    // Admitted cost of `key` in (now - W, now], before any request at `now` is added.
    std::int64_t admitted(KeyId key, SimTime now)
    {
        expireUntil(now);
        return key < m_costOf.size() ? m_costOf[key] : 0;
    }

    void add(KeyId key, SimTime now, std::uint32_t cost)
    {
        assert(m_log.empty() || now >= m_log.back().t);
        growToHold(m_costOf, key, 0);
        m_costOf[key] += cost;
        m_log.push({now, key, cost});
    }

    // A hint that `keys` will be asked about soon.
    void prefetch(std::span<const KeyId> keys) const
    {
        for (const KeyId key : keys) {
            if (key < m_costOf.size())
                __builtin_prefetch(&m_costOf[key]);
        }
    }

    Duration window() const { return m_window; }

private:
    struct Entry {
        SimTime t;
        KeyId key;
        std::uint32_t cost;
    };

    void expireUntil(SimTime now)
    {
        while (!m_log.empty() && now - m_log.front().t >= m_window) {
            // The entries to leave next were written a window ago, and their keys are random:
            // fetch the entries some way ahead, and their keys' sums half as far.
            if (m_log.size() > 2 * kPrefetchAhead)
                __builtin_prefetch(&m_log[2 * kPrefetchAhead]);
            if (m_log.size() > kPrefetchAhead)
                __builtin_prefetch(&m_costOf[m_log[kPrefetchAhead].key]);
            m_costOf[m_log.front().key] -= m_log.front().cost;
            m_log.pop();
        }
    }

    static constexpr std::size_t kPrefetchAhead = 8;

    Duration m_window;
    RingQueue<Entry> m_log;               // admissions still in the window, oldest first
    std::vector<std::uint32_t> m_costOf;  // per key: the cost of its entries in m_log
};

}  // namespace ratelab
