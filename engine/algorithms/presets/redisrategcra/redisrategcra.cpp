#include "engine/algorithms/presets/redisrategcra/redisrategcra.h"

#include "engine/algorithms/limiter/retrysearch.h"

#include <algorithm>
#include <numeric>

namespace ratelab {

namespace {
constexpr std::int64_t kJan1st2017 = 1483228800;  // the script's epoch, seconds
}

RedisRateGcra::RedisRateGcra(const Params& params) : m_params(params), m_emissionInterval(emissionInterval(params.rate)) {}

// period is Limit.Period.Seconds() and rate Limit.Rate (an integer), both passed to the script
// as text: with a whole-second Period both are exact, and period / rate is the double nearest
// the true interval, whichever Rate and Period of that ratio the program holds (2.5/s: Rate 5,
// Period 2 s, or Rate 25, Period 10 s). So it is taken here as one division of the interval's
// exact terms, den / (num x 10^6) seconds in lowest terms (1.3/s: 10 / 13, where 1 / 1.3 in
// doubles would be one unit in the last place less).
double RedisRateGcra::emissionInterval(const Rate& rate)
{
    const std::int64_t common = std::gcd(rate.den, kMicrosPerSecond);  // num and den are coprime
    const Int128 over = Int128{rate.den / common};
    const Int128 under = Int128{rate.num} * (kMicrosPerSecond / common);
    constexpr Int128 kExact = Int128{1} << 53;
    if (over < kExact && under < kExact)
        return static_cast<double>(over) / static_cast<double>(under);
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
