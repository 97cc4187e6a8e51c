#pragma once

#include "engine/core/simtime.h"

namespace ratelab {

// The answer to one request. All durations are microseconds from `now`.
struct Decision {
    bool allowed = false;
    std::int64_t remaining = 0;   // whole cost-1 requests still allowed right after this one, >= 0
    Duration retryAfterUs = 0;    // 0 when allowed; else the exact wait until the same request
                                  // would pass (if nothing else arrives); -1 if it never can
    Duration resetAfterUs = 0;    // until the key is back to its idle (new-key) state
    Duration delayUs = 0;         // shaping only: how long an accepted request is held

    friend bool operator==(const Decision&, const Decision&) = default;
};

inline constexpr Duration kNeverPasses = -1;

// What a limiter promises, in the terms the HTTP headers use: `quota` units per `windowUs`.
struct QuotaPolicy {
    std::int64_t quota = 0;
    Duration windowUs = 0;
};

} // namespace ratelab
