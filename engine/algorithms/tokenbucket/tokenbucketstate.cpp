// What the token bucket shows of a key's state and how the state changes with time alone (the
// Learn view's lanes: inspect(), limits(), stateBreaks(); statecurve.h), and, for an exact
// algorithm, how it carries its state across a limit change (statetransfer.h).

#include "engine/algorithms/limiter/statebreaks.h"
#include "engine/algorithms/limiter/statetransfer.h"
#include "engine/algorithms/tokenbucket/tokenbucket.h"

#include <algorithm>

namespace ratelab {

std::vector<StateValue> TokenBucket::inspectState(const TokenBucketState& state, SimTime now) const
{
    return {{"tokens", static_cast<double>(levelAt(state, now)) / static_cast<double>(m_params.refill.den), "tokens"}};
}

std::vector<StateValue> TokenBucket::limits() const
{
    return {{"capacity", static_cast<double>(m_params.capacity), "tokens"}};
}

// Continuous: flat before `last` (time that went back refills nothing), then rising at
// refill until full. Interval: a step at each fill until full.
std::vector<SimTime> TokenBucket::breaksOfState(const TokenBucketState& state, SimTime from, SimTime to) const
{
    std::vector<SimTime> out;
    if (state.last == kNever || state.level >= m_capacityScaled)
        return out;
    if (m_params.mode == RefillMode::Continuous) {
        out.push_back(state.last);
        addKink(out, state.last + m_num.ceilOfNonNegative(m_capacityScaled - state.level));
        return out;
    }
    const auto fills = static_cast<std::int64_t>(ceilDiv128(Int128{m_capacityScaled} - state.level, m_perFillScaled));
    const std::int64_t firstFill = floorDiv(state.last, m_params.intervalUs) + 1;
    for (std::int64_t k = 0; k < fills && out.size() < kMaxStateBreaks; ++k) {
        const SimTime fill = (firstFill + k) * m_params.intervalUs;
        if (fill > to)
            break;
        if (fill > from)
            out.push_back(fill);
    }
    return out;
}

void TokenBucket::adoptStateFrom(const TokenBucket& old, StatePolicy policy, SimTime now)
{
    states() = old.states();
    const Int128 oldDen = old.m_params.refill.den;
    const Int128 newDen = m_params.refill.den;
    for (TokenBucketState& s : states()) {
        if (s.last == kNever)
            continue;
        // Tokens now, in the new scale: keep clamps them, scale multiplies them.
        Int128 level = old.levelAt(s, now);
        level = policy == StatePolicy::Scale ? rescale(level, newDen * m_params.capacity, oldDen * old.m_params.capacity)
                                             : rescale(level, newDen, oldDen);
        s.level = static_cast<std::int64_t>(std::min<Int128>(level, m_capacityScaled));
        s.last = std::max(s.last, now);
    }
}

}  // namespace ratelab
