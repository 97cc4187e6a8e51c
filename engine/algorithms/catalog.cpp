#include "engine/algorithms/catalog.h"

#include "engine/algorithms/fixedwindow.h"
#include "engine/algorithms/gcra.h"
#include "engine/algorithms/leakybucket.h"
#include "engine/algorithms/presets/limitsmovingwindow.h"
#include "engine/algorithms/presets/limitsslidingwindowcounter.h"
#include "engine/algorithms/presets/nginxlimitreq.h"
#include "engine/algorithms/presets/redisrategcra.h"
#include "engine/algorithms/presets/throttledgcra.h"
#include "engine/algorithms/presets/xtimerate.h"
#include "engine/algorithms/slidingwindowcounter.h"
#include "engine/algorithms/slidingwindowlog.h"
#include "engine/algorithms/tokenbucket.h"
#include "engine/core/cliptext.h"
#include "engine/core/units.h"

#include <algorithm>
#include <cstdio>
#include <numeric>

namespace ratelab {
namespace {

// Appended to every message about the valid range of durations (simtime.h).
constexpr const char* kValidRange = " (2^50 us, about 35.7 years; see the valid range in algorithms.md)";

// Microseconds for `amount` units (at least 1) at rate `r`, rounded up.
Int128 timeFor(std::int64_t amount, const Rate& r)
{
    return ceilDiv128(Int128{std::max<std::int64_t>(amount, 1)} * r.den, r.num);
}

std::string yearsOf(Int128 micros)
{
    const double years = static_cast<double>(micros) / (365.25 * 24 * static_cast<double>(kMicrosPerHour));
    char text[32];
    std::snprintf(text, sizeof text, "%.1f years", years);
    return text;
}

ParamSpec integer(std::string name, std::string help, std::string def = {})
{
    return {std::move(name), ParamKind::Integer, std::move(def), std::move(help), {}};
}
ParamSpec duration(std::string name, std::string help, std::string def = {})
{
    return {std::move(name), ParamKind::Duration, std::move(def), std::move(help), {}};
}
ParamSpec rate(std::string name, std::string help)
{
    return {std::move(name), ParamKind::Rate, {}, std::move(help), {}};
}
ParamSpec choice(std::string name, std::string help, std::vector<std::string> choices)
{
    std::string def = choices.front();
    return {std::move(name), ParamKind::Choice, std::move(def), std::move(help), std::move(choices)};
}
ParamSpec boolean(std::string name, std::string help, std::string def = "false")
{
    return {std::move(name), ParamKind::Boolean, std::move(def), std::move(help), {}};
}

ParamSpec limitParam()
{
    return integer("limit", "Most cost admitted per window.");
}

// The six exact algorithms (design.md section 3).
std::vector<AlgorithmInfo> exactAlgorithms()
{
    const auto limit = limitParam();
    const auto window = duration("window", "Length of the window, e.g. 1s, 60s, 1m.");
    return {
        {"token_bucket",
         "token_bucket",
         false,
         "Bucket of `capacity` tokens refilled at `refill`; a request takes `cost` tokens.",
         "golang.org/x/time/rate rate/rate.go (continuous); Envoy source/common/common/token_bucket_impl.cc (interval)",
         {integer("capacity", "Tokens the bucket holds; a new key starts full."),
          rate("refill", "Tokens added per unit of time, e.g. 5/s."),
          choice("refill_mode", "continuous: refill all the time; interval: refill x interval at each multiple of interval.",
                 {"continuous", "interval"}),
          duration("interval", "Refill period for refill_mode=interval.", "1s")}},
        {"leaky_bucket",
         "leaky_bucket",
         false,
         "nginx-style leaky bucket: excess drains at `rate`; 1 + burst pass at once from idle.",
         "nginx src/http/modules/ngx_http_limit_req_module.c",
         {rate("rate", "Drain rate, e.g. 10/s."), integer("burst", "Excess requests tolerated above the rate."),
          choice("mode", "shape: delay accepted requests by excess / rate; police: forward at once.", {"shape", "police"})}},
        {"fixed_window",
         "fixed_window",
         false,
         "One counter per window; allow iff used + cost <= limit.",
         "Redis INCR + EXPIRE pattern; python limits storage/memory.py",
         {limit, window, boolean("count_rejected", "Add the cost of rejected requests too (the INCR-first pattern)."),
          choice("align", "epoch: windows [kW, (k+1)W); first: a window opens at the first request.", {"epoch", "first"})}},
        {"sliding_window_log",
         "sliding_window_log",
         false,
         "Exact log of admitted cost; allow iff cost in the last window + cost <= limit.",
         "Redis ZSET + ZREMRANGEBYSCORE; python limits moving window",
         {limit, window,
          choice("boundary", "exclusive: an entry exactly W old no longer counts; inclusive: it still counts.",
                 {"exclusive", "inclusive"})}},
        {"sliding_window_counter",
         "sliding_window_counter",
         false,
         "Two counters: est = floor(prev x (W - elapsed) / W) + curr; reject iff est + cost > limit.",
         "the classic two-counter Redis Lua script",
         {limit, window}},
        {"gcra",
         "gcra",
         false,
         "Generic cell rate algorithm: one theoretical arrival time per key; burst requests at once.",
         "go-redis/redis_rate lua.go (exact form)",
         {rate("rate", "Sustained rate, e.g. 10/s."), integer("burst", "Requests admitted at once from idle.")}},
    };
}

// The presets: real systems, decision for decision (presets.md).
std::vector<AlgorithmInfo> presets()
{
    const auto limit = limitParam();
    const auto window = duration("window", "Length of the window, e.g. 1s, 60s, 1m.");
    const auto wholeSecondWindow = duration("window", "Length of the window in whole seconds, e.g. 1s, 60s.");
    return {
        {"x_time_rate",
         "token_bucket",
         true,
         "golang.org/x/time/rate NewLimiter(r, b) + AllowN(t, n), float64 tokens.",
         "golang.org/x/time/rate rate/rate.go v0.3.0",
         {rate("rate", "Limit in events per unit, e.g. 10/s."), integer("burst", "Bucket size b.")}},
        {"envoy_local",
         "token_bucket",
         true,
         "Envoy local rate limit token bucket: tokens_per_fill added every fill_interval.",
         "Envoy source/extensions/filters/common/local_ratelimit/local_ratelimit_impl.cc",
         {integer("max_tokens", "Bucket size; the bucket starts full."),
          integer("tokens_per_fill", "Tokens added at each fill.", "1"),
          duration("fill_interval", "Time between fills, at least 50ms.")}},
        {"nginx_limit_req",
         "leaky_bucket",
         true,
         "nginx limit_req: milli-request excess, millisecond clock, 1 + burst at once from idle.",
         "nginx src/http/modules/ngx_http_limit_req_module.c",
         {rate("rate", "Rate as N/s, N/m or nginx's Nr/s, Nr/m."), integer("burst", "Excess requests queued or tolerated.", "0"),
          boolean("nodelay", "Forward requests within the burst at once."),
          integer("delay", "Requests forwarded without delay before delaying starts.", "0")}},
        {"redis_incr_expire",
         "fixed_window",
         true,
         "INCR-first fixed window, one Redis key per epoch-aligned window.",
         "the Redis INCR + EXPIRE rate limiter pattern",
         {limit, window}},
        {"limits_fixed_window",
         "fixed_window",
         true,
         "python limits 2.8.0 FixedWindowRateLimiter: window opens at the first hit, counts rejected cost.",
         "python limits 2.8.0 limits/storage/memory.py incr()",
         {limit, wholeSecondWindow}},
        {"limits_moving_window",
         "sliding_window_log",
         true,
         "python limits 2.8.0 MovingWindowRateLimiter: inclusive log, float seconds.",
         "python limits 2.8.0 limits/storage/memory.py acquire_entry()",
         {limit, wholeSecondWindow}},
        {"limits_sliding_window_counter",
         "sliding_window_counter",
         true,
         LimitsSlidingWindowCounter::kSummary,
         LimitsSlidingWindowCounter::kReference,
         {limit, wholeSecondWindow}},
        {"redis_rate_gcra",
         "gcra",
         true,
         "go-redis/redis_rate GCRA Lua script, float seconds since 2017-01-01.",
         "go-redis/redis_rate lua.go",
         {rate("rate", "Rate per period, e.g. 10/s (Limit.Rate per Limit.Period)."),
          integer("burst", "Limit.Burst: requests admitted at once from idle.")}},
        {"throttled_gcra",
         "gcra",
         true,
         "throttled/throttled GCRA: max_burst + 1 requests at once, integer nanoseconds.",
         "throttled/throttled rate.go",
         {rate("rate", "Quota MaxRate, e.g. 10/s (PerSec(10))."),
          integer("max_burst", "MaxBurst: max_burst + 1 requests pass at once.")}},
    };
}

std::vector<AlgorithmInfo> buildCatalog()
{
    std::vector<AlgorithmInfo> catalog = exactAlgorithms();
    for (AlgorithmInfo& preset : presets())
        catalog.push_back(std::move(preset));
    return catalog;
}

// Reads one typed parameter; every failure names the parameter.
class ParamReader {
public:
    ParamReader(const AlgorithmInfo& info, const ParamValues& given) : m_info(info)
    {
        for (const auto& entry : given) {
            const std::string& name = entry.first;  // a structured binding cannot be captured before clang 16
            const auto& specs = info.params;
            if (std::none_of(specs.begin(), specs.end(), [&](const ParamSpec& s) { return s.name == name; }))
                throw ParamError("param " + clipText(name),
                                 "unknown parameter '" + clipText(name) + "' for " + info.name + " (see ratelab-cli list)");
        }
        for (const ParamSpec& spec : info.params) {
            auto it = given.find(spec.name);
            if (it != given.end())
                m_values[spec.name] = it->second;
            else if (!spec.defaultValue.empty())
                m_values[spec.name] = spec.defaultValue;
            else
                throw ParamError("param " + spec.name, "missing parameter " + spec.name + " for " + info.name);
        }
    }

