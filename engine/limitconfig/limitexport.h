#pragma once
// Exports a limit to the systems that enforce it in production:
//   redis-lua  a Redis Lua script for the six exact algorithms (redislua.cpp): EVAL with
//              KEYS[1] = the client's key, ARGV[1] = now in microseconds, ARGV[2] = cost;
//              returns {allowed (1|0), remaining, retry_after_us, delay_us}, the engine's
//              decision for decision.
//   nginx      limit_req_zone / limit_req for leaky_bucket and nginx_limit_req (nginxexport.cpp).
//   envoy      the local rate limit filter's token bucket for token_bucket and envoy_local
//              (envoyexport.cpp).
// An export holds the rate of the limit it comes from, or is refused (ExportError) with the
// reason; its comment says where the target's semantics differ from the source's.
// resources/docs/advisor.md says what each target supports and where it approximates.

#include "engine/algorithms/catalog.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace ratelab {

enum class ExportTarget { RedisLua, Nginx, Envoy };

// The target cannot express this algorithm or these parameters (the CLI's exit 2).
class ExportError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

std::optional<ExportTarget> exportTargetFromName(std::string_view name);

// Validates the parameters through the catalog (throws ParamError), then renders the
// target's text (throws ExportError when the target cannot express it).
std::string exportLimit(const std::string& algorithm, const ParamValues& params, ExportTarget target);

// Each target's text; `params` complete (defaults filled in). Throw ExportError.
std::string redisLuaScript(const std::string& algorithm, const ParamValues& params);
std::string nginxConfig(const std::string& algorithm, const ParamValues& params);
std::string envoyConfig(const std::string& algorithm, const ParamValues& params);

// The first line of every export: "<comment> ratelab: <algorithm> k=v ...".
std::string exportHeader(const std::string& algorithm, const ParamValues& params, const char* comment);

}  // namespace ratelab
