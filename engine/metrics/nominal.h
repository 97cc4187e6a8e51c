#pragma once
// What a limiter nominally promises over a window, for the peak-burst ratio: a window
// algorithm its own `limit` per `window`; a rate algorithm its rate times the scenario's
// burst window (1 s by default), so a full bucket spent on top of the sustained rate shows as
// a ratio above 1. Which kind an algorithm is, and its limit or rate, the caller reads from
// the catalog (engine/sim/nominallimit.h): metrics know no algorithm.

#include "engine/core/simtime.h"

namespace ratelab {

struct NominalLimit {
    Duration windowUs = 0;
    double limitCost = 0;  // may be fractional for rates (2.5/s over 1 s)
    bool windowAlgorithm = false;
    bool shapes = false;           // can delay accepted requests (leaky bucket shape, nginx without nodelay)
    bool approximatesLog = false;  // fixed window and sliding counter families: disagreement is measured
};

// `limit` cost per `window`; `approximatesLog`: its decisions are compared with the exact log's.
inline NominalLimit windowNominal(Duration window, std::int64_t limit, bool approximatesLog)
{
    NominalLimit n;
    n.windowAlgorithm = true;
    n.windowUs = window;
    n.limitCost = static_cast<double>(limit);
    n.approximatesLog = approximatesLog;
    return n;
}

// `ratePerSecond` over `burstWindow`; `shapes`: it can delay accepted requests.
inline NominalLimit rateNominal(double ratePerSecond, Duration burstWindow, bool shapes)
{
    NominalLimit n;
    n.windowUs = burstWindow;
    n.limitCost = ratePerSecond * static_cast<double>(burstWindow) / 1e6;
    n.shapes = shapes;
    return n;
}

}  // namespace ratelab
