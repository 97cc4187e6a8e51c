// The leaky bucket's entry in the catalog (catalog/catalog.h): what `ratelab-cli list` shows of
// it, and how a limiter is built from its parameters.

#include "engine/algorithms/leakybucket/leakybucket.h"
#include "engine/algorithms/limiter/params.h"

namespace ratelab {
namespace {

std::unique_ptr<RateLimiter> buildLeakyBucket(const ParamReader& p)
{
    LeakyBucket::Params params;
    params.rate = p.rate("rate");
    params.burst = p.integer("burst", 0);
    params.mode = p.choice("mode") == "police" ? LeakyBucket::Mode::Police : LeakyBucket::Mode::Shape;
    p.checkScaled("burst", params.burst + 1, params.rate);
    p.checkTimeScale("rate", timeFor(params.burst + 1, params.rate), "draining burst + 1 = " + std::to_string(params.burst + 1));
    return std::make_unique<LeakyBucket>(params);
}

}  // namespace

AlgorithmEntry leakyBucketEntry()
{
    return {{"leaky_bucket",
             "leaky_bucket",
             false,
             "nginx-style leaky bucket: excess drains at `rate`; 1 + burst pass at once from idle.",
             "nginx src/http/modules/ngx_http_limit_req_module.c",
             {param::rate("rate", "Drain rate, e.g. 10/s."), param::integer("burst", "Excess requests tolerated above the rate."),
              param::choice("mode", "shape: delay accepted requests by excess / rate; police: forward at once.",
                            {"shape", "police"})},
             true},
            &buildLeakyBucket};
}

}  // namespace ratelab
