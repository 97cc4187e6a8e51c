#pragma once
// The redis-lua export's scripts for the presets that are Redis scripts in their own systems:
// redis_rate_gcra (go-redis/redis_rate) and redis_incr_expire (the INCR rate limiter of the
// Redis documentation). redislua.cpp puts the clock and the prologue before them.

#include "engine/limitconfig/limitexport.h"

#include <optional>
#include <string>

namespace ratelab {

// The body of the preset's script after the prologue, or nullopt when `algorithm` is not one
// of the two. `params` complete. Throws ParamError.
std::optional<std::string> redisLuaPresetBody(const std::string& algorithm, const ParamValues& params);

}  // namespace ratelab
