#pragma once
// A per-key FIFO of admitted timestamps, one entry per unit of cost, oldest first: the state
// of a sliding window log. A growable ring buffer; it grows by doubling (amortised, never per
// request) and never holds more than the limit's worth of live entries.

#include "engine/core/simtime.h"

#include <memory>

namespace ratelab {

class TimestampLog {
public:
    TimestampLog() = default;
    TimestampLog(const TimestampLog& other) { *this = other; }
    TimestampLog& operator=(const TimestampLog& other);
    TimestampLog(TimestampLog&&) noexcept = default;
    TimestampLog& operator=(TimestampLog&&) noexcept = default;

    std::uint32_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    SimTime at(std::uint32_t i) const { return m_buffer[(m_head + i) & (m_capacity - 1)]; }  // 0 = oldest
    SimTime oldest() const { return at(0); }
    SimTime newest() const { return at(m_size - 1); }
    std::size_t capacityBytes() const { return std::size_t{m_capacity} * sizeof(SimTime); }
    // Starts loading the two ends a decision reads: the oldest entry and the newest.
    void prefetch() const
    {
        if (m_size > 0) {
            __builtin_prefetch(&m_buffer[m_head]);
            __builtin_prefetch(&m_buffer[(m_head + m_size - 1) & (m_capacity - 1)]);
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
        for (std::uint32_t i = 0; i < copies; ++i)
            m_buffer[(m_head + m_size++) & (m_capacity - 1)] = t;
    }

private:
    void grow(std::uint32_t needed);

    std::unique_ptr<SimTime[]> m_buffer;
    std::uint32_t m_capacity = 0;  // a power of two
    std::uint32_t m_head = 0;
    std::uint32_t m_size = 0;
};

} // namespace ratelab
