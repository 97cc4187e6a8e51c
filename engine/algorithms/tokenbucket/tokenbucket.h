#pragma once
// Token bucket, exact.
//
// A key starts full with `capacity` tokens. Tokens come back at `refill` (a rate N/unit):
// continuously (tokens = min(capacity, tokens + refill x elapsed), the exact form of
// golang.org/x/time/rate's Limiter: rate/rate.go advance()), or in `interval` mode as
// refill x interval tokens at each multiple of `interval` from t = 0 (Envoy's local rate
// limit `fill_interval`: source/common/common/token_bucket_impl.cc). A request of `cost`
// passes iff tokens >= cost, and then takes cost tokens; a rejected request changes nothing
// (it may store the level refilled to its time, which is the same bucket from then on).
//
// Units: time in microseconds, levels kept as integers scaled by the rate's denominator,
// so there is no float drift even at epoch-sized timestamps. Memory: 16 bytes per key
// (scaled level + last update time). O(1) per decision. Time that goes backwards refills
// nothing and never moves `last` back: a request stamped before `last` is decided as at
// `last`, with its retry and reset waits counted from its own time.

#include "engine/algorithms/limiter/ratelimiter.h"
#include "engine/algorithms/tokenbucket/tokenbucketarithmetic.h"
#include "engine/core/divisor.h"
#include "engine/core/units.h"

namespace ratelab {

struct TokenBucketState {
    std::int64_t level = 0;  // tokens x rate.den
    SimTime last = kNever;
};

class TokenBucket final : public FlatStateLimiter<TokenBucket, TokenBucketState> {
public:
    enum class RefillMode { Continuous, Interval };
    struct Params {
        std::int64_t capacity = 0;
        Rate refill;
        RefillMode mode = RefillMode::Continuous;
        Duration intervalUs = 0;
    };

    explicit TokenBucket(const Params& params);

    Decision decideOne(TokenBucketState& state, SimTime now, Cost cost);
    // decideOne's `allowed` and state change alone (RateLimiter::allow).
    bool allowOne(TokenBucketState& state, SimTime now, Cost cost);
    const Params& params() const { return m_params; }
    void adoptStateFrom(const TokenBucket& old, StatePolicy policy, SimTime now);
    std::vector<StateValue> inspectState(const TokenBucketState& state, SimTime now) const;
    std::vector<SimTime> breaksOfState(const TokenBucketState& state, SimTime from, SimTime to) const;
    TokenBucketArithmetic arithmeticOf(const TokenBucketState& state, SimTime now) const;
    std::vector<StateValue> limits() const override;
    QuotaPolicy policy() const override;

    // Tokens (scaled by refill.den) of a key at `now`.
    std::int64_t levelAt(const TokenBucketState& state, SimTime now) const;

private:
    // Microseconds from `now` until the level reaches `target` (scaled), or 0 if it has.
    Duration timeToReach(std::int64_t level, std::int64_t target, SimTime now) const;

    template <RefillMode Mode>
    std::int64_t levelIn(const TokenBucketState& state, SimTime now) const;
    template <RefillMode Mode>
    Duration timeToReachIn(std::int64_t level, std::int64_t target, SimTime now) const;
    template <RefillMode Mode>
    Decision decideIn(TokenBucketState& state, SimTime now, Cost cost);
    template <RefillMode Mode>
    bool allowIn(TokenBucketState& state, SimTime now, Cost cost);
    static bool take(TokenBucketState& state, std::int64_t level, std::int64_t need, SimTime at);

    Params m_params;
    Divisor m_num;  // refill.num: scaled tokens per microsecond
    Divisor m_den;  // refill.den: scaled tokens per token
    std::int64_t m_capacityScaled;
    Int128 m_perFillScaled;  // interval mode: tokens added per interval, scaled
    Duration m_fillUs;       // continuous mode: time an empty bucket takes to fill
};

// Instantiated once, in tokenbucket.cpp, where decideOne() and allowOne() are visible and inline
// into decideBatch() and allowBatch(); elsewhere (the TU holding the vtable) they would be a
// call per request.
extern template class FlatStateLimiter<TokenBucket, TokenBucketState>;

}  // namespace ratelab
