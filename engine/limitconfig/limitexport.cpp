#include "engine/limitconfig/limitexport.h"

#include "engine/algorithms/http/problemdetails.h"

namespace ratelab {

std::string exportHeader(const std::string& algorithm, const ParamValues& params, const char* comment)
{
    std::string text = std::string(comment) + " ratelab: " + algorithm;
    for (const auto& [k, v] : params)
        text += " " + k + "=" + v;
    return text + "\n";
}

std::string proxyProblemBody(const std::string& algorithm, const ParamValues& params, std::string_view policyName,
                             std::optional<std::int64_t> retryAfterSeconds)
{
    return problemJson(quotaExceeded(makeLimiter(algorithm, params).limiter->policy(), policyName, retryAfterSeconds));
}

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

std::string exportLimit(const std::string& algorithm, const ParamValues& params, ExportTarget target, RedisClock clock)
{
    const ParamValues full = makeLimiter(algorithm, params).params;
    switch (target) {
    case ExportTarget::RedisLua: return redisLuaScript(algorithm, full, clock);
    case ExportTarget::Nginx: return nginxConfig(algorithm, full);
    case ExportTarget::Envoy: return envoyConfig(algorithm, full);
    }
    throw ExportError("unknown export target");
}

}  // namespace ratelab
