#pragma once
// A discrete-event queue: a binary min-heap ordered by (time, insertion sequence), so events
// at the same microsecond come out in the order they were scheduled and runs are
// reproducible bit for bit (as ns-3's scheduler orders by time, then uid).

#include "engine/core/simtime.h"

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
        siftUp(m_heap.size() - 1);
    }

    Event pop()
    {
        assert(!m_heap.empty());
        Event out = std::move(m_heap.front());
        m_heap.front() = std::move(m_heap.back());
        m_heap.pop_back();
        if (!m_heap.empty())
            siftDown(0);
        return out;
    }

    void reserve(std::size_t n) { m_heap.reserve(n); }

private:
    static bool before(const Event& a, const Event& b)
    {
        return a.time != b.time ? a.time < b.time : a.sequence < b.sequence;
    }

    void siftUp(std::size_t i)
    {
        Event moving = std::move(m_heap[i]);
        while (i > 0) {
            const std::size_t parent = (i - 1) / 2;
            if (!before(moving, m_heap[parent]))
                break;
            m_heap[i] = std::move(m_heap[parent]);
            i = parent;
        }
        m_heap[i] = std::move(moving);
    }

    void siftDown(std::size_t i)
    {
        const std::size_t n = m_heap.size();
        Event moving = std::move(m_heap[i]);
        for (;;) {
            std::size_t child = 2 * i + 1;
            if (child >= n)
                break;
            if (child + 1 < n && before(m_heap[child + 1], m_heap[child]))
                ++child;
            if (!before(m_heap[child], moving))
                break;
            m_heap[i] = std::move(m_heap[child]);
            i = child;
        }
        m_heap[i] = std::move(moving);
    }

    std::vector<Event> m_heap;
    std::uint64_t m_sequence = 0;
};

} // namespace ratelab
