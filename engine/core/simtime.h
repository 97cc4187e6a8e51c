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

// The valid range (resources/docs/algorithms.md, "Valid range"). Timestamps that enter the
// engine (a trace's t_us, a scenario's start and end) lie in [0, kMaxTimeUs]; every time scale
// a limit's parameters imply (a window, a fill interval, the time an empty bucket takes to
// fill) and a cluster clock's reach (offset, steps and drift) is at most kMaxDurationUs. Then
// every instant a decision computes, a retry's or a reset's included, stays below
// kTimeHorizonUs = 2^53: inside int64 even in the nanoseconds that x_time_rate and
// throttled_gcra count (2^53 x 1000 < 2^63), and exact in a double.
inline constexpr SimTime kMaxTimeUs = SimTime{1} << 52;        // 2112-09-17T23:53:47.370496Z
inline constexpr Duration kMaxDurationUs = Duration{1} << 50;  // about 35.7 years
inline constexpr SimTime kTimeHorizonUs = SimTime{1} << 53;
inline constexpr Cost kMaxCost = (Cost{1} << 31) - 1;  // a request's cost: 1 to 2^31 - 1

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

// floorDiv128 for a divisor that changes per request (divisors fixed per limiter use
// engine/core/divisor.h): the same quotient from one 64-bit hardware division when both
// operands fit in int64 and the divisor is positive, instead of libgcc's __divmodti4 call
// (about 50 instructions). Operands out of that range take the 128-bit path.
constexpr Int128 floorDiv128Fast(Int128 a, Int128 b)
{
    const auto fits = [](Int128 v) { return v == static_cast<std::int64_t>(v); };
    if (fits(a) && fits(b) && b > 0) {
        const auto x = static_cast<std::int64_t>(a);
        const auto y = static_cast<std::int64_t>(b);
        const std::int64_t q = x / y;  // y > 0: no INT64_MIN / -1
        return (x % y != 0 && x < 0) ? q - 1 : q;
    }
    return floorDiv128(a, b);
}

}  // namespace ratelab
