// x_time_rate's entry in the catalog (catalog/catalog.h): what `ratelab-cli list` shows of
// it, and how a limiter is built from its parameters.

#include "engine/algorithms/limiter/params.h"
#include "engine/algorithms/presets/xtimerate/xtimerate.h"

namespace ratelab {
namespace {

std::unique_ptr<RateLimiter> buildXTimeRate(const ParamReader& p)
{
    const auto [rate, burst] = p.rateAndBurst();
    return std::make_unique<XTimeRate>(XTimeRate::Params{rate, burst});
}

}  // namespace

AlgorithmEntry xTimeRateEntry()
{
    return {{"x_time_rate",
             "token_bucket",
             true,
             "golang.org/x/time/rate NewLimiter(r, b) + AllowN(t, n), float64 tokens.",
             "golang.org/x/time/rate rate/rate.go v0.3.0",
             {param::rate("rate", "Limit in events per unit, e.g. 10/s."), param::integer("burst", "Bucket size b.")}},
            &buildXTimeRate};
}

}  // namespace ratelab
