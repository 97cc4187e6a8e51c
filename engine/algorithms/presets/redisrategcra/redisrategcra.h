#pragma once
// Preset redis_rate_gcra: go-redis/redis_rate's GCRA Lua script (lua.go, allowN), in the
// doubles Redis's Lua uses:
//  - now = (TIME seconds - 1483228800) + TIME microseconds / 1e6 (the script counts from
//    2017-01-01 to keep doubles precise); here TIME is the request's t_us;
//  - emission_interval = period / rate, increment = emission_interval x cost,
//    burst_offset = emission_interval x burst;
//  - tat = max(stored TAT or now, now); new_tat = tat + increment;
//    diff = now - (new_tat - burst_offset); remaining = diff / emission_interval;
//  - rejected iff remaining < 0; else new_tat is stored (SET keeps all 17 digits in
//    Redis 7) and the Go client sees trunc(remaining) (a Lua number becomes an integer reply).
// State: 8 bytes per key (the TAT as a double).

#include "engine/algorithms/gcra/gcraarithmetic.h"
#include "engine/algorithms/limiter/ratelimiter.h"
#include "engine/core/units.h"

#include <cmath>

namespace ratelab {

struct RedisRateGcraState {
    double tat = NAN;  // seconds since 2017-01-01; NaN = no key
};

class RedisRateGcra final : public FlatStateLimiter<RedisRateGcra, RedisRateGcraState> {
public:
    struct Params {
        Rate rate;
        std::int64_t burst = 0;
    };

    explicit RedisRateGcra(const Params& params);

    Decision decideOne(RedisRateGcraState& state, SimTime now, Cost cost);
    QuotaPolicy policy() const override;
    std::vector<StateValue> inspectState(const RedisRateGcraState& state, SimTime now) const;
    std::vector<SimTime> breaksOfState(const RedisRateGcraState& state, SimTime from, SimTime to) const;
    GcraArithmetic arithmeticOf(const RedisRateGcraState& state, SimTime now) const;
    std::vector<StateValue> limits() const override;

    // emission_interval, period / rate in seconds: the double the script divides by (the
    // redis-lua export writes it into its script).
    static double emissionInterval(const Rate& rate);
    static double scriptNow(SimTime t);
    // A stored TAT minus the instant t, in microseconds: the double's whole seconds and its
    // fraction taken exactly, rounded once, so linear in t (the script's own now - 2017 in
    // doubles would add a rounding of up to a quarter microsecond at today's times).
    static double tatMinusUs(double tat, SimTime t);

private:
    struct Outcome {
        double tat;
        double newTat;
        double remaining;
    };
    Outcome evaluate(const RedisRateGcraState& state, double now, Cost cost) const;

    Params m_params;
    double m_emissionInterval;  // seconds
};

}  // namespace ratelab
