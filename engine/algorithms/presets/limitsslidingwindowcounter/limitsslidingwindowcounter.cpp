#include "engine/algorithms/presets/limitsslidingwindowcounter/limitsslidingwindowcounter.h"

#include "engine/algorithms/limiter/retrysearch.h"
#include "engine/core/branchless.h"

#include <cmath>

namespace ratelab {
namespace {

// storage.get(key): the count, or 0 once expired (expiry <= now).
std::int64_t countOf(const LimitsSlidingCounterState& state, std::int64_t index, double now)
{
    for (const LimitsCounterSlot& slot : state.windows) {
        if (slot.index == index && slot.expiresAt > now)
            return slot.count;
    }
    return 0;
}

LimitsCounterSlot& slotFor(LimitsSlidingCounterState& state, std::int64_t index, double now)
{
    for (LimitsCounterSlot& slot : state.windows) {
        if (slot.index == index) {
            if (slot.expiresAt <= now)
                slot.count = 0;
            return slot;
        }
    }
    // Reuse the older slot: a request is never counted in a window more than one before the
    // newest held (see decideOne), so the newest window survives a request that went back.
    LimitsCounterSlot& victim = state.windows[0].index <= state.windows[1].index ? state.windows[0] : state.windows[1];
    victim = LimitsCounterSlot{index, 0, 0};
    return victim;
}

double pythonMod1(double x)
{
    return x - std::floor(x);  // Python's % 1.0 for finite x: the result has the sign of 1
}

}  // namespace

LimitsSlidingWindowCounter::Window LimitsSlidingWindowCounter::look(const LimitsSlidingCounterState& state, double now) const
{
    const double w = m_windowSeconds;
    Window win;
    const double previous = (now - w) / w;
    win.previousIndex = static_cast<std::int64_t>(std::trunc(previous));
    win.currentIndex = static_cast<std::int64_t>(std::trunc(now / w));
    win.previousCount = countOf(state, win.previousIndex, now);
    win.currentCount = countOf(state, win.currentIndex, now);
    win.previousTtl = win.previousCount == 0 ? 0.0 : (1 - pythonMod1(previous)) * w;
    win.previousFloor = std::floor(previous);
    return win;
}

LimitsSlidingWindowCounter::Window LimitsSlidingWindowCounter::lookAt(const LimitsSlidingCounterState& state, SimTime now) const
{
    return look(state, static_cast<double>(std::max(now, heldFrom(state))) / 1e6);
}

std::int64_t LimitsSlidingWindowCounter::estimateOf(const Window& win) const
{
    return static_cast<std::int64_t>(std::floor(static_cast<double>(win.previousCount) * win.previousTtl / m_windowSeconds
                                                + static_cast<double>(win.currentCount)));
}

bool LimitsSlidingWindowCounter::refused(const LimitsSlidingCounterState& state, double now, Cost cost) const
{
    if (cost > m_params.limit)
        return true;
    const Window win = look(state, now);
    if (estimateOf(win) + cost > m_params.limit)
        return true;
    // The post-increment check (limits takes the hit back if it fails), in the same floats.
    const std::int64_t after = win.currentCount + cost;
    return std::floor(static_cast<double>(win.previousCount) * win.previousTtl / m_windowSeconds + static_cast<double>(after))
        > static_cast<double>(m_params.limit);
}

// Python keeps a counter for every window; RateLab keeps the two newest a key has counted in.
// A request stamped before the window that precedes the newest (time went back by more than a
// window) is decided as at the start of that window, and its waits count from its own time.
SimTime LimitsSlidingWindowCounter::heldFrom(const LimitsSlidingCounterState& state) const
{
    const std::int64_t newest = std::max(state.windows[0].index, state.windows[1].index);
    return newest == kNever ? kNever : (newest - 1) * m_params.windowUs;
}

Decision LimitsSlidingWindowCounter::decideOne(LimitsSlidingCounterState& state, SimTime now, Cost cost)
{
    const SimTime at = std::max(now, heldFrom(state));
    const Duration back = at - now;
    const double t = static_cast<double>(at) / 1e6;
    Decision d;
    if (cost > m_params.limit) {
        d.retryAfterUs = kNeverPasses;
    } else if (!refused(state, t, cost)) {
        const Window win = look(state, t);
        LimitsCounterSlot& slot = slotFor(state, win.currentIndex, t);
        slot.count += cost;
        if (slot.count == cost)
            slot.expiresAt = t + 2 * m_windowSeconds;
        d.allowed = true;
    } else {
        const Duration estimate = static_cast<Duration>(m_params.windowUs / 2);
        d.retryAfterUs = countedFromNow(
            firstPassingDelay(at, estimate,
                              [&](Duration wait) { return !refused(state, static_cast<double>(at + wait) / 1e6, cost); }),
            back);
    }
    const Window win = look(state, t);
    d.remaining = std::max<std::int64_t>(0, m_params.limit - estimateOf(win));
    const std::int64_t windowUs = m_params.windowUs;
    const Duration reset = win.currentCount > 0 ? (win.currentIndex + 2) * windowUs - at
                                                : (win.previousCount > 0 ? (win.currentIndex + 1) * windowUs - at : 0);
    d.resetAfterUs = countedFromNow(std::max<Duration>(0, reset), back);
    return d;
}

}  // namespace ratelab
