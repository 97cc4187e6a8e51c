// NginxLimitReq's arithmetic before a decision (arithmetic.h), in the terms of the family its rule
// follows, with the values its reference computes (its roundings included), computed as its
// decideOne() does, without changing anything.

#include "engine/algorithms/presets/nginxlimitreq/nginxlimitreq.h"

#include <algorithm>
#include <cmath>

namespace ratelab {

LeakyBucketArithmetic NginxLimitReq::arithmeticOf(const NginxLimitReqState& state, SimTime now) const
{
    LeakyBucketArithmetic a;
    a.nowUs = now;
    a.capacity = static_cast<double>(m_params.burst);
    a.ratePerSecond = static_cast<double>(m_params.rateMilli) / 1000.0;
    a.newKey = state.lastMs == kNever;
    if (a.newKey)
        return a;  // admitted with excess 0: as an excess of -1 before the request
    const std::int64_t ms = elapsedMs(state.lastMs, now);
    const Int128 drained = drainedIn(ms);
    a.held = static_cast<double>(state.excess) / 1000.0;
    a.heldAtUs = state.lastMs * kMicrosPerMilli;
    a.elapsedUs = ms * kMicrosPerMilli;
    a.change = -static_cast<double>(std::min<Int128>(drained, Int128{state.excess} + 1000)) / 1000.0;
    a.level = static_cast<double>(std::max<Int128>(0, state.excess - drained + 1000)) / 1000.0 - 1;
    return a;
}

}  // namespace ratelab
