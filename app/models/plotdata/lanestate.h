#pragma once
// A Learn lane's state at any instant, read from its steps' curves (KeyStep::curve): what the
// state lane draws and what the cursor reads out. Times are from the scenario start.

#include "engine/sim/keyhistory.h"

#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace ratelab {

// The last step at or before `atUs`: -1 before the first (or with no steps).
int stepAtOrBefore(const KeyHistory& history, SimTime atUs);

// The value `name` holds at `atUs`: the curve of the step at or before it. None before the
// first step, for a name the lane does not hold, or past the end of a curve that was cut.
std::optional<double> stateAt(const KeyHistory& history, const std::string& name, SimTime atUs);

// The times in [fromUs, toUs] where a window begins, from the curves of the steps that
// cover that span: where "window_start_us" (fixed window) steps up or "previous_weight"
// (sliding counter) jumps back to 1. Empty for a lane without windows.
std::vector<SimTime> windowStarts(const KeyHistory& history, SimTime fromUs, SimTime toUs);

// The steps whose curves reach into [fromUs, toUs]: [first, last], or first > last for none.
std::pair<int, int> stepsCovering(const KeyHistory& history, SimTime fromUs, SimTime toUs);

}  // namespace ratelab

namespace ratelab {

// Which of a lane's state values decides: tokens, excess, count, the counter's estimate or
// GCRA's TAT − now (the first value when none of these).
std::size_t decisiveValue(const std::vector<StateValue>& state);

// How a state value reads in the lanes: microseconds as milliseconds ("ms"), a name in words
// ("TAT − now", "previous weight").
double displayValue(double value, const std::string& unit);
QString displayUnit(const std::string& unit);
QString stateTitle(const std::string& name);

}  // namespace ratelab
