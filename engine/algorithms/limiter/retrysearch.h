#pragma once
// Exact Retry-After for presets that reproduce float arithmetic: start from the closed-form
// estimate and walk to the first microsecond at which the reference arithmetic admits the
// request. `passes(d)` says whether the request would pass d microseconds from now, and must
// be monotone in d (waiting longer never hurts when nothing else arrives).
//
// The search never looks past kTimeHorizonUs (simtime.h): `passes` is only asked about
// instants below it, and a request that does not pass by then gets kNeverPasses. Every loop
// is bounded: the walks double their step, so each takes at most 54 steps, and the
// bisection halves a span below 2^54.

#include "engine/algorithms/limiter/decision.h"

#include <algorithm>
#include <cmath>

namespace ratelab {

template <class Passes>
Duration firstPassingDelay(SimTime now, Duration estimate, Passes passes)
{
    const Duration horizon = now < kTimeHorizonUs ? kTimeHorizonUs - now : 0;
    if (horizon < 1)
        return kNeverPasses;
    Duration lo = 0;  // known not to pass (a rejected request at d = 0)
    Duration hi = std::clamp<Duration>(estimate, 1, horizon);
    if (!passes(hi)) {
        if (hi == horizon || !passes(horizon))
            return kNeverPasses;
        lo = hi;
        hi = horizon;  // passes
        for (Duration step = 1; lo + step < hi; step *= 2) {
            if (passes(lo + step)) {
                hi = lo + step;
                break;
            }
            lo += step;
        }
    } else {
        Duration step = 1;
        while (hi - step > lo && passes(hi - step)) {
            hi -= step;
            step *= 2;
        }
        lo = std::max(lo, hi - step);
    }
    while (hi - lo > 1) {  // invariant: !passes(lo) (or lo == 0), passes(hi)
        const Duration mid = lo + (hi - lo) / 2;
        if (passes(mid))
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

// A duration in microseconds computed in doubles (a float preset's estimate or reset), as a
// Duration: truncated, and held within +-kTimeHorizonUs, so that a tiny rate's huge wait
// never converts out of range (undefined behaviour).
inline Duration saturatedMicros(double us)
{
    constexpr double kLimit = static_cast<double>(kTimeHorizonUs);
    return std::isnan(us) ? 0 : static_cast<Duration>(std::clamp(us, -kLimit, kLimit));
}

// A reset time found by the search: kNeverPasses (nothing within the horizon) becomes the
// horizon itself, the furthest instant the engine can name.
inline Duration resetOrHorizon(SimTime now, Duration found)
{
    return found != kNeverPasses ? found : std::max<Duration>(0, kTimeHorizonUs - now);
}

}  // namespace ratelab
