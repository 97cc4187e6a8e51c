#pragma once
// A lane's closed loop (the scenario's "clients", report.h ClosedLoopStats): a rejected client
// retries after the delay its retry policy sets (at once, at the Retry-After it was given, or
// after an exponential backoff with full jitter), up to max_retries, so its next attempt
// depends on this lane's answer. The retries wait here, in time order, until they are due.
// It never decides a retry: it hands each, when due, back to the lane.

#include "engine/algorithms/limiter/decision.h"
#include "engine/core/eventqueue.h"
#include "engine/core/simtime.h"
#include "engine/report/report.h"
#include "engine/traffic/trafficspec.h"

namespace ratelab {

class ClosedLoop {
public:
    // One attempt of a request: the fresh request or one of its retries.
    struct Attempt {
        std::uint32_t client;
        std::uint32_t cost;
        KeyId key;
        std::uint32_t tier;  // the limiter that decides it: its tier, or its endpoint's limit
        std::uint32_t endpoint;
        std::uint16_t number;  // 0 = the fresh request
        bool atRetryAfter;
    };

    // `jitterSeed` draws the backoff's jitter; no retry is scheduled at or past `end`.
    ClosedLoop(const ClientBehaviour& clients, std::uint64_t jitterSeed, SimTime end)
        : m_clients(clients), m_jitterSeed(jitterSeed), m_end(end)
    {}

    // Whether rejected clients retry at all: else nothing is scheduled.
    bool retries() const { return m_clients.retry != RetryPolicy::None; }

    // Calls decide(attempt, t) for each retry due before `t` (at `t` too when `inclusive`), in
    // time order; a retry that decide() schedules is run too if it is due.
    template <class Decide>
    void runUntil(SimTime t, bool inclusive, Decide&& decide)
    {
        while (!m_retries.empty() && (inclusive ? m_retries.nextTime() <= t : m_retries.nextTime() < t)) {
            const auto event = m_retries.pop();
            decide(event.payload, event.time);
        }
    }

    // Counts the decision `d` of `attempt` at `t` into `loop`; when it was rejected, schedules
    // the client's retry, or counts it giving up.
    void decided(const Attempt& attempt, const Decision& d, SimTime t, ClosedLoopStats& loop)
    {
        ++loop.attempts;
        if (attempt.number == 0)
            ++loop.uniqueRequests;
        else
            ++loop.retries;
        if (attempt.atRetryAfter) {
            ++loop.retriesAtRetryAfter;
            loop.retryAfterSuccess += d.allowed ? 1 : 0;  // a count until finish()
        }
        if (!d.allowed) {
            const Duration delay = attempt.number < m_clients.maxRetries ? retryDelay(attempt, d, t) : -1;
            if (delay >= 0 && t + delay < m_end) {
                Attempt next = attempt;
                ++next.number;
                next.atRetryAfter = m_clients.retry == RetryPolicy::RetryAfter;
                m_retries.push(t + delay, next);
            } else if (delay < 0) {
                ++loop.gaveUp;
            }
        }
    }

    // The amplification and the share of retries at Retry-After that passed, once every attempt is counted.
    static void finish(ClosedLoopStats& loop);

private:
    // How long the client of `attempt`, rejected at `t` with `d`, waits to retry; -1: it gives up.
    Duration retryDelay(const Attempt& attempt, const Decision& d, SimTime t) const;

    ClientBehaviour m_clients;
    std::uint64_t m_jitterSeed;  // backoff jitter: drawn per attempt, so a key's retries do not depend on other keys'
    SimTime m_end;
    EventQueue<Attempt> m_retries;
};

}  // namespace ratelab
