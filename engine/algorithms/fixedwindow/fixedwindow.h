#pragma once
// Fixed window counter.
//
// `align=epoch`: windows [kW, (k+1)W) from t = 0, one counter per window index (the Redis
// INCR + EXPIRE pattern, one key per window). `align=first`: a window opens at the first
// request (allowed or not) when none is open and lasts W (python `limits` 2.8.0 memory
// storage: limits/storage/memory.py incr()). A request passes iff used + cost <= limit;
// with `count_rejected=true` (INCR-first) its cost is added whether or not it passes.
// The counter saturates at limit + 1, which changes no decision.
//
// Memory: 16 bytes per key (epoch: the window index and the count; first: the window start
// and the count), so a run may span the whole valid range of times whatever the window.
// O(1). A request stamped before its key's current window (a clock that went back) is
// counted against the current window.

#include "engine/algorithms/fixedwindow/fixedwindowarithmetic.h"
#include "engine/algorithms/limiter/ratelimiter.h"
#include "engine/core/divisor.h"

namespace ratelab {

struct FixedWindowParams {
    std::int64_t limit = 0;
    Duration windowUs = 0;
    bool countRejected = false;
};

struct EpochWindowState {
    std::int64_t window = kNever;  // the index of the window `count` is for; kNever: never seen
    std::int64_t count = 0;
};

class FixedWindowEpoch final : public FlatStateLimiter<FixedWindowEpoch, EpochWindowState> {
public:
    explicit FixedWindowEpoch(const FixedWindowParams& params) : m_params(params), m_window(params.windowUs) {}

    Decision decideOne(EpochWindowState& state, SimTime now, Cost cost);
    // decideOne's `allowed` and state change alone (RateLimiter::allow).
    bool allowOne(EpochWindowState& state, SimTime now, Cost cost);
    const FixedWindowParams& params() const { return m_params; }
    void adoptStateFrom(const FixedWindowEpoch& old, StatePolicy policy, SimTime now);
    std::vector<StateValue> inspectState(const EpochWindowState& state, SimTime now) const;
    std::vector<SimTime> breaksOfState(const EpochWindowState& state, SimTime from, SimTime to) const;
    FixedWindowArithmetic arithmeticOf(const EpochWindowState& state, SimTime now) const;
    std::vector<StateValue> limits() const override;
    QuotaPolicy policy() const override { return {m_params.limit, m_params.windowUs}; }

private:
    // Moves the key to the window of `now`, count 0, unless it is there or later.
    void enterWindow(EpochWindowState& state, SimTime now) const;

    FixedWindowParams m_params;
    Divisor m_window;  // windowUs
};

// Instantiated once, in fixedwindow.cpp, where decideOne() and allowOne() are visible and inline
// into decideBatch() and allowBatch(); elsewhere (the TU holding the vtable) they would be a
// call per request.
extern template class FlatStateLimiter<FixedWindowEpoch, EpochWindowState>;

struct FirstWindowState {
    SimTime start = kNever;
    std::int64_t count = 0;
};

// When a window opened at `start` has expired at `now`.
struct ExactExpiry {
    static bool expired(SimTime start, SimTime now, Duration windowUs) { return now - start >= windowUs; }
};

// python `limits` 2.8.0: expirations[key] = time.time() + expiry; expired iff
// expirations[key] <= time.time(), all in float seconds (time.time() = t_us / 1e6 here).
struct PythonFloatExpiry {
    static bool expired(SimTime start, SimTime now, Duration windowUs)
    {
        const double expiresAt = static_cast<double>(start) / 1e6 + static_cast<double>(windowUs / kMicrosPerSecond);
        return expiresAt <= static_cast<double>(now) / 1e6;
    }
};

template <class Expiry>
class FixedWindowFirst final : public FlatStateLimiter<FixedWindowFirst<Expiry>, FirstWindowState> {
public:
    explicit FixedWindowFirst(const FixedWindowParams& params) : m_params(params) {}

    Decision decideOne(FirstWindowState& state, SimTime now, Cost cost);
    bool allowOne(FirstWindowState& state, SimTime now, Cost cost);
    const FixedWindowParams& params() const { return m_params; }
    void adoptStateFrom(const FixedWindowFirst& old, StatePolicy policy, SimTime now);
    std::vector<StateValue> inspectState(const FirstWindowState& state, SimTime now) const
    {
        const bool open = state.start != kNever && !Expiry::expired(state.start, now, m_params.windowUs);
        return {{"count", open ? static_cast<double>(state.count) : 0.0, "requests"},
                {"window_start_us", open ? static_cast<double>(state.start) : static_cast<double>(now), "us"}};
    }
    FixedWindowArithmetic arithmeticOf(const FirstWindowState& state, SimTime now) const
    {
        FixedWindowArithmetic a;
        a.nowUs = now;
        a.limit = m_params.limit;
        a.windowUs = m_params.windowUs;
        a.countsRejected = m_params.countRejected;
        // As decideOne: a window opens at this request when none is open.
        const bool opens = state.start == kNever || (now > state.start && Expiry::expired(state.start, now, m_params.windowUs));
        a.windowOpened = opens && state.start != kNever;
        a.windowStartUs = opens ? now : state.start;
        a.windowEndUs = a.windowStartUs + untilExpiry(a.windowStartUs, a.windowStartUs);
        a.count = opens ? 0 : state.count;
        return a;
    }
    // The window's end, where the count drops to 0 (after it the start reads `now`).
    std::vector<SimTime> breaksOfState(const FirstWindowState& state, SimTime from, SimTime to) const
    {
        if (state.start == kNever || Expiry::expired(state.start, from, m_params.windowUs))
            return {};
        // The first instant the window has expired: start + W, give or take the float
        // rounding of PythonFloatExpiry (well under a microsecond), found by bisection.
        SimTime lo = from;  // not expired
        SimTime hi = std::max(from, state.start) + m_params.windowUs + 16;
        if (hi > to) {
            if (!Expiry::expired(state.start, to, m_params.windowUs))
                return {};
            hi = to;
        }
        while (hi - lo > 1) {
            const SimTime mid = lo + (hi - lo) / 2;
            (Expiry::expired(state.start, mid, m_params.windowUs) ? hi : lo) = mid;
        }
        return {hi};
    }
    std::vector<StateValue> limits() const override { return {{"limit", static_cast<double>(m_params.limit), "requests"}}; }
    QuotaPolicy policy() const override { return {m_params.limit, m_params.windowUs}; }

private:
    Duration untilExpiry(SimTime start, SimTime now) const;
    // Opens a window at `now`, count 0, when none is open.
    void enterWindow(FirstWindowState& state, SimTime now) const;

    FixedWindowParams m_params;
};

extern template class FixedWindowFirst<ExactExpiry>;
extern template class FixedWindowFirst<PythonFloatExpiry>;

}  // namespace ratelab
