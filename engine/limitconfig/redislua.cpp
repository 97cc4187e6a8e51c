// Redis Lua scripts for the six exact algorithms, with the parameters baked in as integer
// constants, and (redisluapresets.cpp) for the presets redis_rate_gcra and redis_incr_expire.
// In the six, every quantity is an integer kept below 2^53 (Lua numbers are doubles), in the
// same scaled units as the engine (levels x the rate's denominator), so the script decides
// exactly as the engine does; redis_rate_gcra keeps redis_rate's own doubles, as its preset
// does. Time comes in as an argument (EVAL script 1 key now_us cost) or from the server's
// TIME (EVAL script 1 key cost). Every key a script touches is in KEYS and shares the client
// key's hash tag, so Redis Cluster runs it on one node. The state's TTL is the time until the
// key is idle again plus a 60 s margin, in server time.

#include "engine/limitconfig/limitexport.h"

#include "engine/core/units.h"
#include "engine/limitconfig/redisluapresets.h"

#include <map>

namespace ratelab {

namespace {

// Shared prologue: arguments (after the clock's lines), helpers, and the reply.
constexpr const char* kArgvClock = R"LUA(
local now = tonumber(ARGV[1])
local cost = tonumber(ARGV[2] or '1')
)LUA";
// TIME in a script that writes needs effect replication: the default from Redis 5 on, asked
// for before (replicate_commands is a no-op returning true in 7).
constexpr const char* kServerClock = R"LUA(
if redis.replicate_commands then redis.replicate_commands() end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000000 + tonumber(time[2])
local cost = tonumber(ARGV[1] or '1')
)LUA";
constexpr const char* kPrologue = R"LUA(local key = KEYS[1]
local function ceildiv(a, b) if a <= 0 then return 0 end return math.floor((a + b - 1) / b) end
local function keep(ms) redis.call('PEXPIRE', key, math.max(0, ms) + 60000) end
)LUA";

constexpr const char* kTokenBucket = R"LUA(
-- token_bucket: level in tokens x DEN, refilled by NUM per microsecond (continuous)
-- or NUM x INTERVAL at each multiple of INTERVAL (interval mode).
local CAP, NUM, DEN, CAPACITY, INTERVAL = {{CAP}}, {{NUM}}, {{DEN}}, {{CAPACITY}}, {{INTERVAL}}
local s = redis.call('HMGET', key, 'level', 'last')
local level, last = CAP, nil
if s[1] then level = tonumber(s[1]); last = tonumber(s[2]) end
local function added(from, to)
  if INTERVAL == 0 then return (to - from) * NUM end
  return (math.floor(to / INTERVAL) - math.floor(from / INTERVAL)) * NUM * INTERVAL
end
if last and now > last then
  local a = added(last, now)
  if a >= CAP - level then level = CAP else level = level + a end
end
local function wait(target)
  if level >= target then return 0 end
  if INTERVAL == 0 then return ceildiv(target - level, NUM) end
  return (math.floor(now / INTERVAL) + ceildiv(target - level, NUM * INTERVAL)) * INTERVAL - now
end
local allowed, retry = 0, 0
if cost > CAPACITY then
  retry = -1
elseif level >= cost * DEN then
  level = level - cost * DEN
  if not last or now > last then last = now end
  redis.call('HSET', key, 'level', level, 'last', last)
  allowed = 1
else
  retry = wait(cost * DEN)
end
local reset = wait(CAP)
if allowed == 1 then keep(ceildiv(reset, 1000)) end
return {allowed, math.floor(level / DEN), retry, 0}
)LUA";

constexpr const char* kGcra = R"LUA(
-- gcra: the TAT in units of 1/NUM microsecond (T = DEN per request, tau = TAU), kept
-- relative to a per-key origin that moves to `now` whenever the key is idle.
local NUM, DEN, TAU, BURST = {{NUM}}, {{DEN}}, {{TAU}}, {{BURST}}
local s = redis.call('HMGET', key, 'origin', 'tat')
local origin, tat = now, 0
if s[1] then
  origin = tonumber(s[1]); tat = tonumber(s[2])
  if tat <= (now - origin) * NUM then origin = now; tat = 0 end
end
local nowS = (now - origin) * NUM
if tat < nowS then tat = nowS end
local newTat = tat + DEN * cost
local allowed, retry, kept = 0, 0, tat
if cost > BURST then
  retry = -1
elseif newTat - nowS <= TAU then
  allowed = 1; kept = newTat
  redis.call('HSET', key, 'origin', origin, 'tat', newTat)
else
  retry = ceildiv(newTat - TAU - nowS, NUM)
