#pragma once
// A leaky bucket (nginx's rule)'s arithmetic before a decision (arithmetic.h), for the exact algorithm and for the
// presets that follow its rule, with the values their reference computes.

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
