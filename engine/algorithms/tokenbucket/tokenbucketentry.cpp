// The token bucket's entry in the catalog (catalog/catalog.h): what `ratelab-cli list` shows of
// it, and how a limiter is built from its parameters.

#include "engine/algorithms/limiter/params.h"
#include "engine/algorithms/tokenbucket/tokenbucket.h"

namespace ratelab {
namespace {

std::unique_ptr<RateLimiter> buildTokenBucket(const ParamReader& p)
{
    TokenBucket::Params params;
    params.capacity = p.integer("capacity", 1);
    params.refill = p.rate("refill");
    params.mode = p.choice("refill_mode") == "interval" ? TokenBucket::RefillMode::Interval : TokenBucket::RefillMode::Continuous;
    params.intervalUs = p.duration("interval");
    p.checkScaled("capacity", params.capacity, params.refill);
    p.checkTimeScale("refill", timeFor(params.capacity, params.refill), "refilling capacity " + std::to_string(params.capacity));
    return std::make_unique<TokenBucket>(params);
}

}  // namespace

AlgorithmEntry tokenBucketEntry()
{
    return {{"token_bucket",
             "token_bucket",
             false,
             "Bucket of `capacity` tokens refilled at `refill`; a request takes `cost` tokens.",
             "golang.org/x/time/rate rate/rate.go (continuous); Envoy source/common/common/token_bucket_impl.cc (interval)",
             {param::integer("capacity", "Tokens the bucket holds; a new key starts full."),
              param::rate("refill", "Tokens added per unit of time, e.g. 5/s."),
              param::choice("refill_mode",
                            "continuous: refill all the time; interval: refill x interval at each multiple of interval.",
                            {"continuous", "interval"}),
              param::duration("interval", "Refill period for refill_mode=interval.", "1s")},
             true},
            &buildTokenBucket};
}

}  // namespace ratelab
