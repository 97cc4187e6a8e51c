// What the sliding window counter shows of a key's state and how the state changes with time alone (the
// Learn view's lanes: inspect(), limits(), stateBreaks(); statecurve.h), and, for an exact
// algorithm, how it carries its state across a limit change (statetransfer.h).

#include "engine/algorithms/limiter/statebreaks.h"
#include "engine/algorithms/limiter/statetransfer.h"
#include "engine/algorithms/slidingwindowcounter/slidingwindowcounter.h"

#include <algorithm>

namespace ratelab {

std::vector<StateValue> SlidingWindowCounter::inspectState(const SlidingCounterState& state, SimTime now) const
{
    const Duration w = m_params.windowUs;
    const std::int64_t index = floorDiv(now, w);
    std::int64_t curr = 0;
    std::int64_t prev = 0;
    if (state.window == index) {
        curr = state.curr;
        prev = state.prev;
    } else if (state.window == index - 1) {
        prev = state.curr;
    }
    const Duration elapsed = now - index * w;
    const double weight = static_cast<double>(w - elapsed) / static_cast<double>(w);
    return {{"previous", static_cast<double>(prev), "requests"},
            {"current", static_cast<double>(curr), "requests"},
            {"previous_weight", weight, "share"},
            {"estimate", static_cast<double>(weighted(prev, elapsed) + curr), "requests"}};
}

std::vector<StateValue> SlidingWindowCounter::limits() const
{
    return {{"limit", static_cast<double>(m_params.limit), "requests"}};
}

// Every boundary (the weight starts again at 1), and in the two windows where a previous
// count p weighs, each step of floor(p x (W - e) / W): it falls to j at
// e = W - ceil((j + 1) W / p) + 1.
std::vector<SimTime> SlidingWindowCounter::breaksOfState(const SlidingCounterState& state, SimTime from, SimTime to) const
{
    const Duration w = m_params.windowUs;
    std::vector<SimTime> out;
    addBoundaries(out, from, to, w);
    if (state.window == kNever)
        return out;
    const std::pair<std::int64_t, std::int64_t> weighing[] = {{state.window, state.prev}, {state.window + 1, state.curr}};
    for (const auto& [index, p] : weighing) {
        const SimTime start = index * w;
        if (p <= 0 || start + w <= from || start > to)
            continue;
        // The step to j falls later as j falls: from the last j whose step is after `from`
        // (found by bisection, as p may be large) down, in time order.
        const std::int64_t count = p;  // a lambda cannot capture a structured binding in clang 14
        const auto stepTo = [&](std::int64_t j) {
            return start + w - static_cast<Duration>(ceilDiv128(Int128{j + 1} * w, count)) + 1;
        };
        std::int64_t lo = 0, hi = p;  // stepTo(j) > from for every j < lo, <= from from hi on
        while (lo < hi) {
            const std::int64_t mid = lo + (hi - lo) / 2;
            if (stepTo(mid) > from)
                lo = mid + 1;
            else
                hi = mid;
        }
        for (std::int64_t j = lo - 1; j >= 0 && out.size() < 2 * kMaxStateBreaks; --j) {
            const SimTime step = stepTo(j);
            if (step > to)
                break;
            out.push_back(step);
        }
    }
    return out;
}

void SlidingWindowCounter::adoptStateFrom(const SlidingWindowCounter& old, StatePolicy policy, SimTime)
{
    if (old.m_params.windowUs != m_params.windowUs)
        return;
    states() = old.states();
    for (SlidingCounterState& s : states()) {
        if (policy == StatePolicy::Scale) {
            s.curr = static_cast<std::uint32_t>(rescale(s.curr, m_params.limit, old.m_params.limit));
            s.prev = static_cast<std::uint32_t>(rescale(s.prev, m_params.limit, old.m_params.limit));
        }
    }
}

}  // namespace ratelab
