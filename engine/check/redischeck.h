#pragma once
// The simulation checked against a real Redis: every decision of a scenario's lanes made again
// by our Lua script in a live server (backend/redisdecider.h), side by side. Each lane runs
// over the scenario's traffic as in a run, retries included; each decision's request (its
// time, key and cost) goes to the script of the limit that decided it, a pipeline at a time,
// and the two answers are compared on what the script returns: allowed, remaining,
// retry-after and delay. Expect no difference; any is a bug in one of the two.
//
// Keys live under a prefix of their own ("ratelab-check:NONCE:LANE:LIMIT:"), so a check never
// reads a key written before it; the scripts let them expire.

#include "engine/algorithms/limiter/decision.h"
#include "engine/backend/redisconnection.h"
#include "engine/core/runcontrol.h"
#include "engine/scenario/scenario.h"

#include <string>
#include <vector>

namespace ratelab {

struct LaneCheck {
    std::string id;
    std::string skipped;  // why the lane was not checked (its limit changes, a cluster); empty when checked
    std::int64_t compared = 0;
    std::int64_t differing = 0;
    struct Difference {
        SimTime atUs = 0;  // from the scenario start
        std::string key;
        Decision engine;
        Decision redis;
    };
    std::vector<Difference> examples;  // the first kExamples
    static constexpr std::size_t kExamples = 5;
};

struct RedisCheck {
    std::string server;  // the URL without a password
    bool cluster = false;
    std::vector<LaneCheck> lanes;
};

// Checks every lane of `scenario` against the Redis at `address`. Throws ScenarioError for a
// scenario that does not validate or asks for more work than the cap, RedisError when the
// server cannot be reached or fails, Cancelled when `control` was cancelled.
RedisCheck checkAgainstRedis(const Scenario& scenario, const RedisAddress& address, RunControl& control);

}  // namespace ratelab
