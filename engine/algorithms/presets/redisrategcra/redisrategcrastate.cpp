// What redis_rate_gcra shows of a key's state and how the state changes with time alone (the
// Learn view's lanes: inspect(), limits(), stateBreaks(); statecurve.h), in the arithmetic
// and units of the system it reproduces.

#include "engine/algorithms/limiter/firstinstant.h"
#include "engine/algorithms/limiter/retrysearch.h"
#include "engine/algorithms/limiter/statebreaks.h"
#include "engine/algorithms/presets/redisrategcra/redisrategcra.h"

#include <algorithm>

namespace ratelab {

// The stored TAT (a double, seconds since 2017, its roundings included: 0.1 + 0.2 is
// 0.30000000000000004) minus now, floored at 0 as max(tat, now).
std::vector<StateValue> RedisRateGcra::inspectState(const RedisRateGcraState& state, SimTime now) const
{
    const double ahead = std::isnan(state.tat) ? 0.0 : std::max(0.0, tatMinusUs(state.tat, now));
    return {{"tat_minus_now", ahead, "us"}};
}

// tau is the script's burst_offset = emission_interval x burst: a request passes iff its new
// TAT - now is within it. Named as GCRA's, whose TAT + T - tau the Learn view shades.
std::vector<StateValue> RedisRateGcra::limits() const
{
    return {{"tau", m_emissionInterval * static_cast<double>(m_params.burst) * 1e6, "us"},
            {"emission_interval", m_emissionInterval * 1e6, "us"}};
}

// TAT - now falls 1 us per us until now reaches the stored TAT.
std::vector<SimTime> RedisRateGcra::breaksOfState(const RedisRateGcraState& state, SimTime from, SimTime to) const
{
    std::vector<SimTime> out;
    if (std::isnan(state.tat))
        return out;
    const SimTime guess = saturatedMicros((state.tat - scriptNow(0)) * 1e6);
    const SimTime reached = firstInstant(from, to + 1, guess, [&](SimTime t) { return tatMinusUs(state.tat, t) <= 0; });
    if (reached > from && reached <= to + 1)
        addKink(out, reached);
    return out;
}

}  // namespace ratelab
