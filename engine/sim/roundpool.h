#pragma once
// Rounds of independent tasks on a fixed set of threads, the caller's among them: the runner
// gives each round one task per lane over the same chunk of traffic. start() hands a round to
// the helper threads, which claim its tasks one at a time as they become free, and returns at
// once, so the caller can do other work (read the next chunk); finish() has the caller claim
// what is left and waits for the rest. Tasks are claimed in the order given to start(); what
// a task computes must not depend on which thread runs it. Synchronisation is per round: a
// mutex to start and to end it, one atomic increment per claimed task.

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace ratelab {

class RoundPool {
public:
    // `threads` counts the caller: threads - 1 helpers (none for 0 or 1).
    explicit RoundPool(unsigned threads);
    // Waits for a round still running (its tasks may use what the caller is about to free),
    // then stops the helpers.
    ~RoundPool();
    RoundPool(const RoundPool&) = delete;
    RoundPool& operator=(const RoundPool&) = delete;

    // Starts a round: task(order[0]), task(order[1]), ... , each on whichever thread claims it.
    // The previous round must be finished.
    void start(std::vector<std::size_t> order, std::function<void(std::size_t)> task);
    // Runs the round's unclaimed tasks on the caller, waits for the helpers' and ends the round.
    // Rethrows what a task threw (the first in the round's order, when several did).
    void finish();

private:
    void help();
    // Claims and runs the round's tasks until none is left.
    void work();

    std::vector<std::thread> m_helpers;
    std::mutex m_mutex;
    std::condition_variable m_started;  // a round started, or the pool stops
    std::condition_variable m_done;     // every task of the round has run
    std::uint64_t m_round = 0;          // rounds started
    bool m_running = false;             // a round is started and not finished
    bool m_stopping = false;
    std::vector<std::size_t> m_order;
    std::function<void(std::size_t)> m_task;
    std::vector<std::exception_ptr> m_failures;  // by position in m_order
    std::atomic<std::size_t> m_next{0};          // the next position in m_order to claim
    std::size_t m_finished = 0;                  // tasks run this round (under m_mutex)
    unsigned m_active = 0;                       // helpers working on this round (under m_mutex)
};

}  // namespace ratelab
