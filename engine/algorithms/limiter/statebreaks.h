#pragma once
// Helpers for stateBreaks() (ratelimiter.h): the instants where a key's state, left alone,
// stops being linear in time, which statecurve.h draws the state through.

#include "engine/algorithms/limiter/inspection.h"
#include "engine/core/simtime.h"

#include <vector>

namespace ratelab {

// A value that reaches a bound at `reachedAt` (the first microsecond it is there) and stays
// there: its line holds up to the microsecond before.
inline void addKink(std::vector<SimTime>& out, SimTime reachedAt)
{
    out.push_back(reachedAt - 1);
    out.push_back(reachedAt);
}

// Every multiple of `windowUs` in (from, to], the first kMaxStateBreaks at most.
inline void addBoundaries(std::vector<SimTime>& out, SimTime from, SimTime to, Duration windowUs)
{
    for (SimTime b = (floorDiv(from, windowUs) + 1) * windowUs; b <= to && out.size() < kMaxStateBreaks; b += windowUs)
        out.push_back(b);
}

}  // namespace ratelab
