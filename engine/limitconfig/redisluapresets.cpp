// Redis Lua scripts for the two presets that are Redis scripts themselves: go-redis/redis_rate's
// GCRA (redis_rate_gcra) and the INCR rate limiter of the Redis documentation
// (redis_incr_expire). Each is written here from its reference's logic (cited in the script),
// not copied, and decides as the preset does, column for column, on the same prologue as the
// six algorithms' scripts (redislua.cpp): `now` in microseconds from ARGV or TIME, `cost`,
// `key` = KEYS[1] (rl:{KEY}, the only key either touches), ceildiv() and keep().

#include "engine/limitconfig/redisluapresets.h"

#include "engine/algorithms/presets/redisrategcra/redisrategcra.h"
#include "engine/core/units.h"

#include <cstdio>

namespace ratelab {

namespace {

constexpr const char* kRedisRateGcraHead = R"LUA(
-- redis_rate_gcra: the GCRA of go-redis/redis_rate v10 (github.com/go-redis/redis_rate: lua.go,
-- the allowN script that AllowN in rate.go runs; the same in v9.1), rewritten in its own
-- doubles, so that allowed and remaining are redis_rate's:
--   now  = (TIME seconds - 1483228800) + TIME microseconds / 1e6   (seconds since 2017-01-01)
--   tat  = max(stored TAT or now, now); new_tat = tat + T x cost
--   diff = now - (new_tat - T x BURST); passes iff diff / T >= 0, and then remaining is
--          diff / T truncated (Redis truncates a Lua number in an integer reply; AllowN reads it)
-- T is redis_rate's emission_interval = Limit.Period.Seconds() / Limit.Rate, as a double.
-- Where the reply is not redis_rate's, and why:
--   allowed is 1, not the cost (the same test: redis_rate answers n or 0);
--   retry_after_us is the first whole microsecond at which the same request passes in these
--     doubles (the engine's search, below), -1 for cost > BURST: redis_rate's RetryAfter is
--     -diff seconds sent through tostring() (14 significant digits) and cut to nanoseconds by
--     Go, neither exact nor in microseconds, so it cannot be one of these integer columns;
--   redis_rate's ResetAfter is not returned (the four columns have no reset);
--   the TAT is SET with every digit (%.17g; Redis 7 also keeps every digit of the number
--     redis_rate passes) and kept until it is due plus 60 s, not EX ceil(reset_after): either
--     way the key vanishes only once a missing key decides as the stale TAT would.
local T, BURST, JAN_1_2017 = {{INTERVAL}}, {{BURST}}, 1483228800
local stored = redis.call('GET', key)
if stored then stored = tonumber(stored) end
-- redis_rate's now at the instant t (microseconds): TIME's seconds and microseconds, then its sum.
local function scriptNow(t)
  local s = math.floor(t / 1000000)
  if s * 1000000 > t then s = s - 1 end
  return (s - JAN_1_2017) + (t - s * 1000000) / 1000000
end
-- diff / T at t, with the TAT as the script sees it and the new TAT.
local function left(t)
  local n = scriptNow(t)
  local tat = n
  if stored then tat = math.max(stored, n) end
  local newTat = tat + T * cost
  return (n - (newTat - T * BURST)) / T, newTat - n, newTat
end
)LUA";

constexpr const char* kRedisRateGcraDecide = R"LUA(
-- The first d >= 1 microseconds from now at which left(now + d) >= 0: from the closed-form
-- estimate, a walk that doubles its step, then bisection; nothing past 2^53 us (the engine's
-- horizon, engine/algorithms/limiter/retrysearch.h, step for step).
local HORIZON = 9007199254740992
local function passes(d) return left(now + d) >= 0 end
local function firstPassing(estimate)
  local horizon = 0
  if now < HORIZON then horizon = HORIZON - now end
  if horizon < 1 then return -1 end
  local lo, hi = 0, math.min(math.max(estimate, 1), horizon)
  if not passes(hi) then
    if hi == horizon or not passes(horizon) then return -1 end
    lo = hi; hi = horizon
    local step = 1
    while lo + step < hi do
      if passes(lo + step) then hi = lo + step; break end
      lo = lo + step; step = step * 2
    end
  else
    local step = 1
    while hi - step > lo and passes(hi - step) do hi = hi - step; step = step * 2 end
    lo = math.max(lo, hi - step)
  end
  while hi - lo > 1 do
    local mid = lo + math.floor((hi - lo) / 2)
    if passes(mid) then hi = mid else lo = mid end
  end
  return hi
end
local remaining, reset, newTat = left(now)
if remaining >= 0 then
  if reset > 0 then redis.call('SET', key, string.format('%.17g', newTat), 'PX', math.ceil(reset * 1000) + 60000) end
  return {1, math.floor(remaining), 0, 0}
end
if cost > BURST then return {0, 0, -1, 0} end
local estimate = math.min(math.max(math.ceil(-remaining * T * 1e6), -HORIZON), HORIZON)
return {0, 0, firstPassing(estimate), 0}
)LUA";

constexpr const char* kRedisIncrExpire = R"LUA(
-- redis_incr_expire: the INCR rate limiter of the Redis documentation ("Pattern: Rate limiter
-- 1", github.com/redis/redis-doc commands/incr.md): one counter per client key and
-- epoch-aligned window, incremented first (HINCRBY cost), so a rejected request's cost counts
-- too; the request passes iff the counter is then at most LIMIT; the counter expires after its
-- window. The documentation names each window's counter "ip:ts"; here rl:{KEY} is a hash of
-- the window's index and its counter, because with the server's clock the window is known only
-- inside the script and Redis Cluster wants every key a script touches in KEYS. A request
-- stamped before the key's window (a clock gone back) counts in that window, as in the engine.
local LIMIT, W = {{LIMIT}}, {{WINDOW}}
local index = math.floor(now / W)
local window = redis.call('HGET', key, 'window')
if window then window = tonumber(window) end
if not window or index > window then
  window = index
  redis.call('HSET', key, 'window', string.format('%.0f', window), 'count', 0)
  keep(ceildiv((window + 1) * W - now, 1000))
end
local count = redis.call('HINCRBY', key, 'count', cost)
local allowed, retry = 1, 0
if count > LIMIT then
  allowed = 0
  if cost > LIMIT then retry = -1 else retry = (window + 1) * W - now end
end
return {allowed, math.max(0, LIMIT - count), retry, 0}
)LUA";

std::string replaced(std::string text, const std::string& slot, const std::string& value)
{
    for (auto at = text.find(slot); at != std::string::npos; at = text.find(slot, at + value.size()))
        text.replace(at, slot.size(), value);
    return text;
}

// Every digit of a double, as Lua reads it back (strtod): the very same double.
std::string exactDouble(double value)
{
    char text[40];
    std::snprintf(text, sizeof text, "%.17g", value);
    return text;
}

}  // namespace

std::optional<std::string> redisLuaPresetBody(const std::string& algorithm, const ParamValues& p)
{
    std::string error;
    if (algorithm == "redis_rate_gcra") {
        const std::optional<Rate> rate = parseRate(p.at("rate"), error);
        if (!rate)
            throw ParamError("param rate", error);
        const std::string head =
            replaced(kRedisRateGcraHead, "{{INTERVAL}}", exactDouble(RedisRateGcra::emissionInterval(*rate)));
        return replaced(head, "{{BURST}}", p.at("burst")) + kRedisRateGcraDecide;
    }
    if (algorithm == "redis_incr_expire") {
        const std::optional<Duration> window = parseDuration(p.at("window"), error);
        if (!window)
            throw ParamError("param window", error);
        return replaced(replaced(kRedisIncrExpire, "{{LIMIT}}", p.at("limit")), "{{WINDOW}}", std::to_string(*window));
    }
    return std::nullopt;
}

}  // namespace ratelab
