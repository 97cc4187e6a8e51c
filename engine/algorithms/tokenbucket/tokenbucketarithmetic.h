#pragma once
// A token bucket's arithmetic before a decision (arithmetic.h): the tokens held, what refilled
// since, the level now. The exact token bucket, x_time_rate (float tokens) and envoy_local
// (whole fills) give it, each with the values it computes.

#include "engine/algorithms/limiter/arithmetic.h"

namespace ratelab {

struct TokenBucketArithmetic final : DecisionArithmetic {
    // A key never seen: a full bucket. Else `held` tokens stored at `heldAtUs`, `change`
    // tokens refilled since (after the cap; in interval mode `fills` whole fills), `level` at
    // now.
    SimTime nowUs = 0;
    bool newKey = false;
    double held = 0;
    SimTime heldAtUs = 0;
    Duration elapsedUs = 0;    // now - heldAt, 0 when time went back
    double ratePerSecond = 0;  // the refill
    Duration intervalUs = 0;   // interval mode: whole fills only (else 0)
    std::int64_t fills = 0;
    double change = 0;
    double level = 0;
    double capacity = 0;

    std::string sentence(Cost cost, const Decision& decision, const NumberWords& words) const override;
    void shift(SimTime origin) override
    {
        nowUs -= origin;
        heldAtUs -= origin;
    }
};

}  // namespace ratelab
