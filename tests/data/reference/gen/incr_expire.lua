-- RateLab: the classic INCR-first fixed window ("INCRBY, then PEXPIRE on the
-- first hit of the window"), as one script so a replay is atomic per request.
-- KEYS[1] = "<key>:<window index>", the index floor(t_us / window_us) being
--           computed by the caller with integer arithmetic
-- ARGV    = cost, limit, window_ms
-- returns {allowed (1/0), counter after this request}
local count = redis.call("INCRBY", KEYS[1], ARGV[1])
if count == tonumber(ARGV[1]) then
  redis.call("PEXPIRE", KEYS[1], ARGV[3])
end
if count <= tonumber(ARGV[2]) then
  return {1, count}
end
return {0, count}
