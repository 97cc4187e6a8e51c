#pragma once
// Carrying per-key state across a limit change, as an operator tuning a live limit would see:
//  - keep: each key keeps what it has used, clamped to the new limit (tokens, excess,
//    window counts, log entries, GCRA's debt TAT - now);
//  - scale: what each key has used or has left is scaled by new limit / old limit;
//  - reset: every key starts fresh (the caller simply uses the new limiter).
// Supported for the six exact algorithms; a window algorithm whose window length changes
// starts its counts afresh. Presets support reset only (scenario validation says so).

#include "engine/algorithms/ratelimiter.h"

#include <string_view>

namespace ratelab {

bool supportsStateTransfer(std::string_view algorithm);

// `to` must be a fresh limiter of the same algorithm as `from`.
void transferState(const RateLimiter& from, RateLimiter& to, StatePolicy policy, SimTime now);

}  // namespace ratelab
