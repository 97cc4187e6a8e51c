#pragma once
// GCRA's arithmetic before a decision (arithmetic.h): the TAT against now, what a request adds,
// tau. The exact GCRA, redis_rate_gcra and throttled_gcra give it.

#include "engine/algorithms/limiter/arithmetic.h"

namespace ratelab {

struct GcraArithmetic final : DecisionArithmetic {
    // The stored TAT - now (negative when it is past; the key is not new), the same after
    // max(TAT, now), the emission interval T and tau, in microseconds (fractional when 1/rate
    // is). Relative to now, so exact at epoch instants.
    SimTime nowUs = 0;
    bool newKey = false;
    double tatFromNowUs = 0;
    double tatAheadUs = 0;
    double emissionUs = 0;
    double tauUs = 0;

    std::string sentence(Cost cost, const Decision& decision, const NumberWords& words) const override;
    void shift(SimTime origin) override { nowUs -= origin; }
};

}  // namespace ratelab
