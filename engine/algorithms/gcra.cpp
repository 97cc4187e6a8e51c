#include "engine/algorithms/gcra.h"

#include "engine/algorithms/fastdiv.h"

#include <algorithm>
#include <stdexcept>

namespace ratelab {

Gcra::Gcra(const Params& params)
    : m_params(params)
    , m_tauScaled(Int128{params.rate.den} * params.burst)
{
}

Decision Gcra::decideOne(GcraState& state, SimTime now, Cost cost)
{
    if (!m_hasOrigin) {
        m_origin = now;
        m_hasOrigin = true;
    }
    const std::int64_t num = m_params.rate.num;
    const std::int64_t den = m_params.rate.den;
    const Int128 nowScaled = Int128{now - m_origin} * num;
    const bool seen = state.tat != std::numeric_limits<std::int64_t>::min();
    const Int128 tat = seen ? std::max<Int128>(state.tat, nowScaled) : nowScaled;
    const Int128 newTat = tat + Int128{den} * cost;

    Decision d;
    if (cost > m_params.burst) {
        d.retryAfterUs = kNeverPasses;
    } else if (newTat - nowScaled <= m_tauScaled) {
        if (newTat > std::numeric_limits<std::int64_t>::max())
            throw std::overflow_error("gcra: the run is too long for this rate's precision");
        state.tat = static_cast<std::int64_t>(newTat);
        d.allowed = true;
    } else {
        d.retryAfterUs = static_cast<Duration>(ceilDiv128Fast(newTat - m_tauScaled - nowScaled, num));
    }
    const Int128 kept = d.allowed ? newTat : tat;
    d.remaining = static_cast<std::int64_t>(std::max<Int128>(0, floorDiv128Fast(nowScaled + m_tauScaled - kept, den)));
    d.resetAfterUs = static_cast<Duration>(ceilDiv128Fast(std::max<Int128>(0, kept - nowScaled), num));
    return d;
}

QuotaPolicy Gcra::policy() const
{
    return {m_params.burst, static_cast<Duration>(ceilDiv128(m_tauScaled, m_params.rate.num))};
}

template class FlatStateLimiter<Gcra, GcraState>;

} // namespace ratelab
