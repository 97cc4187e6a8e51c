#pragma once
// Simulation time: signed 64-bit microseconds since the Unix epoch (a trace may start at 0).
// The engine never reads a wall clock; every algorithm takes the time as an argument.

#include <cstdint>
#include <limits>

namespace ratelab {

using SimTime = std::int64_t;   // microseconds since the epoch
using Duration = std::int64_t;  // microseconds
using KeyId = std::uint32_t;    // dense id of an interned key
using Cost = std::int64_t;      // request cost, >= 1

inline constexpr Duration kMicrosPerMilli = 1'000;
inline constexpr Duration kMicrosPerSecond = 1'000'000;
inline constexpr Duration kMicrosPerMinute = 60 * kMicrosPerSecond;
inline constexpr Duration kMicrosPerHour = 60 * kMicrosPerMinute;

// "Never seen" marker for per-key timestamps: a new key compares older than any real time.
inline constexpr SimTime kNever = std::numeric_limits<SimTime>::min();

// Floor division for possibly negative times (C++ '/' truncates toward zero).
constexpr std::int64_t floorDiv(std::int64_t a, std::int64_t b)
{
    const std::int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

// Ceiling division for a non-negative numerator and positive denominator.
constexpr std::int64_t ceilDivPositive(std::int64_t a, std::int64_t b)
{
    return a <= 0 ? 0 : (a + b - 1) / b;
}

// 128-bit intermediates keep scaled products exact; __extension__ marks the GNU type for -Wpedantic.
__extension__ typedef __int128 Int128;

constexpr Int128 ceilDiv128(Int128 a, Int128 b)
{
    const Int128 q = a / b;
    return (a % b != 0 && ((a > 0) == (b > 0))) ? q + 1 : q;
}

constexpr Int128 floorDiv128(Int128 a, Int128 b)
{
    const Int128 q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

} // namespace ratelab
