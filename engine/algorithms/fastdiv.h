#pragma once
// ceilDiv128 and floorDiv128 (engine/core/simtime.h) for the algorithms' hot paths: the same
// quotient, from one 64-bit hardware division when the dividend fits in int64 and the divisor
// is a positive int64 (every run of realistic length and rate), instead of libgcc's
// __divmodti4 call (about 50 instructions). Operands out of that range take the 128-bit path.

#include "engine/core/simtime.h"

namespace ratelab {

constexpr bool fitsInt64(Int128 v)
{
    return v == static_cast<std::int64_t>(v);
}

constexpr Int128 ceilDiv128Fast(Int128 a, Int128 b)
{
    if (fitsInt64(a) && fitsInt64(b) && b > 0) {
        const auto x = static_cast<std::int64_t>(a);
        const auto y = static_cast<std::int64_t>(b);
        const std::int64_t q = x / y;  // y > 0: no INT64_MIN / -1
        return (x % y != 0 && x > 0) ? q + 1 : q;
    }
    return ceilDiv128(a, b);
}

constexpr Int128 floorDiv128Fast(Int128 a, Int128 b)
{
    if (fitsInt64(a) && fitsInt64(b) && b > 0) {
        const auto x = static_cast<std::int64_t>(a);
        const auto y = static_cast<std::int64_t>(b);
        const std::int64_t q = x / y;
        return (x % y != 0 && x < 0) ? q - 1 : q;
    }
    return floorDiv128(a, b);
}

} // namespace ratelab
