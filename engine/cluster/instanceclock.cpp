#include "engine/cluster/instanceclock.h"

#include <algorithm>

namespace ratelab {

namespace {

std::int64_t windowOf(SimTime clockTime, Duration periodUs)
{
    return floorDiv(clockTime, periodUs);
}

}  // namespace

std::vector<SimTime> InstanceClock::windowStarts(Duration periodUs, SimTime from, SimTime to, std::size_t cap) const
{
    std::vector<SimTime> out;
    if (periodUs <= 0 || to - from < 2)
        return out;
    // The clock is continuous and non-decreasing between its steps: split (from, to) there.
    std::vector<SimTime> cuts{from + 1};
    for (const ClockStep& step : m_spec.steps)
        if (m_start + step.at > from + 1 && m_start + step.at < to)
            cuts.push_back(m_start + step.at);
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
    cuts.push_back(to);
    for (std::size_t s = 0; s + 1 < cuts.size(); ++s) {
        const SimTime a = cuts[s], b = cuts[s + 1];  // [a, b): one piece without a step inside
        std::int64_t window = windowOf(read(a - 1), periodUs);
        if (windowOf(read(a), periodUs) != window) {
            out.push_back(a);  // entered at a: by running into it, or by the step at a
            window = windowOf(read(a), periodUs);
        }
        const std::int64_t last = windowOf(read(b - 1), periodUs);
        for (std::int64_t k = window + 1; k <= last; ++k) {
            // The first T in (a, b) reading at least k x W.
            SimTime lo = a, hi = b - 1;  // read(lo) < kW <= read(hi)
            while (hi - lo > 1) {
                const SimTime mid = lo + (hi - lo) / 2;
                (read(mid) >= k * periodUs ? hi : lo) = mid;
            }
            if (out.empty() || out.back() != hi)  // a clock faster than the windows skips some
                out.push_back(hi);
            if (out.size() > cap)
                return {};
        }
        if (out.size() > cap)
            return {};
    }
    return out;
}

}  // namespace ratelab
