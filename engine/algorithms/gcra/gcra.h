#pragma once
// GCRA, the generic cell rate algorithm, exact.
//
// T = 1 / rate, tau = T x burst. A key keeps one theoretical arrival time (TAT):
// new_tat = max(TAT, now) + T x cost; the request passes iff new_tat - now <= tau, and then
// TAT = new_tat. `burst` requests pass at once from idle, exactly like a token bucket of
// capacity `burst` and refill `rate` (the go-redis/redis_rate convention, lua.go).
//
// Units: the TAT is kept as an integer in units of 1/rate.num microseconds, relative to the
// first request the limiter saw, so it is exact at epoch-sized timestamps. Memory: 8 bytes
// per key. O(1). Time that goes backwards simply finds the TAT further ahead.

#include "engine/algorithms/gcra/gcraarithmetic.h"
#include "engine/algorithms/limiter/ratelimiter.h"
#include "engine/core/divisor.h"
#include "engine/core/units.h"

namespace ratelab {

struct GcraState {
    std::int64_t tat = std::numeric_limits<std::int64_t>::min();  // scaled, relative; min = never
};

class Gcra final : public FlatStateLimiter<Gcra, GcraState> {
public:
    struct Params {
        Rate rate;
        std::int64_t burst = 0;
    };

    explicit Gcra(const Params& params);

    Decision decideOne(GcraState& state, SimTime now, Cost cost);
    // decideOne's `allowed` and state change alone (RateLimiter::allow).
    bool allowOne(GcraState& state, SimTime now, Cost cost);
    const Params& params() const { return m_params; }
    void adoptStateFrom(const Gcra& old, StatePolicy policy, SimTime now);
    std::vector<StateValue> inspectState(const GcraState& state, SimTime now) const;
    std::vector<SimTime> breaksOfState(const GcraState& state, SimTime from, SimTime to) const;
    GcraArithmetic arithmeticOf(const GcraState& state, SimTime now) const;
    std::vector<StateValue> limits() const override;
    QuotaPolicy policy() const override;
    // The TAT, an int64 in units of 1/rate.num us from the origin, reaches now + tau.
    Duration maxSpanUs() const override;
    void setTimeOrigin(SimTime origin) override
    {
        m_origin = origin;
        m_hasOrigin = true;
    }

private:
    // The decision over scaled times held in `Wide`: std::int64_t while every value of the
    // run fits (the fast path, see decideOne), Int128 otherwise.
    template <class Wide>
    Decision decideScaled(GcraState& state, Wide nowScaled, Cost cost);
    template <class Wide>
    bool allowScaled(GcraState& state, Wide nowScaled, Cost cost);
    template <class Wide>
    static Wide tatFrom(const GcraState& state, Wide nowScaled);
    template <class Wide>
    bool admit(GcraState& state, Wide newTat, Wide nowScaled);
    SimTime sinceOrigin(SimTime now);
    bool narrow(const GcraState& state, SimTime since) const;
    // The Int128 paths, kept out of line: inlined, their bulk stopped decideOne itself from
    // inlining into decideBatch, a call and a Decision copied through memory per request.
    [[gnu::noinline]] Decision decideWide(GcraState& state, SimTime since, Cost cost);
    [[gnu::noinline]] bool allowWide(GcraState& state, SimTime since, Cost cost);

    Params m_params;
    Divisor m_num;                // rate.num
    Divisor m_den;                // rate.den
    Int128 m_tauScaled;           // tau in units of 1/num us = den x burst
    std::int64_t m_narrowSpanUs;  // |now - origin| within which scaled times fit the fast path; -1: never
    SimTime m_origin = 0;
    bool m_hasOrigin = false;
};

// Instantiated once, in gcra.cpp, where decideOne() and allowOne() are visible and inline
// into decideBatch() and allowBatch(); elsewhere (the TU holding the vtable) they would be a
// call per request.
extern template class FlatStateLimiter<Gcra, GcraState>;

}  // namespace ratelab
