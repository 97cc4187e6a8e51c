// What the fixed window shows of a key's state and how the state changes with time alone (the
// Learn view's lanes: inspect(), limits(), stateBreaks(); statecurve.h), and, for an exact
// algorithm, how it carries its state across a limit change (statetransfer.h).

#include "engine/algorithms/fixedwindow/fixedwindow.h"
#include "engine/algorithms/limiter/statebreaks.h"
#include "engine/algorithms/limiter/statetransfer.h"

#include <algorithm>

namespace ratelab {

std::vector<StateValue> FixedWindowEpoch::inspectState(const EpochWindowState& state, SimTime now) const
{
    const std::int64_t index = floorDiv(now, m_params.windowUs);
    const bool current = state.window == index;
    return {{"count", current ? static_cast<double>(state.count) : 0.0, "requests"},
            {"window_start_us", static_cast<double>(index * m_params.windowUs), "us"}};
}

std::vector<StateValue> FixedWindowEpoch::limits() const
{
    return {{"limit", static_cast<double>(m_params.limit), "requests"}};
}

// Every window boundary: the count drops to 0 at the first, the window's start moves at each.
std::vector<SimTime> FixedWindowEpoch::breaksOfState(const EpochWindowState& state, SimTime from, SimTime to) const
{
    (void)state;
    std::vector<SimTime> out;
    addBoundaries(out, from, to, m_params.windowUs);
    return out;
}

void FixedWindowEpoch::adoptStateFrom(const FixedWindowEpoch& old, StatePolicy policy, SimTime)
{
    if (old.m_params.windowUs != m_params.windowUs)
        return;  // other windows: counts start afresh
    states() = old.states();
    for (EpochWindowState& s : states()) {
        const std::int64_t count = policy == StatePolicy::Scale ? rescale(s.count, m_params.limit, old.m_params.limit) : s.count;
        s.count = std::min<std::int64_t>(count, m_params.limit + 1);
    }
}

template <class Expiry>
void FixedWindowFirst<Expiry>::adoptStateFrom(const FixedWindowFirst& old, StatePolicy policy, SimTime)
{
    if (old.m_params.windowUs != m_params.windowUs)
        return;
    this->states() = old.states();
    for (FirstWindowState& s : this->states()) {
        const std::int64_t count = policy == StatePolicy::Scale ? rescale(s.count, m_params.limit, old.m_params.limit) : s.count;
        s.count = std::min<std::int64_t>(count, m_params.limit + 1);
    }
}

template void FixedWindowFirst<ExactExpiry>::adoptStateFrom(const FixedWindowFirst&, StatePolicy, SimTime);
template void FixedWindowFirst<PythonFloatExpiry>::adoptStateFrom(const FixedWindowFirst&, StatePolicy, SimTime);

}  // namespace ratelab
