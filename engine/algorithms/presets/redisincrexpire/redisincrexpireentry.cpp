// redis_incr_expire's: the epoch fixed window, counting rejected cost entry in the catalog (catalog/catalog.h): what `ratelab-cli list` shows of
// it, and how a limiter is built from its parameters.

#include "engine/algorithms/fixedwindow/fixedwindow.h"
#include "engine/algorithms/limiter/params.h"

namespace ratelab {
namespace {

std::unique_ptr<RateLimiter> buildRedisIncrExpire(const ParamReader& p)
{
    FixedWindowParams params;
    params.limit = p.integer("limit", 1);
    params.windowUs = p.duration("window");
    params.countRejected = true;
    return std::make_unique<FixedWindowEpoch>(params);
}

}  // namespace

AlgorithmEntry redisIncrExpireEntry()
{
    return {{"redis_incr_expire",
             "fixed_window",
             true,
             "INCR-first fixed window, one Redis key per epoch-aligned window.",
             "the Redis INCR + EXPIRE rate limiter pattern",
             {param::limit(), param::window()}},
            &buildRedisIncrExpire};
}

}  // namespace ratelab
