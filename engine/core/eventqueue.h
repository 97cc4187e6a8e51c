#pragma once
// A discrete-event queue: a min-heap ordered by (time, insertion sequence), so events at the
// same microsecond come out in the order they were scheduled and runs are reproducible bit
// for bit (as ns-3's scheduler orders by time, then uid). With many pending events the heap's
// levels miss the cache, so it is 4-ary (half as deep as a binary heap), pop() sinks the
// hole at the root to a leaf before placing the last event there (Floyd), and the earliest of
// four children is picked without branches. ratelab-bench events measures it.

#include "engine/core/simtime.h"

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <vector>

namespace ratelab {

template <class Payload>
class EventQueue {
public:
    struct Event {
        SimTime time;
        std::uint64_t sequence;
        Payload payload;
    };

    bool empty() const { return m_heap.empty(); }
    std::size_t size() const { return m_heap.size(); }
    const Event& top() const { return m_heap.front(); }
    SimTime nextTime() const { return m_heap.front().time; }

    void push(SimTime time, Payload payload)
    {
        m_heap.push_back({time, m_sequence++, std::move(payload)});
        siftUp(m_heap.size() - 1, std::move(m_heap.back()));
    }

    Event pop()
    {
        assert(!m_heap.empty());
        Event out = std::move(m_heap.front());
        Event last = std::move(m_heap.back());
        m_heap.pop_back();
        if (!m_heap.empty())
            siftUp(sinkHole(), std::move(last));
        return out;
    }

    void reserve(std::size_t n) { m_heap.reserve(n); }

private:
    static constexpr std::size_t kArity = 4;

    // (time, sequence) as one unsigned 128-bit key, compared without a branch.
    __extension__ typedef unsigned __int128 Order;
    static Order order(const Event& e)
    {
        return (Order{static_cast<std::uint64_t>(e.time) ^ (std::uint64_t{1} << 63)} << 64) | e.sequence;
    }
    static bool before(const Event& a, const Event& b) { return order(a) < order(b); }

    // Moves `moving` from the hole at i up to its place.
    void siftUp(std::size_t i, Event moving)
    {
        while (i > 0) {
            const std::size_t parent = (i - 1) / kArity;
            if (!before(moving, m_heap[parent]))
                break;
            m_heap[i] = std::move(m_heap[parent]);
            i = parent;
        }
        m_heap[i] = std::move(moving);
    }

    // Moves the hole at the root down to a leaf, each step lifting the earliest child; returns it.
    std::size_t sinkHole()
    {
        const std::size_t n = m_heap.size();
        std::size_t i = 0;
        for (;;) {
            const std::size_t first = kArity * i + 1;
            if (first >= n)
                return i;
            std::size_t best = first;
            Order bestOrder = order(m_heap[first]);
            const std::size_t end = std::min(first + kArity, n);
            for (std::size_t c = first + 1; c < end; ++c) {
                const Order o = order(m_heap[c]);
                const bool earlier = o < bestOrder;
                best = earlier ? c : best;
                bestOrder = earlier ? o : bestOrder;
            }
            m_heap[i] = std::move(m_heap[best]);
            i = best;
        }
    }

    std::vector<Event> m_heap;
    std::uint64_t m_sequence = 0;
};

}  // namespace ratelab
