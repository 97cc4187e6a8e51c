#pragma once
// The harness floor: a limiter whose decision is nothing but a count per key, run through the
// same FlatStateLimiter batch loop as the engine's algorithms. It streams the trace, prefetches,
// reads and writes the key's 16-byte state, and stores and counts a Decision, as they do. What
// an algorithm's decision costs is its time above this one's.

#include "engine/algorithms/limiter/ratelimiter.h"

namespace ratelab::bench {

struct FloorState {
    std::int64_t requests = 0;
    SimTime last = 0;
};

class FloorLimiter final : public FlatStateLimiter<FloorLimiter, FloorState> {
public:
    Decision decideOne(FloorState& state, SimTime now, Cost cost)
    {
        state.requests += cost;
        state.last = now;
        Decision d;
        d.allowed = true;
        d.remaining = state.requests;
        return d;
    }
    QuotaPolicy policy() const override { return {}; }
};

}  // namespace ratelab::bench
