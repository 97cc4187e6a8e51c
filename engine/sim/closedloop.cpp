#include "engine/sim/closedloop.h"

#include "engine/core/random.h"

#include <algorithm>
#include <cmath>

namespace ratelab {

Duration ClosedLoop::retryDelay(const Attempt& attempt, const Decision& d, SimTime t) const
{
    switch (m_clients.retry) {
    case RetryPolicy::None: return -1;
    case RetryPolicy::Immediate: return m_clients.delay;
    case RetryPolicy::RetryAfter:
        // What the client reads: Retry-After in whole seconds, rounded up; none means give up.
        return d.retryAfterUs < 0 ? -1 : ceilDivPositive(d.retryAfterUs, kMicrosPerSecond) * kMicrosPerSecond;
    case RetryPolicy::Backoff: {
        // Exponential backoff with full jitter: uniform in [0, min(cap, base x 2^n)].
        const double ceiling = std::min<double>(static_cast<double>(m_clients.backoffCap),
                                                static_cast<double>(m_clients.backoffBase) * std::ldexp(1.0, attempt.number));
        // The draw is a function of the attempt alone (its client, number and time), not the
        // next number of a stream every key draws from: a run split by key (shardfilter.h)
        // gives each key the same jitter as the whole run.
        const std::uint64_t attemptId = (std::uint64_t{attempt.client} << 16) | attempt.number;
        const std::uint64_t bits = mixSeed(mixSeed(m_jitterSeed, attemptId), static_cast<std::uint64_t>(t));
        const double uniform = static_cast<double>(bits >> 11) * 0x1.0p-53;
        return static_cast<Duration>(uniform * ceiling) + 1;
    }
    }
    return -1;
}

void ClosedLoop::finish(ClosedLoopStats& loop)
{
    loop.amplification =
        loop.uniqueRequests ? static_cast<double>(loop.attempts) / static_cast<double>(loop.uniqueRequests) : 1.0;
    loop.retryAfterSuccess =
        loop.retriesAtRetryAfter ? loop.retryAfterSuccess / static_cast<double>(loop.retriesAtRetryAfter) : 0.0;
}

}  // namespace ratelab
