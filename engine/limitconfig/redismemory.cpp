#include "engine/limitconfig/redismemory.h"

#include "engine/core/units.h"

namespace ratelab {

std::optional<RedisKeyMemory> redisKeyMemory(std::string_view algorithm)
{
    // A hash of two integer fields in a listpack: token_bucket {level, last}, leaky_bucket
    // {excess, last}, sliding_window_counter {window, curr, prev}, gcra {origin, tat}.
    if (algorithm == "token_bucket" || algorithm == "leaky_bucket" || algorithm == "sliding_window_counter"
        || algorithm == "gcra")
        return RedisKeyMemory{181, 0};
    // fixed_window {start, used} and redis_incr_expire {window, count}: their listpack one
    // allocator size class smaller; redis_rate_gcra: the TAT as a string of 17 digits.
    if (algorithm == "fixed_window" || algorithm == "redis_incr_expire" || algorithm == "redis_rate_gcra")
        return RedisKeyMemory{165, 0};
    if (algorithm == "sliding_window_log")  // 314 B with 1 entry, 410 B with 10
        return RedisKeyMemory{303.3, 10.67};
    return std::nullopt;
}

std::optional<double> redisBytesPerKeyAtMost(std::string_view algorithm, const ParamValues& params)
{
    const std::optional<RedisKeyMemory> m = redisKeyMemory(algorithm);
    if (!m || m->perEntry == 0)
        return m ? std::optional(m->perKey) : std::nullopt;
    const auto limit = params.find("limit");
    if (limit == params.end())
        return std::nullopt;
    std::string error;
    const double entries = static_cast<double>(parseInteger(limit->second, error).value_or(0));
    constexpr double kSkiplistEntryBytes = 108;
    return entries <= kRedisListpackEntries ? m->perKey + m->perEntry * entries : m->perKey + kSkiplistEntryBytes * entries;
}

}  // namespace ratelab
