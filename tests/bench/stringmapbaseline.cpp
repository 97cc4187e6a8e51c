#include "tests/bench/stringmapbaseline.h"

#include <algorithm>
#include <cmath>

namespace ratelab::bench {

StringMapTokenBucket::State& StringMapTokenBucket::refilled(const std::string& key, std::int64_t now)
{
    auto it = m_states.find(key);
    if (it == m_states.end())
        it = m_states.emplace(key, State{m_capacity, now}).first;
    State& s = it->second;
    if (now > s.last) {
        s.tokens = std::min(m_capacity, s.tokens + static_cast<double>(now - s.last) * m_tokensPerUs);
        s.last = now;
    }
    return s;
}

void StringMapTokenBucket::decideBatch(const std::string* keys, const Request* requests, std::size_t count, Decision* out)
{
    for (std::size_t i = 0; i < count; ++i) {
        const Request& r = requests[i];
        const double cost = r.cost;
        State& s = refilled(keys[i], r.t);
        Decision d;
        if (cost > m_capacity) {
            d.retryAfterUs = kNeverPasses;
        } else if (s.tokens >= cost) {
            s.tokens -= cost;
            d.allowed = true;
        } else {
            d.retryAfterUs = static_cast<Duration>(std::ceil((cost - s.tokens) / m_tokensPerUs));
        }
        d.remaining = static_cast<std::int64_t>(s.tokens);
        d.resetAfterUs = static_cast<Duration>(std::ceil((m_capacity - s.tokens) / m_tokensPerUs));
        out[i] = d;
    }
}

void StringMapTokenBucket::allowBatch(const std::string* keys, const Request* requests, std::size_t count, bool* out)
{
    for (std::size_t i = 0; i < count; ++i) {
        const double cost = requests[i].cost;
        State& s = refilled(keys[i], requests[i].t);
        const bool allowed = cost <= m_capacity && s.tokens >= cost;
        if (allowed)
            s.tokens -= cost;
        out[i] = allowed;
    }
}

}  // namespace ratelab::bench
