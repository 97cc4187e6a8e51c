// Where the state of python limits' sliding window counter, left alone, stops being linear in
// time (ratelimiter.h stateBreaks(), statecurve.h), found with the preset's own float
// arithmetic (look()), not a closed form that a rounding would put a microsecond off:
//  - the start of the window before the newest, before which a request is decided as at it;
//  - each window boundary, where the keys int((now - W) / W) and int(now / W) move on,
//    previous_ttl starts again from W and the counts change;
//  - each counter's expiry (its first increment + 2W);
//  - between those, each step down of the floored estimate while a previous count weighs.

#include "engine/algorithms/limiter/firstinstant.h"
#include "engine/algorithms/presets/limitsslidingwindowcounter/limitsslidingwindowcounter.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace ratelab {
namespace {

// How far from a multiple of W the keys may change: int() truncates toward 0, so at t = 0
// (t - W) / W = -1 names window -1 and from 1 us on window 0, a microsecond late; and the
// float quotients are searched a microsecond either side against a rounding.
constexpr Duration kBoundarySlackUs = 1;

}  // namespace

std::vector<SimTime> LimitsSlidingWindowCounter::breaksOfState(const LimitsSlidingCounterState& state, SimTime from,
                                                               SimTime to) const
{
    // What is constant between two structural breaks: the keys, their counts and the phase
    // of previous_ttl. previous_ttl and the estimate move in between.
    const auto signature = [&](SimTime t) {
        const Window w = lookAt(state, t);
        return std::make_tuple(w.previousIndex, w.currentIndex, w.previousCount, w.currentCount, w.previousFloor);
    };
    std::vector<SimTime> edges;
    const SimTime held = heldFrom(state);
    if (held > from && held <= to)
        edges.push_back(held);
    for (const LimitsCounterSlot& slot : state.windows) {
        if (slot.index == kNever)
            continue;
        const auto expired = [&](SimTime t) { return static_cast<double>(std::max(t, held)) / 1e6 >= slot.expiresAt; };
        const SimTime at = firstInstant(from, to, static_cast<SimTime>(std::ceil(slot.expiresAt * 1e6)), expired);
        if (at > from && at <= to)
            edges.push_back(at);
    }
    // Every edge up to `covered` is found: past the (kMaxStateBreaks + 1)-th the walk stops.
    SimTime covered = to;
    const Duration w = m_params.windowUs;
    for (SimTime boundary = floorDiv(from, w) * w; boundary - kBoundarySlackUs <= to; boundary += w) {
        if (edges.size() > kMaxStateBreaks) {
            covered = boundary - kBoundarySlackUs - 1;
            break;
        }
        for (SimTime t = std::max(from + 1, boundary - kBoundarySlackUs); t <= std::min(to, boundary + kBoundarySlackUs); ++t) {
            if (signature(t) != signature(t - 1))
                edges.push_back(t);
        }
    }
    std::sort(edges.begin(), edges.end());
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    edges.erase(std::upper_bound(edges.begin(), edges.end(), covered), edges.end());

    std::vector<SimTime> out;
    SimTime start = from;
    for (std::size_t i = 0; i <= edges.size() && out.size() < kMaxStateBreaks; ++i) {
        const SimTime next = i < edges.size() ? edges[i] : covered + 1;
        addEstimateSteps(state, start, next - 1, out);
        if (i < edges.size())
            out.push_back(next);
        start = next;
    }
    if (out.size() > kMaxStateBreaks)
        out.resize(kMaxStateBreaks);
    return out;
}

// In [first, last], where the windows and counts do not change, the estimate only falls as
// previous_ttl does: each instant it falls below a whole number, in time order.
void LimitsSlidingWindowCounter::addEstimateSteps(const LimitsSlidingCounterState& state, SimTime first, SimTime last,
                                                  std::vector<SimTime>& out) const
{
    if (first >= last)
        return;
    const auto estimateAt = [&](SimTime t) { return estimateOf(lookAt(state, t)); };
    const std::int64_t bottom = estimateAt(last);
    std::int64_t level = estimateAt(first);
    SimTime at = first;
    while (level > bottom && out.size() < kMaxStateBreaks) {
        at = firstInstant(at, last, at, [&](SimTime t) { return estimateAt(t) < level; });
        out.push_back(at);
        level = estimateAt(at);
    }
}

}  // namespace ratelab
