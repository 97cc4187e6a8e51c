#include "engine/backend/failoverdecider.h"

namespace ratelab {

FailoverDecider::FailoverDecider(const RedisAddress& address, const std::string& algorithm, const ParamValues& params,
                                 std::string prefix, const FailoverSettings& settings)
    : m_address(address), m_algorithm(algorithm), m_params(params), m_prefix(std::move(prefix)), m_settings(settings),
      m_fallback(makeLimiter(algorithm, params))
{
    connect();
}

bool FailoverDecider::connect()
{
    if (m_redis)
        return true;
    if (m_settings.breakerFailures > 0 && m_failuresInARow >= m_settings.breakerFailures
        && std::chrono::steady_clock::now() < m_openUntil)
        return false;
    try {
        m_redis.emplace(m_address, m_algorithm, m_params, m_prefix, m_settings.timeout);
        if (m_counts.failures > 0)
            ++m_counts.reconnects;
        return true;
    } catch (const RedisConfigError&) {
        throw;
    } catch (const RedisError& e) {
        failed(e);
        return false;
    }
}

void FailoverDecider::failed(const RedisError& e)
{
    m_redis.reset();
    ++m_counts.failures;
    m_counts.lastFailure = e.what();
    if (++m_failuresInARow >= m_settings.breakerFailures && m_settings.breakerFailures > 0)
        m_openUntil = std::chrono::steady_clock::now() + m_settings.cooldown;
}

void FailoverDecider::decide(const RequestBatch& batch, std::vector<Decision>& out)
{
    if (connect()) {
        try {
            m_redis->decide(batch, out);
            m_counts.byRedis += static_cast<std::int64_t>(batch.size());
            m_failuresInARow = 0;
            return;
        } catch (const RedisConfigError&) {
            throw;
        } catch (const RedisError& e) {
            failed(e);
        }
    }
    decideByPolicy(batch, out);
}

void FailoverDecider::decideByPolicy(const RequestBatch& batch, std::vector<Decision>& out)
{
    out.resize(batch.size());
    for (std::size_t i = 0; i < batch.size(); ++i) {
        Decision& d = out[i];
        switch (m_settings.policy) {
        case FailurePolicy::FailOpen:
            d = Decision{};
            d.allowed = true;
            break;
        case FailurePolicy::FailClosed: d = Decision{}; break;
        case FailurePolicy::LocalFallback:
            d = m_fallback.limiter->decide(m_fallbackKeys.intern(batch.key(i)), batch[i].t, batch[i].cost);
            break;
        }
    }
    m_counts.byPolicy += static_cast<std::int64_t>(batch.size());
}

}  // namespace ratelab
