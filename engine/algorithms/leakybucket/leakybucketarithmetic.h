#pragma once
// A leaky bucket's arithmetic before a decision (arithmetic.h): the excess held, what drained
// since, the excess a request would leave against the burst. The exact leaky bucket and
// nginx_limit_req (milli-requests over whole milliseconds) give it.

#include "engine/algorithms/limiter/arithmetic.h"

namespace ratelab {

struct LeakyBucketArithmetic final : DecisionArithmetic {
    // A key never seen: an empty excess. Else the excess `held` at `heldAtUs`, `change`
    // drained since (negative), `level` = max(0, held + 1 - drain) - 1, the excess a request
    // of cost c turns into level + c (nginx's rule, so it may fall to -1).
    SimTime nowUs = 0;
    bool newKey = false;
    double held = 0;
    SimTime heldAtUs = 0;
    Duration elapsedUs = 0;    // now - heldAt, 0 when time went back (nginx: its whole ms)
    double ratePerSecond = 0;  // the drain
    double change = 0;
    double level = 0;
    double capacity = 0;  // the burst

    std::string sentence(Cost cost, const Decision& decision, const NumberWords& words) const override;
    void shift(SimTime origin) override
    {
        nowUs -= origin;
        heldAtUs -= origin;
    }
};

}  // namespace ratelab
