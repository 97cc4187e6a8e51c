#pragma once
// Exact Retry-After for presets that reproduce float arithmetic: start from the closed-form
// estimate and walk to the first microsecond at which the reference arithmetic admits the
// request. `passes(d)` says whether the request would pass d microseconds from now, and must
// be monotone in d (waiting longer never hurts when nothing else arrives).

#include "engine/core/simtime.h"

#include <algorithm>

namespace ratelab {

template <class Passes>
Duration firstPassingDelay(Duration estimate, Passes passes)
{
    Duration lo = 0;  // known not to pass (a rejected request at d = 0)
    Duration hi = std::max<Duration>(estimate, 1);
    if (!passes(hi)) {
        Duration step = 1;
        lo = hi;
        while (!passes(hi + step)) {
            lo = hi + step;
            step *= 2;
        }
        hi += step;
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

} // namespace ratelab
