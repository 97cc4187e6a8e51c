#pragma once
// What a limiter nominally promises over a window, for the peak-burst ratio:
// window algorithms (fixed window, sliding log, sliding counter and their presets): their own
// `limit` per `window`; rate algorithms (token bucket, GCRA, leaky bucket and theirs): the
// rate times the scenario's burst window (1 s by default), so a full bucket spent on top of
// the sustained rate shows as a ratio above 1.

#include "engine/algorithms/catalog.h"

namespace ratelab {

struct NominalLimit {
    Duration windowUs = 0;
    double limitCost = 0;       // may be fractional for rates (2.5/s over 1 s)
    bool windowAlgorithm = false;
    bool shapes = false;        // can delay accepted requests (leaky bucket shape, nginx without nodelay)
    bool approximatesLog = false;  // fixed window and sliding counter families: disagreement is measured
};

NominalLimit nominalLimit(const AlgorithmInfo& info, const ParamValues& params, Duration burstWindow);

} // namespace ratelab
