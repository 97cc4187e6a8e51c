#pragma once
// Seeded random traces for property tests: Poisson-like arrivals near the limit, a few keys,
// mostly cost 1, starting at 0 or at an epoch-sized instant.

#include "engine/algorithms/limiter/ratelimiter.h"

#include <random>
#include <vector>

namespace ratelab::test {

inline std::vector<Request> randomTrace(std::uint64_t seed, std::size_t count, int keys, double meanGapUs, SimTime start,
                                        std::uint32_t maxCost)
{
    std::mt19937_64 rng(seed);
    std::exponential_distribution<double> gap(1.0 / meanGapUs);
    std::uniform_int_distribution<int> key(0, keys - 1);
    std::uniform_int_distribution<std::uint32_t> cost(1, maxCost);
    std::bernoulli_distribution heavy(0.1);
    std::vector<Request> trace;
    trace.reserve(count);
    SimTime t = start;
    for (std::size_t i = 0; i < count; ++i) {
        t += static_cast<SimTime>(gap(rng));
        trace.push_back({t, static_cast<KeyId>(key(rng)), heavy(rng) ? cost(rng) : 1u});
    }
    return trace;
}

// Every algorithm and preset, each with parameters of about 10 per second.
struct LimiterCase {
    const char* name;
    const char* params;
    bool costs;  // whether it models costs above 1
};

inline const std::vector<LimiterCase>& everyLimiter()
{
    static const std::vector<LimiterCase> cases = {
        {"token_bucket", "capacity=10 refill=10/s", true},
        {"token_bucket", "capacity=7 refill=3/s refill_mode=interval interval=250ms", true},
        {"leaky_bucket", "rate=10/s burst=9", true},
        {"leaky_bucket", "rate=7/s burst=4 mode=police", true},
        {"fixed_window", "limit=10 window=1s", true},
        {"fixed_window", "limit=10 window=1s count_rejected=true align=first", true},
        {"sliding_window_log", "limit=10 window=1s", true},
        {"sliding_window_log", "limit=10 window=1s boundary=inclusive", true},
        {"sliding_window_counter", "limit=10 window=1s", true},
        {"gcra", "rate=10/s burst=10", true},
        {"gcra", "rate=3/s burst=2", true},
        {"x_time_rate", "rate=10/s burst=10", true},
        {"x_time_rate", "rate=0.3/s burst=2", true},
        {"envoy_local", "max_tokens=10 tokens_per_fill=5 fill_interval=500ms", true},
        {"nginx_limit_req", "rate=10r/s burst=9", false},
        {"redis_incr_expire", "limit=10 window=1s", true},
        {"limits_fixed_window", "limit=10 window=1s", true},
        {"limits_moving_window", "limit=10 window=1s", true},
        {"limits_sliding_window_counter", "limit=10 window=1s", true},
        {"redis_rate_gcra", "rate=10/s burst=10", true},
        {"redis_rate_gcra", "rate=7/s burst=3", true},
        {"throttled_gcra", "rate=10/s max_burst=9", true},
        {"throttled_gcra", "rate=3/s max_burst=1", true},
    };
    return cases;
}

}  // namespace ratelab::test
