#pragma once

#include "engine/core/simtime.h"

namespace ratelab {

// The answer to one request. All durations are microseconds from `now`.
struct Decision {
    bool allowed = false;
    std::int64_t remaining = 0;  // whole cost-1 requests still allowed right after this one, >= 0
    Duration retryAfterUs = 0;   // 0 when allowed; else the exact wait until the same request
                                 // would pass (if nothing else arrives); -1 if it never can
    Duration resetAfterUs = 0;   // until the key is back to its idle (new-key) state
    Duration delayUs = 0;        // shaping only: how long an accepted request is held

    friend bool operator==(const Decision&, const Decision&) = default;
};

inline constexpr Duration kNeverPasses = -1;

// out = d, field by field. A batch loop that assigns the whole struct lets the compiler build
// the Decision on the stack and copy it out in 16-byte pieces that straddle the 8-byte stores
// which built it: the loads cannot take their data from those stores and wait for them to
// reach the cache, request after request. Field by field, each value goes from its register
// to `out` (the GCRA bench, once its decision inlined: 16.7 -> 8.4 ns per decision).
inline void storeDecision(Decision& out, const Decision& d)
{
    const auto& [allowed, remaining, retryAfterUs, resetAfterUs, delayUs] = d;  // a new field stops the build here
    out.allowed = allowed;
    out.remaining = remaining;
    out.retryAfterUs = retryAfterUs;
    out.resetAfterUs = resetAfterUs;
    out.delayUs = delayUs;
}

// What a limiter promises, in the terms the HTTP headers use: `quota` units per `windowUs`.
struct QuotaPolicy {
    std::int64_t quota = 0;
    Duration windowUs = 0;
};

}  // namespace ratelab
