#pragma once
// A sliding counter's arithmetic before a decision (arithmetic.h): the previous window's count
// weighted by what is left of it, plus this window's. The exact counter and
// limits_sliding_window_counter (float weights) give it.

#include "engine/algorithms/limiter/arithmetic.h"

namespace ratelab {

struct SlidingCounterArithmetic final : DecisionArithmetic {
    // The window [windowStartUs, windowEndUs) and the time into it, the previous window's
    // count, its weighted part floor(previous x (W - elapsed) / W), this window's count and
    // estimate = weighted + count; whether the window opened since the key's last request.
    SimTime nowUs = 0;
    SimTime windowStartUs = 0;
    SimTime windowEndUs = 0;
    Duration intoWindowUs = 0;
    std::int64_t previous = 0;
    std::int64_t weighted = 0;
    std::int64_t count = 0;
    std::int64_t estimate = 0;
    std::int64_t limit = 0;
    Duration windowUs = 0;
    bool windowOpened = false;

    std::string sentence(Cost cost, const Decision& decision, const NumberWords& words) const override;
    void shift(SimTime origin) override
    {
        nowUs -= origin;
        windowStartUs -= origin;
        windowEndUs -= origin;
    }
};

}  // namespace ratelab
