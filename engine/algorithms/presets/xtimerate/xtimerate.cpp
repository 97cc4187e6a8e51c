#include "engine/algorithms/presets/xtimerate/xtimerate.h"

#include "engine/algorithms/limiter/retrysearch.h"
#include "engine/core/branchless.h"

#include <algorithm>
#include <cmath>

namespace ratelab {
namespace {

constexpr std::int64_t kNanosPerSecond = 1'000'000'000;

// Go's time.Duration.Seconds().
double goSeconds(std::int64_t ns)
{
    return static_cast<double>(ns / kNanosPerSecond) + static_cast<double>(ns % kNanosPerSecond) / 1e9;
}

}  // namespace

XTimeRate::XTimeRate(const Params& params) : m_params(params), m_limit(params.rate.perSecondNearest()) {}

double XTimeRate::advance(const XTimeRateState& state, std::int64_t nowNs) const
{
    std::int64_t elapsed;
    if (state.lastNs == kNever)
        elapsed = std::numeric_limits<std::int64_t>::max();  // t.Sub(time.Time{}) saturates
    else
        elapsed = nowNs < state.lastNs ? 0 : nowNs - state.lastNs;
    const double tokens = state.tokens + goSeconds(elapsed) * m_limit;
    return std::min(tokens, static_cast<double>(m_params.burst));
}

bool XTimeRate::passes(const XTimeRateState& state, std::int64_t nowNs, Cost cost) const
{
    const double left = advance(state, nowNs) - static_cast<double>(cost);
    if (left >= 0)
        return true;
    // Duration(waitNs) <= 0: the wait, positive here, truncates to 0 ns. Compared as a double,
    // since a tiny rate's wait may not fit in int64.
    const double waitNs = 1e9 * (-left / m_limit);
    return waitNs < 1.0;
}

Decision XTimeRate::decideOne(XTimeRateState& state, SimTime now, Cost cost)
{
    const std::int64_t nowNs = now * 1000;
    const double available = advance(state, nowNs);
    Decision d;
    if (cost > m_params.burst) {
        d.retryAfterUs = kNeverPasses;
        d.remaining = static_cast<std::int64_t>(std::max(0.0, std::floor(available)));
    } else if (passes(state, nowNs, cost)) {
        state.tokens = available - static_cast<double>(cost);
        state.lastNs = nowNs;
        d.allowed = true;
        d.remaining = static_cast<std::int64_t>(std::max(0.0, std::floor(state.tokens)));
    } else {
        const double missing = static_cast<double>(cost) - available;
        d.retryAfterUs = firstPassingDelay(now, saturatedMicros(std::ceil(missing / m_limit * 1e6)),
                                           [&](Duration wait) { return passes(state, (now + wait) * 1000, cost); });
        d.remaining = static_cast<std::int64_t>(std::max(0.0, std::floor(available)));
    }
    const double afterwards = d.allowed ? state.tokens : available;
    d.resetAfterUs = saturatedMicros(std::ceil((static_cast<double>(m_params.burst) - afterwards) / m_limit * 1e6));
    // The refill counts from `last`: an allowed request moved it to now (even back), a
    // rejected one stamped before it waits for it too.
    if (!d.allowed && state.lastNs != kNever && state.lastNs > nowNs)
        d.resetAfterUs = countedFromNow(d.resetAfterUs, (state.lastNs - nowNs) / 1000);
    return d;
}

QuotaPolicy XTimeRate::policy() const
{
    return {m_params.burst, saturatedMicros(std::ceil(static_cast<double>(m_params.burst) / m_limit * 1e6))};
}

}  // namespace ratelab