end
local reset = ceildiv(kept - nowS, NUM)
if allowed == 1 then keep(ceildiv(reset, 1000)) end
return {allowed, math.max(0, math.floor((nowS + TAU - kept) / DEN)), retry, 0}
)LUA";

constexpr const char* kLeakyBucket = R"LUA(
-- leaky_bucket: excess E in requests x DEN, draining NUM per microsecond; E' > BURSTS rejects.
local NUM, DEN, BURSTS, BURST, SHAPE = {{NUM}}, {{DEN}}, {{BURSTS}}, {{BURST}}, {{SHAPE}}
local s = redis.call('HMGET', key, 'excess', 'last')
local excess, last = nil, nil
local first = 0
if s[1] then
  excess = tonumber(s[1]); last = tonumber(s[2])
  local elapsed = math.max(0, now - last)
  first = math.max(0, excess + DEN - elapsed * NUM)
end
local nxt = first + (cost - 1) * DEN
local allowed, retry, remaining, delay = 0, 0, 0, 0
if cost - 1 > BURST then
  retry = -1
elseif nxt <= BURSTS then
  if not last or now > last then last = now end
  redis.call('HSET', key, 'excess', nxt, 'last', last)
  allowed = 1
  remaining = math.floor((BURSTS - nxt) / DEN)
  if SHAPE == 1 then delay = ceildiv(nxt, NUM) end
  keep(ceildiv(last + ceildiv(nxt + DEN, NUM) - now, 1000))
  return {allowed, remaining, 0, delay}
else
  retry = last + ceildiv(excess + DEN - (BURST - cost + 1) * DEN, NUM) - now
end
if first <= BURSTS then remaining = math.floor((BURSTS - first) / DEN) + 1 end
return {allowed, remaining, retry, 0}
)LUA";

constexpr const char* kFixedWindow = R"LUA(
-- fixed_window: the count of the current window (epoch-aligned, or opened by a request).
local LIMIT, W, COUNT_REJECTED, ALIGN_FIRST = {{LIMIT}}, {{WINDOW}}, {{COUNT_REJECTED}}, {{ALIGN_FIRST}}
local s = redis.call('HMGET', key, 'start', 'used')
local start, used = nil, 0
if s[1] then start = tonumber(s[1]); used = tonumber(s[2]) end
if ALIGN_FIRST == 1 then
  if not start or now - start >= W then start = now; used = 0 end
else
  local ws = math.floor(now / W) * W
  if not start or ws > start then start = ws; used = 0 end
end
local allowed, retry = 0, 0
if cost <= LIMIT and used + cost <= LIMIT then
  used = used + cost; allowed = 1
else
  if cost > LIMIT then retry = -1 else retry = start + W - now end
  if COUNT_REJECTED == 1 then used = math.min(LIMIT + 1, used + cost) end
end
redis.call('HSET', key, 'start', start, 'used', used)
keep(ceildiv(start + W - now, 1000))
return {allowed, math.max(0, LIMIT - used), retry, 0}
)LUA";

constexpr const char* kSlidingWindowLog = R"LUA(
-- sliding_window_log: a ZSET of admitted units scored by time; an entry at s counts at now
-- iff now - s < W (exclusive) or now - s <= W (INCLUSIVE = 1).
local LIMIT, W, INCLUSIVE = {{LIMIT}}, {{WINDOW}}, {{INCLUSIVE}}
local seqKey = KEYS[2]
if not seqKey then return redis.error_reply('sliding_window_log takes 2 keys: rl:{KEY} and rl:{KEY}:seq') end
local cutoff = now - W
if INCLUSIVE == 1 then
  redis.call('ZREMRANGEBYSCORE', key, '-inf', '(' .. cutoff)
else
  redis.call('ZREMRANGEBYSCORE', key, '-inf', cutoff)
end
local counted = redis.call('ZCARD', key)
local function leaves(s) return s + W + INCLUSIVE end
local allowed, retry = 0, 0
if cost <= LIMIT and counted + cost <= LIMIT then
  local stamp = now
  local newest = redis.call('ZRANGE', key, -1, -1, 'WITHSCORES')
  if newest[2] and tonumber(newest[2]) > stamp then stamp = tonumber(newest[2]) end
  local seq = redis.call('HINCRBY', seqKey, 'n', cost)
  for i = 1, cost do redis.call('ZADD', key, stamp, (seq - cost + i)) end
  counted = counted + cost
  allowed = 1
elseif cost > LIMIT then
  retry = -1
