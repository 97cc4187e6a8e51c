// What the leaky bucket shows of a key's state and how the state changes with time alone (the
// Learn view's lanes: inspect(), limits(), stateBreaks(); statecurve.h), and, for an exact
// algorithm, how it carries its state across a limit change (statetransfer.h).

#include "engine/algorithms/leakybucket/leakybucket.h"
#include "engine/algorithms/limiter/statebreaks.h"
#include "engine/algorithms/limiter/statetransfer.h"

#include <algorithm>

namespace ratelab {

std::vector<StateValue> LeakyBucket::inspectState(const LeakyBucketState& state, SimTime now) const
{
    // The excess left after draining to `now` (before any new request adds to it).
    double excess = 0;
    if (state.last != kNever) {
        const Int128 drained = Int128{state.excess} - Int128{std::max<Duration>(0, now - state.last)} * m_params.rate.num;
        excess = static_cast<double>(std::max<Int128>(0, drained)) / static_cast<double>(m_params.rate.den);
    }
    return {{"excess", excess, "requests"}};
}

std::vector<StateValue> LeakyBucket::limits() const
{
    return {{"burst", static_cast<double>(m_params.burst), "requests"}};
}

// Flat before `last`, then draining at the rate to 0.
std::vector<SimTime> LeakyBucket::breaksOfState(const LeakyBucketState& state, SimTime from, SimTime to) const
{
    (void)from;
    (void)to;
    std::vector<SimTime> out;
    if (state.last == kNever || state.excess <= 0)
        return out;
    out.push_back(state.last);
    addKink(out, state.last + m_num.ceilOfNonNegative(state.excess));
    return out;
}

void LeakyBucket::adoptStateFrom(const LeakyBucket& old, StatePolicy policy, SimTime now)
{
    states() = old.states();
    const Int128 oldDen = old.m_params.rate.den;
    const Int128 newDen = m_params.rate.den;
    for (LeakyBucketState& s : states()) {
        if (s.last == kNever)
            continue;
        const Duration elapsed = std::max<Duration>(0, now - s.last);
        Int128 excess = std::max<Int128>(0, Int128{s.excess} - Int128{elapsed} * old.m_params.rate.num);
        excess = policy == StatePolicy::Scale ? rescale(excess, newDen * (m_params.burst + 1), oldDen * (old.m_params.burst + 1))
                                              : rescale(excess, newDen, oldDen);
        s.excess = static_cast<std::int64_t>(std::min<Int128>(excess, m_burstScaled));
        s.last = std::max(s.last, now);
    }
}

}  // namespace ratelab
