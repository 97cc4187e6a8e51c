#pragma once
// Preset limits_sliding_window_counter: python `limits` SlidingWindowCounterRateLimiter on
// its memory storage (limits/storage/memory.py acquire_sliding_window_entry and
// _get_sliding_window_info; limits/storage/base.py sliding_window_keys). Python 2.8.0 (Debian
// 12) has no such strategy; this follows 4.1, the first release that has it, in float seconds
// (time.time() = t_us / 1e6, W = the window in whole seconds):
//  - keys: previous = int((now - W) / W), current = int(now / W) (int() truncates toward 0,
//    so before t = W both name the same window);
//  - a counter expires when its expiry (first incr time + 2W) <= now;
//  - previous_ttl = (1 - ((now - W) / W) % 1) x W, or 0 when the previous count is 0;
//  - weighted = previous_count x previous_ttl / W + current_count; refused iff
//    floor(weighted) + amount > limit (and always when amount > limit);
//  - else current += amount; if floor(previous_count x previous_ttl / W + current) > limit
//    the increment is taken back (decr, floored at 0) and the hit refused.
// State: two window counters per key, 48 bytes: the two newest windows the key has counted in.
// Time that goes back by more than a window finds the older counters gone: such a request is
// decided as at the start of the window before the newest (decideOne).

#include "engine/algorithms/limiter/ratelimiter.h"
#include "engine/algorithms/slidingwindowcounter/slidingwindowcounterarithmetic.h"

namespace ratelab {

struct LimitsCounterSlot {
    std::int64_t index = kNever;
    std::int64_t count = 0;
    double expiresAt = 0;
};

struct LimitsSlidingCounterState {
    LimitsCounterSlot windows[2];
};

class LimitsSlidingWindowCounter final : public FlatStateLimiter<LimitsSlidingWindowCounter, LimitsSlidingCounterState> {
public:
    static constexpr const char* kSummary =
        "python limits 4.1 SlidingWindowCounterRateLimiter (the first release with it), memory storage, float seconds.";
    static constexpr const char* kReference = "python limits 4.1 limits/storage/memory.py acquire_sliding_window_entry()";

    struct Params {
        std::int64_t limit = 0;
        Duration windowUs = 0;  // whole seconds
    };

    explicit LimitsSlidingWindowCounter(const Params& params)
        : m_params(params), m_windowSeconds(static_cast<double>(params.windowUs / kMicrosPerSecond))
    {}

    Decision decideOne(LimitsSlidingCounterState& state, SimTime now, Cost cost);
    QuotaPolicy policy() const override { return {m_params.limit, m_params.windowUs}; }
    std::vector<StateValue> inspectState(const LimitsSlidingCounterState& state, SimTime now) const;
    std::vector<SimTime> breaksOfState(const LimitsSlidingCounterState& state, SimTime from, SimTime to) const;
    SlidingCounterArithmetic arithmeticOf(const LimitsSlidingCounterState& state, SimTime now) const;
    std::vector<StateValue> limits() const override;

private:
    struct Window {
        std::int64_t previousIndex;
        std::int64_t currentIndex;
        std::int64_t previousCount;
        double previousTtl;
        std::int64_t currentCount;
        // floor((now - W) / W): previous_ttl starts again from W where it steps.
        double previousFloor;
    };
    Window look(const LimitsSlidingCounterState& state, double now) const;
    // look() at the instant decideOne decides a request at `now` at: max(now, heldFrom).
    Window lookAt(const LimitsSlidingCounterState& state, SimTime now) const;
    // floor(previous_count x previous_ttl / W + current_count): the weighted count floored.
    std::int64_t estimateOf(const Window& win) const;
    bool refused(const LimitsSlidingCounterState& state, double now, Cost cost) const;
    // The instants in [first, last] where the floored estimate falls, appended to `out` in
    // time order (limitsslidingwindowcounterbreaks.cpp).
    void addEstimateSteps(const LimitsSlidingCounterState& state, SimTime first, SimTime last, std::vector<SimTime>& out) const;
    SimTime heldFrom(const LimitsSlidingCounterState& state) const;

    Params m_params;
    double m_windowSeconds;
};

}  // namespace ratelab