else
  local e = redis.call('ZRANGE', key, counted + cost - LIMIT - 1, counted + cost - LIMIT - 1, 'WITHSCORES')
  retry = leaves(tonumber(e[2])) - now
end
local newest = redis.call('ZRANGE', key, -1, -1, 'WITHSCORES')
if newest[2] then
  local ttl = ceildiv(leaves(tonumber(newest[2])) - now, 1000)
  keep(ttl)
  redis.call('PEXPIRE', seqKey, math.max(0, ttl) + 60000)
end
return {allowed, math.max(0, LIMIT - counted), retry, 0}
)LUA";

constexpr const char* kSlidingWindowCounter = R"LUA(
-- sliding_window_counter: the admitted cost of the current window and of the one before;
-- est = floor(prev x (W - elapsed) / W) + curr.
local LIMIT, W = {{LIMIT}}, {{WINDOW}}
local s = redis.call('HMGET', key, 'window', 'curr', 'prev')
local index = math.floor(now / W)
local curr, prev = 0, 0
local window = index
if s[1] then
  window = tonumber(s[1])
  if window >= index then
    curr = tonumber(s[2]); prev = tonumber(s[3])
  elseif window == index - 1 then
    prev = tonumber(s[2]); window = index
  else
    window = index
  end
end
local start = window * W
local elapsed = math.min(math.max(now - start, 0), W - 1)
local function weighted(p, e) return math.floor(p * (W - e) / W) end
local function elapsedFor(p, budget)
  if p <= budget then return 0 end
  return W - math.floor(((budget + 1) * W - 1) / p)
end
local est = weighted(prev, elapsed) + curr
local allowed, retry, remaining = 0, 0, 0
if cost <= LIMIT and est + cost <= LIMIT then
  curr = curr + cost; allowed = 1
  remaining = LIMIT - est - cost
  redis.call('HSET', key, 'window', window, 'curr', curr, 'prev', prev)
  keep(ceildiv(start + 2 * W - now, 1000))
else
  remaining = math.max(0, LIMIT - est)
  if cost > LIMIT then
    retry = -1
  else
    local budget = LIMIT - cost - curr
    if budget >= 0 and elapsedFor(prev, budget) < W then
      retry = start + elapsedFor(prev, budget) - now
    else
      retry = start + W + elapsedFor(curr, LIMIT - cost) - now
    end
  end
end
return {allowed, remaining, retry, 0}
)LUA";

std::string fill(std::string text, const std::map<std::string, std::string>& values)
{
    for (const auto& [name, value] : values) {
        const std::string slot = "{{" + name + "}}";
        for (auto at = text.find(slot); at != std::string::npos; at = text.find(slot, at + value.size()))
            text.replace(at, slot.size(), value);
    }
    return text;
}

std::string str(std::int64_t v)
{
    return std::to_string(v);
}
std::string str(Int128 v)
{
    return std::to_string(static_cast<std::int64_t>(v));
}

Rate rateOf(const ParamValues& params, const std::string& name)
{
    std::string error;
    auto r = parseRate(params.at(name), error);
    if (!r)
        throw ParamError("param " + name, error);
    return *r;
}

std::int64_t integerOf(const ParamValues& params, const std::string& name)
{
    std::string error;
    return parseInteger(params.at(name), error).value_or(0);
}

void requireExact(Int128 value, const std::string& what)
{
    if (value >= (Int128{1} << 53))
        throw ExportError("redis-lua: " + what + " exceeds 2^53, beyond exact Lua (double) arithmetic");
}

// How to call the script, as a comment: its keys, its arguments for the clock, its reply,
// and loading it once for EVALSHA.
std::string usage(const std::string& algorithm, RedisClock clock)
{
    const std::vector<std::string> keys = redisLuaKeys(algorithm, "alice");
    std::string keyList;
    for (const std::string& k : keys)
        keyList += " " + k;
    const std::string args = clock == RedisClock::Server ? " <cost>" : " <now_us> <cost>";
    const std::string example = clock == RedisClock::Server ? " 1" : " 1700000000000000 1";
    return "-- clock: " + std::string(clock == RedisClock::Server ? "redis (the server's TIME)" : "argv (now_us passed in)")
        + "\n-- EVALSHA <sha> " + std::to_string(keys.size()) + keyList + args
        + "  ->  {allowed 1|0, remaining, retry_after_us (-1: never), delay_us}\n"
          "-- every key shares the client key's hash tag {...}, so Redis Cluster runs it on one node.\n"
          "-- Load once: redis-cli SCRIPT LOAD \"$(cat script.lua)\" gives <sha>; on a NOSCRIPT reply load\n"
          "-- it again and repeat the call. By hand: redis-cli EVAL \"$(cat script.lua)\" "
        + std::to_string(keys.size()) + keyList + example + "\n";
}

