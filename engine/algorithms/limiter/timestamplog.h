#pragma once
// A per-key FIFO of admitted timestamps, one entry per unit of cost, oldest first: the state
// of a sliding window log. A growable ring buffer; it grows by doubling (amortised, never per
// request) and never holds more than the limit's worth of live entries. A single entry is
// held in place of the buffer's address: most keys of a large population have one request
// in their window at a time, and then cost no allocation (8 bytes instead of a 32-byte ring).

#include "engine/core/simtime.h"

#include <utility>

namespace ratelab {

class TimestampLog {
public:
    TimestampLog() = default;
    TimestampLog(const TimestampLog& other) { *this = other; }
    TimestampLog& operator=(const TimestampLog& other);
    TimestampLog(TimestampLog&& other) noexcept { swap(other); }
    TimestampLog& operator=(TimestampLog&& other) noexcept
    {
        TimestampLog(std::move(other)).swap(*this);
        return *this;
    }
    ~TimestampLog()
    {
        if (onHeap())
            delete[] m_heap;
    }

    std::uint32_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    SimTime at(std::uint32_t i) const { return data()[(m_head + i) & (m_capacity - 1)]; }  // 0 = oldest
    SimTime oldest() const { return at(0); }
    SimTime newest() const { return at(m_size - 1); }
    std::size_t capacityBytes() const { return std::size_t{m_capacity} * sizeof(SimTime); }

    // Starts loading the two ends a decision reads: the oldest entry and the newest.
    void prefetch() const
    {
        if (onHeap() && m_size > 0) {
            __builtin_prefetch(&m_heap[m_head]);
            __builtin_prefetch(&m_heap[(m_head + m_size - 1) & (m_capacity - 1)]);
        }
    }

    void popOldest()
    {
        m_head = (m_head + 1) & (m_capacity - 1);
        --m_size;
    }

    void push(SimTime t, std::uint32_t copies)
    {
        if (m_size + copies > m_capacity)
            grow(m_size + copies);
        SimTime* entries = data();
        for (std::uint32_t i = 0; i < copies; ++i)
            entries[(m_head + m_size++) & (m_capacity - 1)] = t;
    }

private:
    bool onHeap() const { return m_capacity > 1; }
    SimTime* data() { return onHeap() ? m_heap : &m_one; }
    const SimTime* data() const { return onHeap() ? m_heap : &m_one; }
    void grow(std::uint32_t needed);
    void swap(TimestampLog& other) noexcept
    {
        std::swap(m_heap, other.m_heap);  // the whole union: the address, or the entry
        std::swap(m_capacity, other.m_capacity);
        std::swap(m_head, other.m_head);
        std::swap(m_size, other.m_size);
    }

    union {
        SimTime* m_heap = nullptr;  // capacity > 1
        SimTime m_one;              // capacity 1
    };
    std::uint32_t m_capacity = 0;  // 0, 1 (the entry in place), or a power of two >= 4 (on the heap)
    std::uint32_t m_head = 0;
    std::uint32_t m_size = 0;
};

}  // namespace ratelab
