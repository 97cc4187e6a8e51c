// redis_rate_gcra's entry in the catalog (catalog/catalog.h): what `ratelab-cli list` shows of
// it, and how a limiter is built from its parameters.

#include "engine/algorithms/limiter/params.h"
#include "engine/algorithms/presets/redisrategcra/redisrategcra.h"

namespace ratelab {
namespace {

std::unique_ptr<RateLimiter> buildRedisRateGcra(const ParamReader& p)
{
    const auto [rate, burst] = p.rateAndBurst();
    return std::make_unique<RedisRateGcra>(RedisRateGcra::Params{rate, burst});
}

}  // namespace

AlgorithmEntry redisRateGcraEntry()
{
    return {{"redis_rate_gcra",
             "gcra",
             true,
             "go-redis/redis_rate GCRA Lua script, float seconds since 2017-01-01.",
             "go-redis/redis_rate lua.go",
             {param::rate("rate", "Rate per period, e.g. 10/s (Limit.Rate per Limit.Period)."),
              param::integer("burst", "Limit.Burst: requests admitted at once from idle.")}},
            &buildRedisRateGcra};
}

}  // namespace ratelab
