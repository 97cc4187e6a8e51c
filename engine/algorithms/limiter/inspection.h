#pragma once
// A named value of a limiter's per-key state, for the Learn view's state lanes and the
// decision sentences ("tokens" 3.2, "excess" 4.0, "count" 9, "tat_minus_now" 460000 us),
// and the same value as a function of time (StateCurve, statecurve.h builds it).

#include "engine/core/simtime.h"

#include <cstddef>
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
    // Followed only to its last point, before the span's end: the span held more than
    // kMaxStateBreaks breaks (a 1 ms window left idle for an hour crosses 3.6 million).
    bool cut = false;
};

// The most breaks a curve follows, and the most stateBreaks() returns: more than a view can
// draw, few enough that building a curve stays quick.
inline constexpr std::size_t kMaxStateBreaks = 4096;

// The curve's value at t (the first point's before it, the last point's after it; NaN after
// the last point of a curve that was cut).
double curveValueAt(const StateCurve& curve, SimTime t);

}  // namespace ratelab
