#pragma once
// The live backend with a failure policy (`decide --backend URL --on-failure POLICY`): while
// the server (or cluster) cannot be reached or stops answering, the policy decides, as an
// instance's would in the cluster model: fail_open allows, fail_closed refuses, local_fallback
// asks a limiter of the same algorithm and parameters in this process. Each batch first tries
// Redis again (a reconnect, counted), unless the breaker is open: after `breakerFailures`
// failures in a row it waits `cooldown` of wall time before the next try. A batch that fails
// part way is decided by the policy from its first request on: which of its requests the
// server counted before it went away is not known. A configuration error (a refused password,
// a command the user may not run, a database the server lacks) is no outage: it is thrown as
// RedisConfigError, whatever the policy.

#include "engine/algorithms/catalog/catalog.h"
#include "engine/backend/redisdecider.h"
#include "engine/cluster/clusterspec.h"
#include "engine/core/keyinterner.h"

#include <chrono>
#include <optional>

namespace ratelab {

struct FailoverSettings {
    FailurePolicy policy = FailurePolicy::FailOpen;
    int breakerFailures = 0;  // 0: no breaker, every batch tries again
    std::chrono::milliseconds cooldown{0};
    std::chrono::milliseconds timeout{1000};  // connecting, and each reply
};

class FailoverDecider {
public:
    FailoverDecider(const RedisAddress& address, const std::string& algorithm, const ParamValues& params, std::string prefix,
                    const FailoverSettings& settings);

    // out[i] for every request of the batch; throws RedisConfigError only.
    void decide(const RequestBatch& batch, std::vector<Decision>& out);

    struct Counts {
        std::int64_t byRedis = 0;
        std::int64_t byPolicy = 0;
        std::int64_t failures = 0;    // connects refused, and batches cut by a failure
        std::int64_t reconnects = 0;  // connections made again after a failure
        std::string lastFailure;
    };
    const Counts& counts() const { return m_counts; }

private:
    bool connect();
    void decideByPolicy(const RequestBatch& batch, std::vector<Decision>& out);
    void failed(const RedisError& e);

    RedisAddress m_address;
    std::string m_algorithm;
    ParamValues m_params;
    std::string m_prefix;
    FailoverSettings m_settings;
    std::optional<RedisDecider> m_redis;
    BuiltLimiter m_fallback;
    KeyInterner m_fallbackKeys;
    Counts m_counts;
    int m_failuresInARow = 0;
    std::chrono::steady_clock::time_point m_openUntil;
};

}  // namespace ratelab
