#pragma once
// Carrying per-key state across a limit change, as an operator tuning a live limit would see:
//  - keep: each key keeps what it has used, clamped to the new limit (tokens, excess,
//    window counts, log entries, GCRA's debt TAT - now);
//  - scale: what each key has used or has left is scaled by new limit / old limit;
//  - reset: every key starts fresh (the caller simply uses the new limiter).
// Supported for the six exact algorithms (each in its own folder, *state.cpp, through
// RateLimiter::takeStateFrom; the catalog's AlgorithmInfo::transfersState says which); a
// window algorithm whose window length changes starts its counts afresh. Presets support
// reset only (scenario validation says so).

#include "engine/algorithms/limiter/ratelimiter.h"
#include "engine/core/simtime.h"

namespace ratelab {

// `to` must be a fresh limiter of the same algorithm as `from`.
inline void transferState(const RateLimiter& from, RateLimiter& to, StatePolicy policy, SimTime now)
{
    if (policy != StatePolicy::Reset)
        to.takeStateFrom(from, policy, now);
}

// amount x num / den, floored, for non-negative values: what the scale policy keeps.
inline std::int64_t rescale(Int128 amount, Int128 num, Int128 den)
{
    return static_cast<std::int64_t>(amount * num / den);
}

}  // namespace ratelab
