#pragma once
// The one-parameter family the advisor searches for each of the six exact algorithms.
// Every family is tied to one window W (the advisor's --window, default 1 min) and one
// integer value v; a larger v admits at least as much, so whether a key is never throttled
// is monotone in v and "the smallest v" is well defined:
//
//   token_bucket            capacity = v,  refill = v per W            (v >= 1)
//   leaky_bucket            burst = v,     rate = (v + 1) per W, mode=police   (v >= 0)
//   fixed_window            limit = v,     window = W                  (v >= 1)
//   sliding_window_log      limit = v,     window = W                  (v >= 1)
//   sliding_window_counter  limit = v,     window = W                  (v >= 1)
//   gcra                    burst = v,     rate = v per W              (v >= 1)
//
// Why monotone: while a key has no rejection its state follows its requests alone, and for
// a larger v that state is never closer to the limit (a bigger bucket refilled faster, a
// higher limit over the same window), so a key never throttled at v is never throttled at
// any larger v.

#include "engine/algorithms/catalog/catalog.h"
#include "engine/core/simtime.h"

#include <string>
#include <vector>

namespace ratelab {

struct ParameterFamily {
    std::string algorithm;  // catalog name
    std::string parameter;  // the parameter v is ("capacity", "burst", "limit")
    std::int64_t minValue;  // smallest v
    std::int64_t maxValue;  // largest v the algorithm accepts
};

// The six exact algorithms, in catalog order.
const std::vector<ParameterFamily>& parameterFamilies();
const ParameterFamily* findFamily(const std::string& algorithm);

// The parameters, in the CLI's syntax, for value v and window W.
ParamValues familyParams(const ParameterFamily& family, std::int64_t v, Duration windowUs);

// The sustained rate family member v admits per key, in requests per second: v per W, and
// (v + 1) per W for the leaky bucket. The trade-off curve's x axis (the limit in req/s).
double sustainedPerSecond(const ParameterFamily& family, std::int64_t v, Duration windowUs);

// "count per window" as an exact rate in the CLI's syntax: the window's own unit when it is
// one (30 per 1m is "30/m"), else the largest unit below it with up to 6 decimals (5 per 10s
// is "0.5/s"), else any exact unit (7 per 3s is "8400/h"). Throws std::invalid_argument
// when none is exact.
std::string exactRateText(std::int64_t count, Duration windowUs);

}  // namespace ratelab
