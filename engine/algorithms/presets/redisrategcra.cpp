#include "engine/algorithms/presets/redisrategcra.h"

#include "engine/algorithms/retrysearch.h"

#include <algorithm>

namespace ratelab {

namespace {
constexpr std::int64_t kJan1st2017 = 1483228800;  // the script's epoch, seconds
}

RedisRateGcra::RedisRateGcra(const Params& params) : m_params(params), m_emissionInterval(emissionInterval(params.rate)) {}

// period is Limit.Period.Seconds() and rate Limit.Rate, both passed to the script as text.
double RedisRateGcra::emissionInterval(const Rate& rate)
{
    return (static_cast<double>(rate.unitUs) / 1e6) / rate.count();
}

double RedisRateGcra::scriptNow(SimTime t)
{
    const std::int64_t seconds = floorDiv(t, kMicrosPerSecond);
    const std::int64_t micros = t - seconds * kMicrosPerSecond;
    return static_cast<double>(seconds - kJan1st2017) + static_cast<double>(micros) / 1000000.0;
}

double RedisRateGcra::tatMinusUs(double tat, SimTime t)
{
    const double whole = std::floor(tat);
    const double fraction = tat - whole;  // exact, save within a second before 2017 (1e-16 s off)
    const std::int64_t seconds = floorDiv(t, kMicrosPerSecond);
    const Int128 wholeUs = (Int128{static_cast<std::int64_t>(whole)} - (seconds - kJan1st2017)) * kMicrosPerSecond
        - (t - seconds * kMicrosPerSecond);
    return static_cast<double>(wholeUs) + fraction * 1e6;
}

RedisRateGcra::Outcome RedisRateGcra::evaluate(const RedisRateGcraState& state, double now, Cost cost) const
{
    const double increment = m_emissionInterval * static_cast<double>(cost);
    const double burstOffset = m_emissionInterval * static_cast<double>(m_params.burst);
    const double tat = std::isnan(state.tat) ? now : std::max(state.tat, now);
    const double newTat = tat + increment;
    const double allowAt = newTat - burstOffset;
    const double diff = now - allowAt;
    return {tat, newTat, diff / m_emissionInterval};
}

Decision RedisRateGcra::decideOne(RedisRateGcraState& state, SimTime now, Cost cost)
{
    const double scriptTime = scriptNow(now);
    const Outcome out = evaluate(state, scriptTime, cost);
    Decision d;
    if (out.remaining >= 0) {
        state.tat = out.newTat;
        d.allowed = true;
        d.remaining = static_cast<std::int64_t>(out.remaining);
        d.resetAfterUs = saturatedMicros(std::ceil((out.newTat - scriptTime) * 1e6));
        return d;
    }
    d.resetAfterUs = saturatedMicros(std::ceil((out.tat - scriptTime) * 1e6));
    if (cost > m_params.burst) {
        d.retryAfterUs = kNeverPasses;
        return d;
    }
    const Duration estimate = saturatedMicros(std::ceil(-out.remaining * m_emissionInterval * 1e6));
    d.retryAfterUs = firstPassingDelay(
        now, estimate, [&](Duration wait) { return evaluate(state, scriptNow(now + wait), cost).remaining >= 0; });
    return d;
}

QuotaPolicy RedisRateGcra::policy() const
{
    return {m_params.burst, saturatedMicros(std::ceil(m_emissionInterval * static_cast<double>(m_params.burst) * 1e6))};
}

}  // namespace ratelab
