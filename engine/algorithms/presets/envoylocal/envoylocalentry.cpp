// envoy_local's: the token bucket in interval mode, in Envoy's parameters entry in the catalog (catalog/catalog.h): what `ratelab-cli list` shows of
// it, and how a limiter is built from its parameters.

#include "engine/algorithms/limiter/params.h"
#include "engine/algorithms/tokenbucket/tokenbucket.h"

#include <numeric>

namespace ratelab {
namespace {

std::unique_ptr<RateLimiter> buildEnvoyLocal(const ParamReader& p)
{
    TokenBucket::Params params;
    params.capacity = p.integer("max_tokens", 1);
    const std::int64_t perFill = p.integer("tokens_per_fill", 1);
    params.intervalUs = p.duration("fill_interval", 50 * kMicrosPerMilli);
    params.mode = TokenBucket::RefillMode::Interval;
    // tokens_per_fill per fill_interval, as the exact rational num / den per microsecond.
    const std::int64_t common = std::gcd(perFill, params.intervalUs);
    params.refill.num = perFill / common;
    params.refill.den = params.intervalUs / common;
    params.refill.countScaled = perFill;
    params.refill.unitUs = params.intervalUs;
    params.refill.text = std::to_string(perFill) + " per " + formatDuration(params.intervalUs);
    p.checkScaled("max_tokens", params.capacity, params.refill);
    const std::int64_t fills = (params.capacity + perFill - 1) / perFill;
    p.checkTimeScale("fill_interval", Int128{fills} * params.intervalUs,
                     "refilling max_tokens " + std::to_string(params.capacity));
    return std::make_unique<TokenBucket>(params);
}

}  // namespace

AlgorithmEntry envoyLocalEntry()
{
    return {{"envoy_local",
             "token_bucket",
             true,
             "Envoy local rate limit token bucket: tokens_per_fill added every fill_interval.",
             "Envoy source/extensions/filters/common/local_ratelimit/local_ratelimit_impl.cc",
             {param::integer("max_tokens", "Bucket size; the bucket starts full."),
              param::integer("tokens_per_fill", "Tokens added at each fill.", "1"),
              param::duration("fill_interval", "Time between fills, at least 50ms.")}},
            &buildEnvoyLocal};
}

}  // namespace ratelab
