#pragma once
// A fixed window's arithmetic before a decision (arithmetic.h): the window the request counts
// in and what it has counted. Both fixed windows (epoch and first-request aligned),
// redis_incr_expire and limits_fixed_window give it.

#include "engine/algorithms/limiter/arithmetic.h"

namespace ratelab {

struct FixedWindowArithmetic final : DecisionArithmetic {
    // The window [windowStartUs, windowEndUs) the request counts in, what it has counted
    // before it, and whether it opened since the key's last request.
    SimTime nowUs = 0;
    SimTime windowStartUs = 0;
    SimTime windowEndUs = 0;
    std::int64_t count = 0;
    std::int64_t limit = 0;
    Duration windowUs = 0;
    bool windowOpened = false;
    bool countsRejected = false;  // count_rejected: a rejected request's cost counts too

    std::string sentence(Cost cost, const Decision& decision, const NumberWords& words) const override;
    void shift(SimTime origin) override
    {
        nowUs -= origin;
        windowStartUs -= origin;
        windowEndUs -= origin;
    }
};

}  // namespace ratelab
