#pragma once
// A key's state as a function of time, for the Learn view: what the limiter holds at every
// instant of [from, to] while nothing decides for the key, one StateCurve per value that
// inspect() shows. Built from inspect() at the times stateBreaks() names (and the microsecond
// before each), so the curve's value at any t equals inspect(key, t). Learn-only: never
// called by the simulation loop.

#include "engine/algorithms/limiter/ratelimiter.h"

namespace ratelab {

// Empty for a limiter without inspect(). `to` >= `from`.
std::vector<StateCurve> stateCurve(const RateLimiter& limiter, KeyId key, SimTime from, SimTime to);
// The same with its points' times from `origin` (the Learn steps' times: from the scenario start).
std::vector<StateCurve> stateCurve(const RateLimiter& limiter, KeyId key, SimTime from, SimTime to, SimTime origin);

}  // namespace ratelab
