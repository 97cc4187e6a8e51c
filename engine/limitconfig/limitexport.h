#pragma once
// Exports a limit to the systems that enforce it in production:
//   redis-lua  a Redis Lua script for the six exact algorithms and the presets redis_rate_gcra
//              and redis_incr_expire (redislua.cpp, redisluapresets.cpp): EVAL with
//              the keys redisLuaKeys() names (one hash tag, so Redis Cluster runs it),
//              ARGV[1] = now in microseconds (clock argv; clock redis reads TIME instead)
//              and then the cost; returns {allowed (1|0), remaining, retry_after_us,
//              delay_us}, the engine's decision for decision.
//   nginx      limit_req_zone / limit_req for leaky_bucket, token_bucket (continuous refill),
//              gcra and nginx_limit_req, its 429 with a static Retry-After (nginxexport.cpp).
//   envoy      the local rate limit filter's token bucket for token_bucket and envoy_local
//              (envoyexport.cpp).
// An export holds the rate of the limit it comes from, or is refused (ExportError) with the
// reason; its comment says where the target's semantics differ from the source's.
// resources/docs/advisor.md says what each target supports and where it approximates.

#include "engine/algorithms/catalog/catalog.h"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ratelab {

enum class ExportTarget { RedisLua, Nginx, Envoy };

// Where a Redis script takes its time from: the caller (ARGV[1], microseconds: replays and
// tests decide as the engine does) or the server's TIME, one clock for every instance
// calling it, which no instance's skew can move.
enum class RedisClock { Argv, Server };

// The target cannot express this algorithm or these parameters (the CLI's exit 2).
class ExportError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

std::optional<ExportTarget> exportTargetFromName(std::string_view name);

// Validates the parameters through the catalog (throws ParamError), then renders the
// target's text (throws ExportError when the target cannot express it).
std::string exportLimit(const std::string& algorithm, const ParamValues& params, ExportTarget target,
                        RedisClock clock = RedisClock::Argv);

// Each target's text; `params` complete (defaults filled in). Throw ExportError.
std::string redisLuaScript(const std::string& algorithm, const ParamValues& params, RedisClock clock = RedisClock::Argv);
// The keys a script of `algorithm` touches for the client key `key`, in KEYS order, all with
// the hash tag {key} so that Redis Cluster keeps them in one slot: "rl:{alice}", and for
// the sliding log also "rl:{alice}:seq". `prefix` goes before each ("rl:").
std::vector<std::string> redisLuaKeys(const std::string& algorithm, const std::string& key, const std::string& prefix = "rl:");
std::string nginxConfig(const std::string& algorithm, const ParamValues& params);
std::string envoyConfig(const std::string& algorithm, const ParamValues& params);

// The JSON body of a proxy's 429 for this limit: an RFC 9457 problem as `decide --body json`
// writes it (engine/algorithms/http/problemdetails.h), for the policy `policyName`, with the
// `retry-after` the proxy's Retry-After header sends (nginx: a static figure), or none when it
// sends none (Envoy).
std::string proxyProblemBody(const std::string& algorithm, const ParamValues& params, std::string_view policyName,
                             std::optional<std::int64_t> retryAfterSeconds = std::nullopt);

// The first line of every export: "<comment> ratelab: <algorithm> k=v ...".
std::string exportHeader(const std::string& algorithm, const ParamValues& params, const char* comment);

}  // namespace ratelab
