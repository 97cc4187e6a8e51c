#include "engine/algorithms/presets/nginxlimitreq/nginxlimitreq.h"

#include <algorithm>

namespace ratelab {

std::int64_t NginxLimitReq::elapsedMs(std::int64_t lastMs, SimTime now)
{
    const std::int64_t ms = floorDiv(now, kMicrosPerMilli) - lastMs;
    if (ms < -60000)
        return 1;
    return std::max<std::int64_t>(0, ms);
}

Decision NginxLimitReq::decideOne(NginxLimitReqState& state, SimTime now, Cost cost)
{
    (void)cost;  // always 1: see acceptsCost()
    const std::int64_t nowMs = floorDiv(now, kMicrosPerMilli);
    const std::int64_t burstMilli = m_params.burst * 1000;
    const std::int64_t rate = m_params.rateMilli;
    Decision d;
    std::int64_t excess = 0;
    if (state.lastMs == kNever) {
        state.lastMs = nowMs;
        state.excess = 0;
        d.allowed = true;
    } else {
        const std::int64_t ms = elapsedMs(state.lastMs, now);
        excess = static_cast<std::int64_t>(std::max<Int128>(0, state.excess - drainedIn(ms) + 1000));
        if (excess > burstMilli) {
            // Need floor(rate x ms / 1000) >= stored excess + 1000 - burst x 1000.
            const std::int64_t drain = state.excess + 1000 - burstMilli;
            const std::int64_t needMs = (drain * 1000 + rate - 1) / rate;
            d.retryAfterUs = (state.lastMs + needMs) * kMicrosPerMilli - now;
            d.remaining = 0;
            d.resetAfterUs =
                std::max<Duration>(0, (state.lastMs + ((state.excess + 1000) * 1000 + rate - 1) / rate) * kMicrosPerMilli - now);
            return d;
        }
        state.excess = excess;
        if (ms != 0)
            state.lastMs = nowMs;
        d.allowed = true;
    }
    d.remaining = (burstMilli - excess) / 1000;
    const std::int64_t delayMilli = m_params.nodelay ? burstMilli + 1000 : m_params.delay * 1000;
    if (excess > delayMilli)
        d.delayUs = (excess - delayMilli) * 1000 / rate * kMicrosPerMilli;
    d.resetAfterUs =
        std::max<Duration>(0, (state.lastMs + ((state.excess + 1000) * 1000 + rate - 1) / rate) * kMicrosPerMilli - now);
    return d;
}

QuotaPolicy NginxLimitReq::policy() const
{
    const std::int64_t quota = m_params.burst + 1;
    return {quota, (quota * 1'000'000 + m_params.rateMilli - 1) / m_params.rateMilli * kMicrosPerMilli};
}

}  // namespace ratelab
