#pragma once
// A choice between two integers without a branch. A decision near its limit is a coin toss the
// branch predictor loses about half the time, and compilers keep `c ? a : b` as a branch when
// the arms feed stores, so the algorithms' hot paths select with a mask instead.

#include "engine/core/simtime.h"

#include <cstdint>

namespace ratelab {

constexpr std::int64_t pick(bool condition, std::int64_t ifTrue, std::int64_t ifFalse)
{
    const std::int64_t mask = -static_cast<std::int64_t>(condition);
    return (ifTrue & mask) | (ifFalse & ~mask);
}

// The same for the 128-bit path of limiters that fall back to it (GCRA's decideScaled).
constexpr Int128 pick(bool condition, Int128 ifTrue, Int128 ifFalse)
{
    const Int128 mask = -static_cast<Int128>(condition);
    return (ifTrue & mask) | (ifFalse & ~mask);
}

// A wait that a limiter computed from the instant it decided at, `at`, counted again from `now`
// when time went back (`back` = at - now > 0): a wait of 0 (nothing to wait for) or
// kNeverPasses (-1) stays as it is, and any other grows by `back`.
constexpr std::int64_t countedFromNow(std::int64_t waitFromAt, std::int64_t back)
{
    return waitFromAt + pick(waitFromAt > 0, back, 0);
}

}  // namespace ratelab
