#pragma once
// Parameters for a limit divided among N instances: the local fallback's "limit / N". Counts
// (capacity, burst, limit, max_tokens, max_burst, tokens_per_fill) are divided and rounded
// down (at least 1 where the parameter needs it); rates become (N / instances)/unit with up to
// six decimals.

#include "engine/algorithms/catalog.h"

namespace ratelab {

ParamValues paramsDividedAmong(const AlgorithmInfo& info, const ParamValues& params, std::int64_t instances);

} // namespace ratelab
