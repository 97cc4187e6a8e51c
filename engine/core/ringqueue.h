#pragma once
// A FIFO queue in one growable ring buffer: push at the back, pop at the front, and read the
// i-th item from the front in O(1) (to prefetch what is about to come out). Capacity is a
// power of two that doubles when full and never shrinks.

#include <bit>
#include <cassert>
#include <cstddef>
#include <vector>

namespace ratelab {

template <class T>
class RingQueue {
public:
    bool empty() const { return m_size == 0; }
    std::size_t size() const { return m_size; }
    const T& front() const { return (*this)[0]; }
    const T& back() const { return (*this)[m_size - 1]; }
    const T& operator[](std::size_t i) const
    {
        assert(i < m_size);
        return m_items[(m_head + i) & m_mask];
    }

    void push(const T& item)
    {
        if (m_size == m_items.size())
            grow();
        m_items[(m_head + m_size++) & m_mask] = item;
    }

    void pop()
    {
        assert(m_size > 0);
        m_head = (m_head + 1) & m_mask;
        --m_size;
    }

private:
    void grow()
    {
        std::vector<T> items(std::max<std::size_t>(16, 2 * m_items.size()));
        for (std::size_t i = 0; i < m_size; ++i)
            items[i] = (*this)[i];
        m_items = std::move(items);
        m_mask = m_items.size() - 1;
        m_head = 0;
    }

    std::vector<T> m_items;  // size: the capacity, a power of two
    std::size_t m_mask = 0;  // the capacity - 1 (kept: for an item of 24 bytes, size() divides)
    std::size_t m_head = 0;
    std::size_t m_size = 0;
};

}  // namespace ratelab
