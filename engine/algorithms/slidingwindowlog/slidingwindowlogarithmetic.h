#pragma once
// A sliding log's arithmetic before a decision (arithmetic.h): the entries still in the
// window and those that left it. The exact log and limits_moving_window give it.

#include "engine/algorithms/limiter/arithmetic.h"

#include <vector>

namespace ratelab {

struct SlidingLogArithmetic final : DecisionArithmetic {
    // The entries counted at now, oldest first, one per unit of cost; those that stopped
    // counting since the key's last request; whether an entry exactly a window old still
    // counts.
    SimTime nowUs = 0;
    std::int64_t count = 0;
    std::int64_t limit = 0;
    Duration windowUs = 0;
    std::vector<SimTime> entries;
    std::vector<SimTime> leftEntries;
    bool inclusive = false;

    std::string sentence(Cost cost, const Decision& decision, const NumberWords& words) const override;
    void shift(SimTime origin) override
    {
        nowUs -= origin;
        for (SimTime& t : entries)
            t -= origin;
        for (SimTime& t : leftEntries)
            t -= origin;
    }
};

}  // namespace ratelab
