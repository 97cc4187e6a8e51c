// What GCRA shows of a key's state and how the state changes with time alone (the
// Learn view's lanes: inspect(), limits(), stateBreaks(); statecurve.h), and, for an exact
// algorithm, how it carries its state across a limit change (statetransfer.h).

#include "engine/algorithms/gcra/gcra.h"
#include "engine/algorithms/limiter/statebreaks.h"
#include "engine/algorithms/limiter/statetransfer.h"

#include <algorithm>

namespace ratelab {

std::vector<StateValue> Gcra::inspectState(const GcraState& state, SimTime now) const
{
    double ahead = 0;
    if (m_hasOrigin && state.tat != std::numeric_limits<std::int64_t>::min()) {
        const Int128 nowScaled = Int128{now - m_origin} * m_params.rate.num;
        ahead = static_cast<double>(std::max<Int128>(0, Int128{state.tat} - nowScaled)) / static_cast<double>(m_params.rate.num);
    }
    return {{"tat_minus_now", ahead, "us"}};
}

std::vector<StateValue> Gcra::limits() const
{
    const double tau = static_cast<double>(m_tauScaled) / static_cast<double>(m_params.rate.num);
    return {{"tau", tau, "us"},
            {"emission_interval", static_cast<double>(m_params.rate.den) / static_cast<double>(m_params.rate.num), "us"}};
}

// TAT - now falls at 1 us per us until now reaches the TAT.
std::vector<SimTime> Gcra::breaksOfState(const GcraState& state, SimTime from, SimTime to) const
{
    (void)from;
    (void)to;
    std::vector<SimTime> out;
    if (!m_hasOrigin || state.tat == std::numeric_limits<std::int64_t>::min())
        return out;
    addKink(out, m_origin + static_cast<SimTime>(ceilDiv128(state.tat, m_params.rate.num)));
    return out;
}

void Gcra::adoptStateFrom(const Gcra& old, StatePolicy policy, SimTime now)
{
    m_origin = now;
    m_hasOrigin = true;
    states() = old.states();
    for (GcraState& s : states()) {
        if (s.tat == std::numeric_limits<std::int64_t>::min())
            continue;
        // The debt TAT - now, in old units of 1/num_old us; rebased onto the new origin.
        const Int128 debt = std::max<Int128>(0, Int128{s.tat} - Int128{now - old.m_origin} * old.m_params.rate.num);
        // In new units of 1/num_new us: keep converts units; scale multiplies by tau_new / tau_old.
        Int128 newDebt = policy == StatePolicy::Scale ? debt * m_tauScaled / old.m_tauScaled
                                                      : debt * m_params.rate.num / old.m_params.rate.num;
        newDebt = std::min(newDebt, m_tauScaled);
        s.tat = static_cast<std::int64_t>(newDebt);  // relative to the new origin, now
    }
}

}  // namespace ratelab
