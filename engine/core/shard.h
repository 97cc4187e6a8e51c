#pragma once
// A run split by key (`--shard i/N`): which of N shards a key belongs to. The shard of a key
// is FNV-1a 64 of its name's bytes, modulo N: fixed across runs, machines and standard
// libraries (unlike std::hash), so every shard of a run agrees on it.

#include <cstdint>
#include <string_view>

namespace ratelab {

struct ShardSpec {
    std::uint32_t index = 0;  // 0 <= index < count
    std::uint32_t count = 1;
};

// FNV-1a 64: offset basis 14695981039346656037, prime 1099511628211.
constexpr std::uint64_t fnv1a64(std::string_view bytes)
{
    std::uint64_t h = 14695981039346656037ull;
    for (const char c : bytes) {
        h ^= static_cast<std::uint8_t>(c);
        h *= 1099511628211ull;
    }
    return h;
}

constexpr std::uint32_t shardOfKey(std::string_view name, std::uint32_t count)
{
    return static_cast<std::uint32_t>(fnv1a64(name) % count);
}

}  // namespace ratelab
