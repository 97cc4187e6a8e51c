#include "engine/algorithms/limiter/timestamplog.h"

#include <algorithm>
#include <bit>
#include <cassert>

namespace ratelab {

TimestampLog& TimestampLog::operator=(const TimestampLog& other)
{
    if (this == &other)
        return *this;
    TimestampLog copy;
    if (other.m_capacity > 0)
        copy.grow(other.m_capacity);
    for (std::uint32_t i = 0; i < other.m_size; ++i)
        copy.data()[i] = other.at(i);
    copy.m_size = other.m_size;
    swap(copy);
    return *this;
}

void TimestampLog::grow(std::uint32_t needed)
{
    if (needed == 1 && m_capacity == 0) {  // the first entry goes in place
        m_capacity = 1;
        m_head = 0;
        return;
    }
    assert(needed <= std::uint32_t{1} << 31);  // the largest power of two a uint32 holds
    const std::uint32_t capacity = std::bit_ceil(std::max<std::uint32_t>(needed, 4));
    auto* buffer = new SimTime[capacity];
    for (std::uint32_t i = 0; i < m_size; ++i)
        buffer[i] = at(i);
    if (onHeap())
        delete[] m_heap;
    m_heap = buffer;
    m_capacity = capacity;
    m_head = 0;
}

}  // namespace ratelab
