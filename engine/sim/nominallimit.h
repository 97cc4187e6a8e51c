#pragma once
// A lane's nominal limit (metrics/nominal.h), read from its algorithm's catalog entry:
// window algorithms (fixed window, sliding log, sliding counter and their presets) by their
// `limit` and `window`, rate algorithms (token bucket, GCRA, leaky bucket and theirs) by
// their rate over the scenario's burst window.

#include "engine/algorithms/catalog/catalog.h"
#include "engine/metrics/nominal.h"

namespace ratelab {

NominalLimit nominalLimit(const AlgorithmInfo& info, const ParamValues& params, Duration burstWindow);

}  // namespace ratelab
