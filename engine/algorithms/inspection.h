#pragma once
// A named value of a limiter's per-key state, for the Learn view's state lanes and the
// decision sentences ("tokens" 3.2, "excess" 4.0, "count" 9, "tat_minus_now" 460000 us),
// and the same value as a function of time (StateCurve, statecurve.h builds it).

#include "engine/core/simtime.h"

#include <string>
#include <vector>

namespace ratelab {

struct StateValue {
    std::string name;
    double value = 0;
    std::string unit;  // "tokens", "requests", "us"
};

struct StatePoint {
    SimTime t = 0;
    double value = 0;
};

// One state value over a span of time, as breakpoints in time order: the value at t is the
// linear interpolation between the last point at or before t and the next one (a vertical
// jump is two points at the same time; at that time the value is the second, after the jump).
struct StateCurve {
    std::string name;
    std::string unit;
    std::vector<StatePoint> points;
};

// The curve's value at t (the first point's before it, the last point's after it).
double curveValueAt(const StateCurve& curve, SimTime t);

} // namespace ratelab
