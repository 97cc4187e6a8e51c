#pragma once
// floorDiv128 (engine/core/simtime.h) for a divisor that changes per request (divisors fixed
// per limiter use engine/core/divisor.h): the same quotient from one 64-bit hardware division
// when both operands fit in int64 and the divisor is positive, instead of libgcc's
// __divmodti4 call (about 50 instructions). Operands out of that range take the 128-bit path.

#include "engine/core/simtime.h"

namespace ratelab {

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
