#include "engine/export/limitexport.h"

#include "engine/core/units.h"

#include <numeric>

namespace ratelab {

namespace {

Rate rateOf(const ParamValues& params, const std::string& name)
{
    std::string error;
    auto r = parseRate(params.at(name), error);
    if (!r)
        throw ParamError("param " + name, error);
    return *r;
}

std::string header(const std::string& algorithm, const ParamValues& params, const char* comment)
{
    std::string text = std::string(comment) + " ratelab: " + algorithm;
    for (const auto& [k, v] : params)
        text += " " + k + "=" + v;
    return text + "\n";
}

// nginx takes whole requests per second or per minute: "10r/s", "30r/m".
std::string nginxRate(const Rate& r)
{
    // r = num / den per microsecond.
    if (Int128{r.num} * kMicrosPerSecond % r.den == 0)
        return std::to_string(static_cast<std::int64_t>(Int128{r.num} * kMicrosPerSecond / r.den)) + "r/s";
    if (Int128{r.num} * kMicrosPerMinute % r.den == 0)
        return std::to_string(static_cast<std::int64_t>(Int128{r.num} * kMicrosPerMinute / r.den)) + "r/m";
    throw ExportError("nginx takes whole requests per second or per minute; rate " + r.text + " is neither");
}

std::string exportNginx(const std::string& algorithm, const ParamValues& p)
{
    const bool preset = algorithm == "nginx_limit_req";
    if (!preset && algorithm != "leaky_bucket")
        throw ExportError("nginx limit_req expresses leaky_bucket and nginx_limit_req only, not " + algorithm);
    const std::string rate = preset && p.at("rate").find("r/") != std::string::npos ? p.at("rate")
                                                                                    : nginxRate(rateOf(p, "rate"));
    std::string limit = "limit_req zone=ratelab burst=" + p.at("burst");
    if (preset) {
        if (p.at("nodelay") == "true")
            limit += " nodelay";
        else if (p.at("delay") != "0")
            limit += " delay=" + p.at("delay");
    } else if (p.at("mode") == "police") {
        limit += " nodelay";
    }
    std::string text = header(algorithm, p, "#");
    text += "# nginx keeps the excess in milli-requests per millisecond: ratelab's nginx_limit_req preset\n"
            "# reproduces it exactly; leaky_bucket is the exact model of the same rule.\n"
            "# in the http block:\n"
            "limit_req_zone $binary_remote_addr zone=ratelab:10m rate=" + rate + ";\n"
            "# in a server or location block:\n" + limit + ";\n"
            "limit_req_status 429;\n";
    return text;
}

// A protobuf Duration in its JSON/YAML form: "1s", "0.05s".
std::string protoDuration(Duration us)
{
    std::string text = std::to_string(us / kMicrosPerSecond);
    if (const Duration frac = us % kMicrosPerSecond; frac != 0) {
        std::string digits = std::to_string(frac);
        digits = std::string(6 - digits.size(), '0') + digits;
        while (digits.back() == '0')
            digits.pop_back();
        text += "." + digits;
    }
    return text + "s";
}

std::string exportEnvoy(const std::string& algorithm, const ParamValues& p)
{
    std::string maxTokens;
    std::string perFill;
    Duration interval = 0;
    std::string note;
    if (algorithm == "envoy_local") {
        maxTokens = p.at("max_tokens");
        perFill = p.at("tokens_per_fill");
        std::string error;
        interval = *parseDuration(p.at("fill_interval"), error);
    } else if (algorithm == "token_bucket") {
        const Rate r = rateOf(p, "refill");
        maxTokens = p.at("capacity");
        if (p.at("refill_mode") == "interval") {
            std::string error;
            interval = *parseDuration(p.at("interval"), error);
        } else {
            // Envoy refills at fill_interval ticks: the shortest whole-millisecond interval of
            // at least 50 ms (Envoy's minimum) in which the refill is a whole number of tokens.
            const std::int64_t step = std::lcm<std::int64_t>(r.den / std::gcd(r.num, r.den), kMicrosPerMilli);
            interval = step * ((50 * kMicrosPerMilli + step - 1) / step);
            note = "# continuous refill approximated by Envoy's fill_interval ticks (ratelab's envoy_local preset\n"
                   "# replays this config exactly)\n";
        }
        const Int128 tokens = Int128{r.num} * interval;
        if (tokens % r.den != 0)
            throw ExportError("Envoy adds whole tokens per fill: refill " + r.text + " over " + formatDuration(interval)
                              + " is not a whole number");
        perFill = std::to_string(static_cast<std::int64_t>(tokens / r.den));
    } else {
        throw ExportError("the Envoy local rate limit is a token bucket: it expresses token_bucket and envoy_local only, not "
                          + algorithm);
    }
    if (interval < 50 * kMicrosPerMilli)
        throw ExportError("Envoy's fill_interval must be at least 50ms");
    std::string text = header(algorithm, p, "#");
    text += note;
    text += "# Envoy's local rate limit is one bucket per Envoy instance (per route with descriptors), not per client.\n"
            "http_filters:\n"
            "- name: envoy.filters.http.local_ratelimit\n"
            "  typed_config:\n"
            "    \"@type\": type.googleapis.com/envoy.extensions.filters.http.local_ratelimit.v3.LocalRateLimit\n"
            "    stat_prefix: http_local_rate_limiter\n"
            "    token_bucket:\n"
            "      max_tokens: " + maxTokens + "\n"
            "      tokens_per_fill: " + perFill + "\n"
            "      fill_interval: " + protoDuration(interval) + "\n"
            "    filter_enabled:\n"
            "      runtime_key: local_rate_limit_enabled\n"
            "      default_value:\n"
            "        numerator: 100\n"
            "        denominator: HUNDRED\n"
            "    filter_enforced:\n"
            "      runtime_key: local_rate_limit_enforced\n"
            "      default_value:\n"
            "        numerator: 100\n"
            "        denominator: HUNDRED\n";
    return text;
}

} // namespace

std::optional<ExportTarget> exportTargetFromName(std::string_view name)
{
    if (name == "redis-lua")
        return ExportTarget::RedisLua;
    if (name == "nginx")
        return ExportTarget::Nginx;
    if (name == "envoy")
        return ExportTarget::Envoy;
    return std::nullopt;
}

std::string exportLimit(const std::string& algorithm, const ParamValues& params, ExportTarget target)
{
    const ParamValues full = makeLimiter(algorithm, params).params;
    switch (target) {
    case ExportTarget::RedisLua: return redisLuaScript(algorithm, full);
    case ExportTarget::Nginx: return exportNginx(algorithm, full);
    case ExportTarget::Envoy: return exportEnvoy(algorithm, full);
    }
    throw ExportError("unknown export target");
}

} // namespace ratelab
