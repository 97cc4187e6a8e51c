-- RateLab's own re-implementation of the GCRA that go-redis/redis_rate v10.0.1
-- (and v9.1.x; same script) runs in Redis: file lua.go, variable allowN
-- (also shipped as script_allow_n.lua). Written from the logic, not copied.
--
-- Differences from the shipped script, both needed for an exact replay:
--   * the clock comes from ARGV (seconds, microseconds) instead of
--     redis.call("TIME"); it is turned into "now" exactly as the shipped script
--     does: (seconds - 1483228800) + (microseconds / 1000000)  (the shipped
--     script counts from 2017-01-01 to keep the double small);
--   * the stored TAT gets no EX expiry: the shipped script sets
--     EX ceil(reset_after) so the key only vanishes after the TAT has passed,
--     when a missing key and a stale TAT give the same answer; with a replayed
--     clock a wall-clock expiry would be wrong.
--
-- KEYS[1] = per-key TAT key
-- ARGV    = burst, rate, period_seconds, cost, now_seconds, now_microseconds
-- returns {allowed_cost, remaining, tostring(retry_after), tostring(reset_after)}
-- (the same shape as the shipped script; Redis turns the Lua number
-- "remaining" into an integer reply by truncation).

local key = KEYS[1]
local burst = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local period = tonumber(ARGV[3])
local cost = tonumber(ARGV[4])
local sec = tonumber(ARGV[5])
local usec = tonumber(ARGV[6])

local interval = period / rate          -- seconds between requests (double)
local step = interval * cost            -- how far this request moves the TAT
local tolerance = interval * burst      -- how far ahead of now the TAT may be

local now = (sec - 1483228800) + (usec / 1000000)

local stored = redis.call("GET", key)
local tat
if stored then
  tat = tonumber(stored)
else
  tat = now
end
if now > tat then
  tat = now
end

local candidate = tat + step
local diff = now - (candidate - tolerance)
local left = diff / interval

if left < 0 then
  return {0, 0, tostring(-diff), tostring(tat - now)}
end

local reset_after = candidate - now
if reset_after > 0 then
  redis.call("SET", key, candidate)
end
return {cost, left, tostring(-1), tostring(reset_after)}
