#pragma once
// Preset throttled_gcra: throttled/throttled's GCRARateLimiter (rate.go, RateLimit), in the
// integer nanoseconds Go's time uses:
//  - emission interval T = period / N (integer nanoseconds, as PerSec(n) = Second / n);
//  - delay variation tolerance = T x (max_burst + 1): max_burst + 1 requests pass at once;
//  - tat = stored TAT, or now for a missing (expired) key; new_tat = max(tat, now) + T x cost;
//  - limited iff now < new_tat - dvt; RetryAfter = new_tat - dvt - now (when T x cost <= dvt);
//  - Remaining = (dvt - ttl) / T when dvt - ttl > -T, ttl = new_tat - now when allowed,
//    tat - now when limited.
// State: 8 bytes per key (the TAT in nanoseconds).

#include "engine/algorithms/gcra/gcraarithmetic.h"
#include "engine/algorithms/limiter/ratelimiter.h"
#include "engine/core/units.h"

namespace ratelab {

struct ThrottledGcraState {
    std::int64_t tatNs = kNever;
};

class ThrottledGcra final : public FlatStateLimiter<ThrottledGcra, ThrottledGcraState> {
public:
    struct Params {
        Rate rate;
        std::int64_t maxBurst = 0;
    };

    explicit ThrottledGcra(const Params& params);

    Decision decideOne(ThrottledGcraState& state, SimTime now, Cost cost);
    QuotaPolicy policy() const override;
    std::vector<StateValue> inspectState(const ThrottledGcraState& state, SimTime now) const;
    std::vector<SimTime> breaksOfState(const ThrottledGcraState& state, SimTime from, SimTime to) const;
    GcraArithmetic arithmeticOf(const ThrottledGcraState& state, SimTime now) const;
    std::vector<StateValue> limits() const override;

private:
    Params m_params;
    std::int64_t m_emissionNs;
    std::int64_t m_toleranceNs;
};

}  // namespace ratelab