// The script returns values, not a response: the caller builds the 429 from them, as
// `ratelab-cli decide --body json` does (engine/algorithms/http/problemdetails.h).
std::string rejectionResponse(const std::string& algorithm, const ParamValues& p)
{
    return "-- On allowed 0 the caller answers 429 with Retry-After: ceil(retry_after_us / 1e6) (none for -1)\n"
           "-- and this application/problem+json body, plus \"retry-after\": that figure when there is one:\n"
           "-- "
        + proxyProblemBody(algorithm, p, "ratelab") + "\n";
}

}  // namespace

std::vector<std::string> redisLuaKeys(const std::string& algorithm, const std::string& key, const std::string& prefix)
{
    std::vector<std::string> keys{prefix + "{" + key + "}"};
    if (algorithm == "sliding_window_log")
        keys.push_back(keys.front() + ":seq");
    return keys;
}

std::string redisLuaScript(const std::string& algorithm, const ParamValues& p, RedisClock clock)
{
    std::string body;
    if (algorithm == "token_bucket") {
        const Rate r = rateOf(p, "refill");
        const std::int64_t capacity = integerOf(p, "capacity");
        const Duration interval = p.at("refill_mode") == "interval" ? durationParam(p, "interval") : 0;
        requireExact(Int128{capacity} * r.den, "capacity x the rate's denominator");
        requireExact(Int128{r.num} * std::max<Duration>(interval, 1), "the refill per interval");
        body = fill(kTokenBucket,
                    {{"CAP", str(Int128{capacity} * r.den)},
                     {"NUM", str(r.num)},
                     {"DEN", str(r.den)},
                     {"CAPACITY", str(capacity)},
                     {"INTERVAL", str(interval)}});
    } else if (algorithm == "gcra") {
        const Rate r = rateOf(p, "rate");
        const std::int64_t burst = integerOf(p, "burst");
        requireExact(Int128{r.den} * burst, "tau");
        body =
            fill(kGcra, {{"NUM", str(r.num)}, {"DEN", str(r.den)}, {"TAU", str(Int128{r.den} * burst)}, {"BURST", str(burst)}});
    } else if (algorithm == "leaky_bucket") {
        const Rate r = rateOf(p, "rate");
        const std::int64_t burst = integerOf(p, "burst");
        requireExact(Int128{r.den} * (burst + 1), "burst x the rate's denominator");
        body = fill(kLeakyBucket,
                    {{"NUM", str(r.num)},
                     {"DEN", str(r.den)},
                     {"BURSTS", str(Int128{r.den} * burst)},
                     {"BURST", str(burst)},
                     {"SHAPE", p.at("mode") == "shape" ? "1" : "0"}});
    } else if (algorithm == "fixed_window") {
        body = fill(kFixedWindow,
                    {{"LIMIT", p.at("limit")},
                     {"WINDOW", str(durationParam(p, "window"))},
                     {"COUNT_REJECTED", p.at("count_rejected") == "true" ? "1" : "0"},
                     {"ALIGN_FIRST", p.at("align") == "first" ? "1" : "0"}});
    } else if (algorithm == "sliding_window_log") {
        body = fill(kSlidingWindowLog,
                    {{"LIMIT", p.at("limit")},
                     {"WINDOW", str(durationParam(p, "window"))},
                     {"INCLUSIVE", p.at("boundary") == "inclusive" ? "1" : "0"}});
    } else if (algorithm == "sliding_window_counter") {
        const std::int64_t limit = integerOf(p, "limit");
        requireExact(Int128{limit + 1} * durationParam(p, "window"), "(limit + 1) x window");
        body = fill(kSlidingWindowCounter, {{"LIMIT", str(limit)}, {"WINDOW", str(durationParam(p, "window"))}});
    } else if (std::optional<std::string> preset = redisLuaPresetBody(algorithm, p)) {
        body = std::move(*preset);
    } else {
        throw ExportError("redis-lua covers the six exact algorithms (token_bucket, leaky_bucket, fixed_window, "
                          "sliding_window_log, sliding_window_counter, gcra) and the presets redis_rate_gcra and "
                          "redis_incr_expire, not "
                          + algorithm);
    }
    return exportHeader(algorithm, p, "--") + usage(algorithm, clock) + rejectionResponse(algorithm, p)
        + (clock == RedisClock::Server ? kServerClock : kArgvClock) + kPrologue + body;
}

}  // namespace ratelab
