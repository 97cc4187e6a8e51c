// What throttled_gcra shows of a key's state and how the state changes with time alone (the
// Learn view's lanes: inspect(), limits(), stateBreaks(); statecurve.h), in the arithmetic
// and units of the system it reproduces.

#include "engine/algorithms/limiter/firstinstant.h"
#include "engine/algorithms/limiter/retrysearch.h"
#include "engine/algorithms/limiter/statebreaks.h"
#include "engine/algorithms/presets/throttledgcra/throttledgcra.h"

#include <algorithm>

namespace ratelab {

// TAT - now in integer nanoseconds, shown in microseconds, floored at 0 as max(tat, now).
std::vector<StateValue> ThrottledGcra::inspectState(const ThrottledGcraState& state, SimTime now) const
{
    const std::int64_t ahead = state.tatNs == kNever ? 0 : std::max<std::int64_t>(0, state.tatNs - now * 1000);
    return {{"tat_minus_now", static_cast<double>(ahead) / 1000.0, "us"}};
}

// tau is throttled's delay variation tolerance T x (max_burst + 1): a request passes iff its
// new TAT - now is within it. Named as GCRA's, whose TAT + T - tau the Learn view shades.
std::vector<StateValue> ThrottledGcra::limits() const
{
    return {{"tau", static_cast<double>(m_toleranceNs) / 1000.0, "us"},
            {"emission_interval", static_cast<double>(m_emissionNs) / 1000.0, "us"}};
}

// TAT - now falls 1 us per us until now x 1000 reaches the TAT in nanoseconds.
std::vector<SimTime> ThrottledGcra::breaksOfState(const ThrottledGcraState& state, SimTime from, SimTime to) const
{
    (void)from;
    (void)to;
    std::vector<SimTime> out;
    if (state.tatNs == kNever)
        return out;
    addKink(out, static_cast<SimTime>(ceilDiv128(state.tatNs, 1000)));
    return out;
}

}  // namespace ratelab
