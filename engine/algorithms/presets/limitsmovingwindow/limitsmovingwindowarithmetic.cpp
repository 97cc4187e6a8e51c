// LimitsMovingWindow's arithmetic before a decision (arithmetic.h), in the terms of the family its rule
// follows, with the values its reference computes (its roundings included), computed as its
// decideOne() does, without changing anything.

#include "engine/algorithms/presets/limitsmovingwindow/limitsmovingwindow.h"

#include <algorithm>
#include <cmath>

namespace ratelab {

SlidingLogArithmetic LimitsMovingWindow::arithmeticOf(KeyId key, SimTime now) const
{
    SlidingLogArithmetic a;
    a.nowUs = now;
    a.limit = m_params.limit;
    a.windowUs = m_params.windowUs;
    a.inclusive = true;
    if (key < m_logs.size()) {
        const TimestampLog& live = m_logs[key].live;
        for (std::uint32_t i = 0; i < live.size(); ++i)
            (counts(live.at(i), now) ? a.entries : a.leftEntries).push_back(live.at(i));
    }
    a.count = static_cast<std::int64_t>(a.entries.size());
    return a;
}

}  // namespace ratelab