    const ParamValues& values() const { return m_values; }

    std::int64_t integer(const std::string& name, std::int64_t min, std::int64_t max = (std::int64_t{1} << 31) - 1) const
    {
        std::string error;
        auto value = parseInteger(m_values.at(name), error);
        if (!value)
            fail(name, error);
        if (*value < min || *value > max)
            fail(name, "must be between " + std::to_string(min) + " and " + std::to_string(max));
        return *value;
    }
    Duration duration(const std::string& name, Duration min = 1) const
    {
        std::string error;
        auto value = parseDuration(m_values.at(name), error);
        if (!value)
            fail(name, error);
        if (*value < min)
            fail(name, "must be at least " + formatDuration(min));
        if (*value > kMaxDurationUs)
            fail(name, "must be at most " + formatDuration(kMaxDurationUs) + kValidRange);
        return *value;
    }
    Duration wholeSeconds(const std::string& name) const
    {
        const Duration value = duration(name, kMicrosPerSecond);
        if (value % kMicrosPerSecond != 0)
            fail(name, "must be a whole number of seconds (python limits' windows are)");
        return value;
    }
    Rate rate(const std::string& name) const
    {
        std::string error;
        auto value = parseRate(m_values.at(name), error);
        if (!value)
            fail(name, error);
        return *value;
    }
    bool boolean(const std::string& name) const
    {
        std::string error;
        auto value = parseBool(m_values.at(name), error);
        if (!value)
            fail(name, error);
        return *value;
    }
    std::string choice(const std::string& name) const
    {
        const std::string& value = m_values.at(name);
        for (const ParamSpec& spec : m_info.params) {
            if (spec.name == name && std::find(spec.choices.begin(), spec.choices.end(), value) != spec.choices.end())
                return value;
        }
        std::string options;
        for (const ParamSpec& spec : m_info.params) {
            if (spec.name == name) {
                for (const auto& c : spec.choices)
                    options += (options.empty() ? "" : "|") + c;
            }
        }
        fail(name, "must be one of " + options);
    }

