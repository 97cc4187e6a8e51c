#include "engine/algorithms/gcra/gcra.h"

#include "engine/core/branchless.h"

#include <algorithm>
#include <stdexcept>

namespace ratelab {
namespace {

constexpr std::int64_t kNarrow = std::int64_t{1} << 61;
constexpr std::int64_t kNeverTat = std::numeric_limits<std::int64_t>::min();

}  // namespace

Gcra::Gcra(const Params& params)
    : m_params(params), m_num(params.rate.num), m_den(params.rate.den), m_tauScaled(Int128{params.rate.den} * params.burst),
      m_narrowSpanUs(m_tauScaled <= kNarrow ? static_cast<std::int64_t>(kNarrow / params.rate.num) : -1)
{}

// max(TAT, now): where the request's cells start (a key never seen starts at now).
template <class Wide>
Wide Gcra::tatFrom(const GcraState& state, Wide nowScaled)
{
    const bool seen = state.tat != kNeverTat;
    return seen ? pick(state.tat > nowScaled, Wide{state.tat}, nowScaled) : nowScaled;
}

// The decision and the state change, shared by decideScaled and allowScaled: the request whose
// cells end at `newTat` passes iff newTat - now <= tau, and then the key's TAT is newTat.
template <class Wide>
bool Gcra::admit(GcraState& state, Wide newTat, Wide nowScaled)
{
    const bool allowed = newTat - nowScaled <= static_cast<Wide>(m_tauScaled);
    if constexpr (std::is_same_v<Wide, Int128>) {
        if (allowed && newTat > std::numeric_limits<std::int64_t>::max()) [[unlikely]]
            throw std::overflow_error("more than " + std::to_string(maxSpanUs())
                                      + " us from the first request, beyond gcra's 64-bit TAT in 1/rate.num us "
                                        "(the valid range in algorithms.md)");
    }
    state.tat = static_cast<std::int64_t>(pick(allowed, newTat, Wide{state.tat}));
    return allowed;
}

// Written without a branch on the outcome, which a trace near its limit makes unpredictable:
// every answer is computed from `kept`, the theoretical arrival time the key is left with.
template <class Wide>
Decision Gcra::decideScaled(GcraState& state, Wide nowScaled, Cost cost)
{
    const Wide tau = static_cast<Wide>(m_tauScaled);
    const Wide tat = tatFrom(state, nowScaled);
    Decision d;
    Wide kept = tat;
    if (cost > m_params.burst) [[unlikely]] {
        d.retryAfterUs = kNeverPasses;
    } else {
        const Wide newTat = tat + Wide{m_den.value()} * cost;
        d.allowed = admit(state, newTat, nowScaled);
        kept = pick(d.allowed, newTat, tat);
        d.retryAfterUs = static_cast<Duration>(m_num.ceilOfNonNegative(std::max<Wide>(0, newTat - tau - nowScaled)));
    }
    d.remaining = static_cast<std::int64_t>(m_den.floorOfNonNegative(std::max<Wide>(0, nowScaled + tau - kept)));
    d.resetAfterUs = static_cast<Duration>(m_num.ceilOfNonNegative(std::max<Wide>(0, kept - nowScaled)));
    return d;
}

template <class Wide>
bool Gcra::allowScaled(GcraState& state, Wide nowScaled, Cost cost)
{
    if (cost > m_params.burst) [[unlikely]]
        return false;  // decideScaled changes nothing then
    return admit(state, tatFrom(state, nowScaled) + Wide{m_den.value()} * cost, nowScaled);
}

// The time since the origin, which the first request sets (decided or not).
SimTime Gcra::sinceOrigin(SimTime now)
{
    if (!m_hasOrigin) [[unlikely]] {
        m_origin = now;
        m_hasOrigin = true;
    }
    return now - m_origin;
}

// The fast path needs |now - origin| x num <= 2^61 and a TAT <= 2^62 (tau <= 2^61 is checked
// once): then every intermediate stays below 2^63 in int64. Rates keep num <= 10^6
// (units.cpp), so it covers at least 26 days from the first request.
bool Gcra::narrow(const GcraState& state, SimTime since) const
{
    return since >= -m_narrowSpanUs && since <= m_narrowSpanUs && state.tat <= kNarrow * 2;
}

Decision Gcra::decideOne(GcraState& state, SimTime now, Cost cost)
{
    const SimTime since = sinceOrigin(now);
    if (narrow(state, since)) [[likely]]
        return decideScaled<std::int64_t>(state, since * m_num.value(), cost);
    return decideWide(state, since, cost);
}

bool Gcra::allowOne(GcraState& state, SimTime now, Cost cost)
{
    const SimTime since = sinceOrigin(now);
    if (narrow(state, since)) [[likely]]
        return allowScaled<std::int64_t>(state, since * m_num.value(), cost);
    return allowWide(state, since, cost);
}

Decision Gcra::decideWide(GcraState& state, SimTime since, Cost cost)
{
    return decideScaled<Int128>(state, Int128{since} * m_num.value(), cost);
}

bool Gcra::allowWide(GcraState& state, SimTime since, Cost cost)
{
    return allowScaled<Int128>(state, Int128{since} * m_num.value(), cost);
}

Duration Gcra::maxSpanUs() const
{
    const Int128 room = (Int128{std::numeric_limits<std::int64_t>::max()} - m_tauScaled) / m_params.rate.num;
    return static_cast<Duration>(std::min<Int128>(room, kTimeHorizonUs));
}

QuotaPolicy Gcra::policy() const
{
    return {m_params.burst, static_cast<Duration>(ceilDiv128(m_tauScaled, m_params.rate.num))};
}

template class FlatStateLimiter<Gcra, GcraState>;

}  // namespace ratelab
