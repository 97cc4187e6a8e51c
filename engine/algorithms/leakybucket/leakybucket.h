#pragma once
// Leaky bucket as nginx's limit_req defines it (nginx: src/http/modules/
// ngx_http_limit_req_module.c, ngx_http_limit_req_lookup), exact.
//
// E is the excess in requests. A new key gives E' = cost - 1; otherwise
// E' = max(0, E + 1 - rate x (now - last)) + cost - 1. The request is rejected iff
// E' > burst (state unchanged), else E' is stored: 1 + burst requests pass at once from
// idle. `shape` holds an accepted request for E' / rate (nginx without `nodelay`), rounded
// up to a microsecond; `police` forwards it at once (nginx `nodelay`).
//
// Units: microseconds; E kept as an integer scaled by the rate's denominator. Memory:
// 16 bytes per key. O(1). Time that goes backwards drains nothing.

#include "engine/algorithms/leakybucket/leakybucketarithmetic.h"
#include "engine/algorithms/limiter/ratelimiter.h"
#include "engine/core/divisor.h"
#include "engine/core/units.h"

namespace ratelab {

struct LeakyBucketState {
    std::int64_t excess = 0;  // requests x rate.den
    SimTime last = kNever;
};

class LeakyBucket final : public FlatStateLimiter<LeakyBucket, LeakyBucketState> {
public:
    enum class Mode { Shape, Police };
    struct Params {
        Rate rate;
        std::int64_t burst = 0;
        Mode mode = Mode::Shape;
    };

    explicit LeakyBucket(const Params& params);

    Decision decideOne(LeakyBucketState& state, SimTime now, Cost cost);
    const Params& params() const { return m_params; }
    void adoptStateFrom(const LeakyBucket& old, StatePolicy policy, SimTime now);
    std::vector<StateValue> inspectState(const LeakyBucketState& state, SimTime now) const;
    std::vector<SimTime> breaksOfState(const LeakyBucketState& state, SimTime from, SimTime to) const;
    LeakyBucketArithmetic arithmeticOf(const LeakyBucketState& state, SimTime now) const;
    std::vector<StateValue> limits() const override;
    QuotaPolicy policy() const override;

private:
    // max(0, E + 1 - rate x elapsed), scaled: the excess a cost-1 request would leave.
    std::int64_t drainedPlusOne(const LeakyBucketState& state, SimTime now) const;
    // From `now`, until a key last updated at `last` with excess E behaves as a new key.
    Duration untilIdle(const LeakyBucketState& state, SimTime now) const;

    Params m_params;
    Divisor m_num;  // rate.num
    Divisor m_den;  // rate.den
    std::int64_t m_burstScaled;
};

// Instantiated once, in leakybucket.cpp, where decideOne() is visible and inlines into decideBatch();
// elsewhere (the TU holding the vtable) it would be a call per request.
extern template class FlatStateLimiter<LeakyBucket, LeakyBucketState>;

}  // namespace ratelab
