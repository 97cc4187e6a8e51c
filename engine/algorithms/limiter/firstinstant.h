#pragma once
// Where the state of a preset that computes in doubles changes (stateBreaks()): a closed form
// gives the instant only to within a rounding, so the exact microsecond is found by asking the
// preset's own arithmetic, near that guess. `holds(t)` must be monotone: once true at an
// instant, true at every later one (a time that reached a TAT, an entry that left a window).
// Every loop is bounded: the walks double their step, and the bisection halves the bracket.

#include "engine/core/simtime.h"

#include <algorithm>

namespace ratelab {

// The first microsecond in [lo, hi] at which `holds` is true, or hi + 1 if it is not by hi.
template <class Holds>
SimTime firstInstant(SimTime lo, SimTime hi, SimTime guess, Holds holds)
{
    if (lo > hi || !holds(hi))
        return hi + 1;
    guess = std::clamp(guess, lo, hi);
    SimTime before = lo - 1;  // !holds, or lo - 1 (below the range)
    SimTime after = hi;       // holds
    if (holds(guess)) {
        after = guess;
        Duration step = 1;
        while (after - step >= lo && holds(after - step)) {
            after -= step;
            step *= 2;
        }
        before = std::max(lo - 1, after - step);
    } else {
        before = guess;
        Duration step = 1;
        while (before + step < hi && !holds(before + step)) {
            before += step;
            step *= 2;
        }
        after = std::min(hi, before + step);
    }
    while (after - before > 1) {
        const SimTime mid = before + (after - before) / 2;
        if (holds(mid))
            after = mid;
        else
            before = mid;
    }
    return after;
}

}  // namespace ratelab
