#include "engine/algorithms/timestamplog.h"

#include <bit>

namespace ratelab {

TimestampLog& TimestampLog::operator=(const TimestampLog& other)
{
    if (this == &other)
        return *this;
    m_capacity = other.m_capacity;
    m_head = 0;
    m_size = other.m_size;
    m_buffer = m_capacity ? std::make_unique<SimTime[]>(m_capacity) : nullptr;
    for (std::uint32_t i = 0; i < m_size; ++i)
        m_buffer[i] = other.at(i);
    return *this;
}

void TimestampLog::grow(std::uint32_t needed)
{
    const std::uint32_t capacity = std::bit_ceil(std::max<std::uint32_t>(needed, 4));
    auto buffer = std::make_unique<SimTime[]>(capacity);
    for (std::uint32_t i = 0; i < m_size; ++i)
        buffer[i] = at(i);
    m_buffer = std::move(buffer);
    m_capacity = capacity;
    m_head = 0;
}

} // namespace ratelab
