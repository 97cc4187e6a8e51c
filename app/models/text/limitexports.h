#pragma once
// A recommended limit exported for production (engine/limitconfig/limitexport.h, the text
// `ratelab-cli export` prints) as the Logs view offers it: the export or the engine's reason it
// cannot be made, and each target's name and file suffix.

#include "engine/limitconfig/limitexport.h"

#include <QString>

#include <array>

namespace ratelab::limitexports {

// The targets in the order the Export menu lists them.
inline constexpr std::array<ExportTarget, 3> kTargets{ExportTarget::RedisLua, ExportTarget::Nginx, ExportTarget::Envoy};

// The export of `algorithm` with `params` as `target`; empty, with the engine's reason in
// `error`, when it cannot be made (`error` is cleared when it can).
QString text(const std::string& algorithm, const ParamValues& params, ExportTarget target, QString* error);
// "Lua script for Redis", "nginx limit_req", "Envoy local rate limit".
QString targetName(ExportTarget target);
// ".lua", ".conf", ".yaml".
QString fileSuffix(ExportTarget target);

}  // namespace ratelab::limitexports