    // Scaled levels must stay inside int64: amount x rate.den.
    void checkScaled(const std::string& name, std::int64_t amount, const Rate& r) const
    {
        if (Int128{amount} * r.den > (Int128{1} << 62))
            fail(name, "too large for exact arithmetic at rate " + r.text);
    }

    // Every time scale a limit implies (a full bucket's refill, a burst's drain) must stay
    // within the valid range of durations (simtime.h). `micros` is in Int128: it may not fit
    // in int64. `what` names it: "refilling capacity 5".
    void checkTimeScale(const std::string& name, Int128 micros, const std::string& what) const
    {
        if (micros > kMaxDurationUs)
            fail(name, what + " takes about " + yearsOf(micros) + ", more than " + formatDuration(kMaxDurationUs) + kValidRange);
    }

    [[noreturn]] void fail(const std::string& name, const std::string& why) const
    {
        throw ParamError("param " + name, m_info.name + " " + name + "=" + clipText(m_values.at(name)) + ": " + why);
    }

private:
    const AlgorithmInfo& m_info;
    ParamValues m_values;
};

// The buckets: token bucket and leaky bucket, and the presets built like them. Null for
// another algorithm.
std::unique_ptr<RateLimiter> buildBucket(const std::string& name, const ParamReader& p)
{
    if (name == "token_bucket") {
        TokenBucket::Params params;
        params.capacity = p.integer("capacity", 1);
        params.refill = p.rate("refill");
        params.mode =
            p.choice("refill_mode") == "interval" ? TokenBucket::RefillMode::Interval : TokenBucket::RefillMode::Continuous;
        params.intervalUs = p.duration("interval");
        p.checkScaled("capacity", params.capacity, params.refill);
        p.checkTimeScale("refill", timeFor(params.capacity, params.refill),
                         "refilling capacity " + std::to_string(params.capacity));
        return std::make_unique<TokenBucket>(params);
    }
    if (name == "envoy_local") {
        TokenBucket::Params params;
        params.capacity = p.integer("max_tokens", 1);
        const std::int64_t perFill = p.integer("tokens_per_fill", 1);
        params.intervalUs = p.duration("fill_interval", 50 * kMicrosPerMilli);
        params.mode = TokenBucket::RefillMode::Interval;
        // tokens_per_fill per fill_interval, as the exact rational num / den per microsecond.
        const std::int64_t common = std::gcd(perFill, params.intervalUs);
        params.refill.num = perFill / common;
        params.refill.den = params.intervalUs / common;
        params.refill.countScaled = perFill;
        params.refill.unitUs = params.intervalUs;
        params.refill.text = std::to_string(perFill) + " per " + formatDuration(params.intervalUs);
        p.checkScaled("max_tokens", params.capacity, params.refill);
        const std::int64_t fills = (params.capacity + perFill - 1) / perFill;
        p.checkTimeScale("fill_interval", Int128{fills} * params.intervalUs,
                         "refilling max_tokens " + std::to_string(params.capacity));
        return std::make_unique<TokenBucket>(params);
    }
    if (name == "leaky_bucket") {
        LeakyBucket::Params params;
        params.rate = p.rate("rate");
        params.burst = p.integer("burst", 0);
        params.mode = p.choice("mode") == "police" ? LeakyBucket::Mode::Police : LeakyBucket::Mode::Shape;
        p.checkScaled("burst", params.burst + 1, params.rate);
        p.checkTimeScale("rate", timeFor(params.burst + 1, params.rate),
                         "draining burst + 1 = " + std::to_string(params.burst + 1));
        return std::make_unique<LeakyBucket>(params);
    }
    if (name == "nginx_limit_req") {
        const Rate r = p.rate("rate");
        if (r.unitUs != kMicrosPerSecond && r.unitUs != kMicrosPerMinute)
            p.fail("rate", "nginx takes r/s or r/m");
        NginxLimitReq::Params params;
        // ctx->rate = rate x 1000 / scale (scale 1 or 60), in integers.
        params.rateMilli =
            static_cast<std::int64_t>(Int128{r.countScaled} * 1000 * kMicrosPerSecond / (Int128{r.unitUs} * r.decimalScale()));
        if (params.rateMilli < 1)
            p.fail("rate", "below nginx's resolution of 1 milli-request per second");
        params.burst = p.integer("burst", 0);
        p.checkTimeScale("rate", ceilDiv128(Int128{params.burst + 1} * 1000 * kMicrosPerSecond, params.rateMilli),
                         "draining burst + 1 = " + std::to_string(params.burst + 1));
        params.nodelay = p.boolean("nodelay");
        params.delay = p.integer("delay", 0);
        return std::make_unique<NginxLimitReq>(params);
    }
    return nullptr;
}

// The window algorithms (fixed window, sliding log, sliding counter) and their presets. Null
// for another algorithm.
std::unique_ptr<RateLimiter> buildWindow(const std::string& name, const ParamReader& p)
{
    if (name == "fixed_window" || name == "redis_incr_expire" || name == "limits_fixed_window") {
        FixedWindowParams params;
        params.limit = p.integer("limit", 1);
        if (name == "limits_fixed_window") {
            params.windowUs = p.wholeSeconds("window");
            params.countRejected = true;
            return std::make_unique<FixedWindowFirst<PythonFloatExpiry>>(params);
        }
        params.windowUs = p.duration("window");
        if (name == "redis_incr_expire") {
            params.countRejected = true;
            return std::make_unique<FixedWindowEpoch>(params);
        }
        params.countRejected = p.boolean("count_rejected");
        if (p.choice("align") == "first")
            return std::make_unique<FixedWindowFirst<ExactExpiry>>(params);
        return std::make_unique<FixedWindowEpoch>(params);
    }
    if (name == "sliding_window_log") {
        SlidingWindowLog::Params params;
        params.limit = p.integer("limit", 1, std::int64_t{1} << 24);
        params.windowUs = p.duration("window");
        params.boundary =
            p.choice("boundary") == "inclusive" ? SlidingWindowLog::Boundary::Inclusive : SlidingWindowLog::Boundary::Exclusive;
        return std::make_unique<SlidingWindowLog>(params);
    }
    if (name == "limits_moving_window")
        return std::make_unique<LimitsMovingWindow>(
            LimitsMovingWindow::Params{p.integer("limit", 1, std::int64_t{1} << 24), p.wholeSeconds("window")});
    if (name == "sliding_window_counter")
        return std::make_unique<SlidingWindowCounter>(SlidingWindowCounter::Params{p.integer("limit", 1), p.duration("window")});
    if (name == "limits_sliding_window_counter")
        return std::make_unique<LimitsSlidingWindowCounter>(
            LimitsSlidingWindowCounter::Params{p.integer("limit", 1), p.wholeSeconds("window")});
    return nullptr;
}

// GCRA and the presets given as a rate and a burst (x/time/rate, redis_rate, throttled). Null
// for another algorithm.
std::unique_ptr<RateLimiter> buildRateAndBurst(const std::string& name, const ParamReader& p)
{
    if (name == "gcra") {
        Gcra::Params params{p.rate("rate"), p.integer("burst", 1)};
        p.checkScaled("burst", params.burst, params.rate);
        p.checkTimeScale("rate", timeFor(params.burst, params.rate), "refilling burst " + std::to_string(params.burst));
        return std::make_unique<Gcra>(params);
    }
    if (name == "x_time_rate" || name == "redis_rate_gcra") {
        const Rate r = p.rate("rate");
        const std::int64_t burst = p.integer("burst", 0);
        p.checkTimeScale("rate", timeFor(burst, r), "refilling burst " + std::to_string(std::max<std::int64_t>(burst, 1)));
        if (name == "x_time_rate")
            return std::make_unique<XTimeRate>(XTimeRate::Params{r, burst});
        return std::make_unique<RedisRateGcra>(RedisRateGcra::Params{r, burst});
    }
    if (name == "throttled_gcra") {
        ThrottledGcra::Params params{p.rate("rate"), p.integer("max_burst", 0)};
        // throttled's emission interval is whole nanoseconds: period / N truncated.
        if (Int128{params.rate.unitUs} * 1000 * params.rate.decimalScale() < params.rate.countScaled)
            p.fail("rate", "above 1 per nanosecond, throttled's emission interval (whole nanoseconds) would be 0");
        p.checkTimeScale("rate", timeFor(params.maxBurst + 1, params.rate),
                         "refilling max_burst + 1 = " + std::to_string(params.maxBurst + 1));
        return std::make_unique<ThrottledGcra>(params);
    }
    return nullptr;
}

std::unique_ptr<RateLimiter> build(const AlgorithmInfo& info, const ParamReader& p)
{
    const std::string& name = info.name;
    if (auto limiter = buildBucket(name, p))
        return limiter;
    if (auto limiter = buildWindow(name, p))
        return limiter;
    if (auto limiter = buildRateAndBurst(name, p))
        return limiter;
    throw ParamError("algorithm", "no factory for " + name);
}

}  // namespace

const std::vector<AlgorithmInfo>& algorithmCatalog()
{
    static const std::vector<AlgorithmInfo> catalog = buildCatalog();
    return catalog;
}

const AlgorithmInfo* findAlgorithm(std::string_view name)
{
    for (const AlgorithmInfo& info : algorithmCatalog()) {
        if (info.name == name)
            return &info;
    }
    return nullptr;
}

BuiltLimiter makeLimiter(std::string_view name, const ParamValues& params)
{
    const AlgorithmInfo* info = findAlgorithm(name);
    if (!info)
        throw ParamError("algorithm", "unknown algorithm '" + clipText(name) + "' (see ratelab-cli list)");
    ParamReader reader(*info, params);
    return {build(*info, reader), info, reader.values()};
}

}  // namespace ratelab
