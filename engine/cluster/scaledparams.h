#pragma once
// Parameters for a limit divided among N instances: the local fallback's "limit / N". Counts
// (capacity, burst, limit, max_tokens, max_burst, tokens_per_fill) are divided and rounded
// down (at least 1 where the parameter needs it); rates are divided exactly where the rate's
// own unit, s, m or h writes the share with at most six decimals (10/s among 3 is 200/m), else
// rounded down to the most decimals the engine keeps exactly.

#include "engine/algorithms/catalog/catalog.h"

namespace ratelab {

ParamValues paramsDividedAmong(const AlgorithmInfo& info, const ParamValues& params, std::int64_t instances);

}  // namespace ratelab
