#include "engine/algorithms/fixedwindow.h"

#include "engine/algorithms/retrysearch.h"

#include <algorithm>
#include <type_traits>

namespace ratelab {
namespace {

// The counting rule shared by both alignments: decide against `count` and update it.
template <class Count>
bool countAndDecide(Count& count, const FixedWindowParams& params, Cost cost, Decision& d)
{
    const std::int64_t used = static_cast<std::int64_t>(count);
    const bool allowed = cost <= params.limit && used + cost <= params.limit;
    if (allowed || params.countRejected)
        count = static_cast<Count>(std::min<std::int64_t>(used + cost, params.limit + 1));
    d.allowed = allowed;
    d.remaining = std::max<std::int64_t>(0, params.limit - static_cast<std::int64_t>(count));
    return allowed;
}

}  // namespace

Decision FixedWindowEpoch::decideOne(EpochWindowState& state, SimTime now, Cost cost)
{
    const std::int64_t index = m_window.floor(now);
    if (index > state.window) {  // a request in an earlier window (time went back) counts in the key's
        state.window = index;
        state.count = 0;
    }
    Decision d;
    const SimTime windowEnd = (state.window + 1) * m_params.windowUs;
    if (!countAndDecide(state.count, m_params, cost, d))
        d.retryAfterUs = cost > m_params.limit ? kNeverPasses : windowEnd - now;
    d.resetAfterUs = windowEnd - now;
    return d;
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
Decision FixedWindowFirst<Expiry>::decideOne(FirstWindowState& state, SimTime now, Cost cost)
{
    if (state.start == kNever || (now > state.start && Expiry::expired(state.start, now, m_params.windowUs))) {
        state.start = now;
        state.count = 0;
    }
    Decision d;
    const Duration untilReset = untilExpiry(state.start, now);
    if (!countAndDecide(state.count, m_params, cost, d))
        d.retryAfterUs = cost > m_params.limit ? kNeverPasses : untilReset;
    d.resetAfterUs = untilReset;
    return d;
}

template class FixedWindowFirst<ExactExpiry>;
template class FixedWindowFirst<PythonFloatExpiry>;

template class FlatStateLimiter<FixedWindowEpoch, EpochWindowState>;

}  // namespace ratelab
