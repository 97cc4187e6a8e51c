#include "engine/algorithms/fixedwindow/fixedwindow.h"

#include "engine/algorithms/limiter/retrysearch.h"

#include <algorithm>
#include <type_traits>

namespace ratelab {
namespace {

// The counting rule shared by both alignments and both paths (decideOne, allowOne): decide
// against `count` and update it.
template <class Count>
bool countAndAllow(Count& count, const FixedWindowParams& params, Cost cost)
{
    const std::int64_t used = static_cast<std::int64_t>(count);
    const bool allowed = cost <= params.limit && used + cost <= params.limit;
    if (allowed || params.countRejected)
        count = static_cast<Count>(std::min<std::int64_t>(used + cost, params.limit + 1));
    return allowed;
}

template <class Count>
bool countAndDecide(Count& count, const FixedWindowParams& params, Cost cost, Decision& d)
{
    d.allowed = countAndAllow(count, params, cost);
    d.remaining = std::max<std::int64_t>(0, params.limit - static_cast<std::int64_t>(count));
    return d.allowed;
}

}  // namespace

void FixedWindowEpoch::enterWindow(EpochWindowState& state, SimTime now) const
{
    const std::int64_t index = m_window.floor(now);
    if (index > state.window) {  // a request in an earlier window (time went back) counts in the key's
        state.window = index;
        state.count = 0;
    }
}

Decision FixedWindowEpoch::decideOne(EpochWindowState& state, SimTime now, Cost cost)
{
    enterWindow(state, now);
    Decision d;
    const SimTime windowEnd = (state.window + 1) * m_params.windowUs;
    if (!countAndDecide(state.count, m_params, cost, d))
        d.retryAfterUs = cost > m_params.limit ? kNeverPasses : windowEnd - now;
    d.resetAfterUs = windowEnd - now;
    return d;
}

bool FixedWindowEpoch::allowOne(EpochWindowState& state, SimTime now, Cost cost)
{
    enterWindow(state, now);
    return countAndAllow(state.count, m_params, cost);
}

template <class Expiry>
Duration FixedWindowFirst<Expiry>::untilExpiry(SimTime start, SimTime now) const
{
    if constexpr (std::is_same_v<Expiry, ExactExpiry>)
        return std::max<Duration>(0, start + m_params.windowUs - now);
    if (Expiry::expired(start, now, m_params.windowUs))
        return 0;
    return resetOrHorizon(now, firstPassingDelay(now, start + m_params.windowUs - now, [&](Duration wait) {
                              return Expiry::expired(start, now + wait, m_params.windowUs);
                          }));
}

template <class Expiry>
void FixedWindowFirst<Expiry>::enterWindow(FirstWindowState& state, SimTime now) const
{
    if (state.start == kNever || (now > state.start && Expiry::expired(state.start, now, m_params.windowUs))) {
        state.start = now;
        state.count = 0;
    }
}

template <class Expiry>
Decision FixedWindowFirst<Expiry>::decideOne(FirstWindowState& state, SimTime now, Cost cost)
{
    enterWindow(state, now);
    Decision d;
    const Duration untilReset = untilExpiry(state.start, now);
    if (!countAndDecide(state.count, m_params, cost, d))
        d.retryAfterUs = cost > m_params.limit ? kNeverPasses : untilReset;
    d.resetAfterUs = untilReset;
    return d;
}

template <class Expiry>
bool FixedWindowFirst<Expiry>::allowOne(FirstWindowState& state, SimTime now, Cost cost)
{
    enterWindow(state, now);
    return countAndAllow(state.count, m_params, cost);
}

template class FixedWindowFirst<ExactExpiry>;
template class FixedWindowFirst<PythonFloatExpiry>;

template class FlatStateLimiter<FixedWindowEpoch, EpochWindowState>;

}  // namespace ratelab
