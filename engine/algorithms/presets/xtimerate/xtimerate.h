#pragma once
// Preset x_time_rate: golang.org/x/time/rate's Limiter, NewLimiter(r, b) + AllowN(t, n),
// reproduced in float64 as in rate/rate.go (v0.3.0, Debian's golang-golang-x-time-dev):
//  - a new Limiter has tokens 0 and `last` at Go's zero time; the first advance() sees an
//    elapsed time saturated at the largest Duration, so a key starts full;
//  - advance(t): if t is before last, last = t (no refill); tokens = min(burst, tokens +
//    elapsed.Seconds() x limit), Seconds() = float64(d / 1s) + float64(d % 1s) / 1e9;
//  - reserveN: tokens -= n; wait = Duration(1e9 x (-tokens / limit)) truncated when tokens < 0;
//    ok iff n <= burst and wait <= 0; if ok, last = t and tokens are stored.
// `limit` is the double nearest N / unit-seconds. State: 16 bytes per key.

#include "engine/algorithms/limiter/ratelimiter.h"
#include "engine/algorithms/tokenbucket/tokenbucketarithmetic.h"
#include "engine/core/units.h"

namespace ratelab {

struct XTimeRateState {
    double tokens = 0;
    std::int64_t lastNs = kNever;
};

class XTimeRate final : public FlatStateLimiter<XTimeRate, XTimeRateState> {
public:
    struct Params {
        Rate rate;
        std::int64_t burst = 0;
    };

    explicit XTimeRate(const Params& params);

    Decision decideOne(XTimeRateState& state, SimTime now, Cost cost);
    QuotaPolicy policy() const override;
    std::vector<StateValue> inspectState(const XTimeRateState& state, SimTime now) const;
    std::vector<SimTime> breaksOfState(const XTimeRateState& state, SimTime from, SimTime to) const;
    TokenBucketArithmetic arithmeticOf(const XTimeRateState& state, SimTime now) const;
    std::vector<StateValue> limits() const override;

private:
    double advance(const XTimeRateState& state, std::int64_t nowNs) const;
    bool passes(const XTimeRateState& state, std::int64_t nowNs, Cost cost) const;

    Params m_params;
    double m_limit;  // tokens per second
};

}  // namespace ratelab
