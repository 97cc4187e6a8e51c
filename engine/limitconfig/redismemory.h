#pragma once
// What a key of our Lua scripts (redislua.cpp) holds in Redis, measured on redis-server
// 7.0.15 (64-bit, jemalloc, default encodings): the growth of INFO memory's used_memory over
// 100,000 keys named rl:{user-NNNNNN}, each with its TTL, divided by the keys. That is the
// key's own object (MEMORY USAGE) and its entries in the keyspace and expires dictionaries,
// which MEMORY USAGE leaves out. tests/redis measures them again (within 10%).
//
// Every script but the sliding log keeps one small hash or counter per key, whatever its
// traffic: a token bucket's {level, last} and GCRA's {origin, tat} cost the same 181 B (the
// engine's own state is 16 B and 8 B); a fixed window's {start, used}, the INCR preset's
// {window, count} and redis_rate's TAT as a string 165 B. The log keeps a sorted set of its
// admitted units and a counter key: 303 B plus 10.7 B an entry while the set stays a listpack
// (up to 128 entries, Redis's zset-max-listpack-entries); past that Redis turns it into a
// skiplist, about 108 B an entry.

#include "engine/algorithms/catalog/catalog.h"

#include <optional>
#include <string_view>

namespace ratelab {

struct RedisKeyMemory {
    double perKey = 0;    // bytes a key holds with no entry (the log) or in all (the others)
    double perEntry = 0;  // the sliding log's bytes per entry in its listpack; 0 for the others
};

inline constexpr std::string_view kRedisMemoryMeasuredOn = "redis-server 7.0.15";
// The largest sorted set Redis keeps as a listpack (zset-max-listpack-entries).
inline constexpr int kRedisListpackEntries = 128;

// The measured figures of the script of `algorithm`; none for an algorithm without a script.
std::optional<RedisKeyMemory> redisKeyMemory(std::string_view algorithm);

// The most a key of the script holds: its size, or the sliding log's with a full window of
// `limit` entries (a skiplist's 108 B an entry past 128). None without a script.
std::optional<double> redisBytesPerKeyAtMost(std::string_view algorithm, const ParamValues& params);

}  // namespace ratelab
