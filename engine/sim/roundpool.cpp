#include "engine/sim/roundpool.h"

#include <cassert>

namespace ratelab {

RoundPool::RoundPool(unsigned threads)
{
    for (unsigned i = 1; i < threads; ++i)
        m_helpers.emplace_back([this] { help(); });
}

RoundPool::~RoundPool()
{
    {
        std::unique_lock lock(m_mutex);
        if (m_running) {
            m_next.store(m_order.size(), std::memory_order_relaxed);  // nothing more is claimed
            m_done.wait(lock, [this] { return m_active == 0; });
        }
        m_running = false;
        m_stopping = true;
    }
    m_started.notify_all();
    for (std::thread& helper : m_helpers)
        helper.join();
}

void RoundPool::start(std::vector<std::size_t> order, std::function<void(std::size_t)> task)
{
    {
        std::lock_guard lock(m_mutex);
        assert(!m_running);
        m_failures.assign(order.size(), nullptr);
        m_order = std::move(order);
        m_task = std::move(task);
        m_next.store(0, std::memory_order_relaxed);
        m_finished = 0;
        m_running = true;
        ++m_round;
    }
    if (!m_helpers.empty())
        m_started.notify_all();
}

void RoundPool::finish()
{
    work();
    std::unique_lock lock(m_mutex);
    m_done.wait(lock, [this] { return m_finished == m_order.size() && m_active == 0; });
    m_running = false;
    for (const std::exception_ptr& failure : m_failures) {
        if (failure)
            std::rethrow_exception(failure);
    }
}

void RoundPool::help()
{
    std::uint64_t seen = 0;
    for (;;) {
        {
            std::unique_lock lock(m_mutex);
            m_started.wait(lock, [&] { return m_stopping || (m_running && m_round != seen); });
            if (m_stopping)
                return;
            seen = m_round;
            ++m_active;  // in this round until it says otherwise: finish() waits for it
        }
        work();
        {
            std::lock_guard lock(m_mutex);
            --m_active;
        }
        m_done.notify_all();
    }
}

void RoundPool::work()
{
    // The round's order and task stay as they are while anyone works on it (see finish()).
    const std::size_t count = m_order.size();
    std::size_t ran = 0;
    for (std::size_t position; (position = m_next.fetch_add(1, std::memory_order_relaxed)) < count; ++ran) {
        try {
            m_task(m_order[position]);
        } catch (...) {
            m_failures[position] = std::current_exception();
        }
    }
    if (ran == 0)
        return;
    {
        std::lock_guard lock(m_mutex);
        m_finished += ran;
    }
    m_done.notify_all();
}

}  // namespace ratelab
