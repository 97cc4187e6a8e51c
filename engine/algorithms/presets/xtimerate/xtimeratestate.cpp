// What x_time_rate shows of a key's state and how the state changes with time alone (the
// Learn view's lanes: inspect(), limits(), stateBreaks(); statecurve.h), in the arithmetic
// and units of the system it reproduces.

#include "engine/algorithms/limiter/firstinstant.h"
#include "engine/algorithms/limiter/retrysearch.h"
#include "engine/algorithms/limiter/statebreaks.h"
#include "engine/algorithms/presets/xtimerate/xtimerate.h"

#include <algorithm>

namespace ratelab {

// advance(t): a new key is full (its elapsed time saturates), time before `last` refills nothing.
std::vector<StateValue> XTimeRate::inspectState(const XTimeRateState& state, SimTime now) const
{
    return {{"tokens", advance(state, now * 1000), "tokens"}};
}

std::vector<StateValue> XTimeRate::limits() const
{
    return {{"burst", static_cast<double>(m_params.burst), "tokens"}};
}

// Flat before `last` (advance() refills nothing before it), then rising at `limit` until
// min() holds it at the burst.
std::vector<SimTime> XTimeRate::breaksOfState(const XTimeRateState& state, SimTime from, SimTime to) const
{
    std::vector<SimTime> out;
    const double burst = static_cast<double>(m_params.burst);
    if (state.lastNs == kNever || state.tokens >= burst)
        return out;
    const SimTime last = state.lastNs / 1000;  // a decision's t_us x 1000
    out.push_back(last);
    const SimTime guess = last + saturatedMicros(std::ceil((burst - state.tokens) / m_limit * 1e6));
    const SimTime full =
        firstInstant(std::max(last, from), to + 1, guess, [&](SimTime t) { return advance(state, t * 1000) >= burst; });
    if (full > from && full <= to + 1)
        addKink(out, full);
    return out;
}

}  // namespace ratelab
