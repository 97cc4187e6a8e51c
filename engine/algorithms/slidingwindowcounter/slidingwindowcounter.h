#pragma once
// Sliding window counter: the weighted two-counter estimate (the classic Redis Lua script
// that GETs the current and previous window keys, weights the previous one, and INCRs).
//
// Windows are [kW, (k+1)W) from t = 0. With elapsed = now - start of the current window and
// prev the admitted count of the window just before (0 if older),
//     est = floor(prev x (W - elapsed) / W) + curr,
// and a request is rejected iff est + cost > limit (for cost 1: est >= limit). Rejected
// requests are not counted. All in integers: exact at any timestamp.
//
// Memory: 16 bytes per key (window index, two counts). O(1).

#include "engine/algorithms/limiter/ratelimiter.h"
#include "engine/algorithms/slidingwindowcounter/slidingwindowcounterarithmetic.h"
#include "engine/core/divisor.h"

namespace ratelab {

struct SlidingCounterState {
    std::int64_t window = kNever;  // index of the window `curr` counts
    std::uint32_t curr = 0;
    std::uint32_t prev = 0;
};

class SlidingWindowCounter final : public FlatStateLimiter<SlidingWindowCounter, SlidingCounterState> {
public:
    struct Params {
        std::int64_t limit = 0;
        Duration windowUs = 0;
    };

    explicit SlidingWindowCounter(const Params& params) : m_params(params), m_window(params.windowUs) {}

    Decision decideOne(SlidingCounterState& state, SimTime now, Cost cost);
    // decideOne's `allowed` and state change alone (RateLimiter::allow).
    bool allowOne(SlidingCounterState& state, SimTime now, Cost cost);
    const Params& params() const { return m_params; }
    void adoptStateFrom(const SlidingWindowCounter& old, StatePolicy policy, SimTime now);
    std::vector<StateValue> inspectState(const SlidingCounterState& state, SimTime now) const;
    std::vector<SimTime> breaksOfState(const SlidingCounterState& state, SimTime from, SimTime to) const;
    SlidingCounterArithmetic arithmeticOf(const SlidingCounterState& state, SimTime now) const;
    std::vector<StateValue> limits() const override;
    QuotaPolicy policy() const override { return {m_params.limit, m_params.windowUs}; }

private:
    struct View {
        std::int64_t window;    // the window the key's counts are for
        std::int64_t curr;      // admitted in it
        std::int64_t prev;      // admitted in the one before
        SimTime start;          // its start
        std::int64_t estimate;  // floor(prev x (W - elapsed) / W) + curr
    };
    View viewAt(const SlidingCounterState& state, SimTime now) const;
    bool admit(SlidingCounterState& state, View& v, Cost cost) const;
    std::int64_t weighted(std::int64_t prev, Duration elapsed) const;
    // Smallest elapsed e in [0, W] with floor(prev x (W - e) / W) <= budget (budget >= 0).
    Duration elapsedForBudget(std::int64_t prev, std::int64_t budget) const;

    Params m_params;
    Divisor m_window;  // windowUs
};

// Instantiated once, in slidingwindowcounter.cpp, where decideOne() and allowOne() are visible and inline
// into decideBatch() and allowBatch(); elsewhere (the TU holding the vtable) they would be a
// call per request.
extern template class FlatStateLimiter<SlidingWindowCounter, SlidingCounterState>;

}  // namespace ratelab
