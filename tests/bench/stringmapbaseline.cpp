#include "tests/bench/stringmapbaseline.h"

#include <algorithm>
#include <cmath>

namespace ratelab::bench {

void StringMapTokenBucket::decideBatch(const std::string* keys, const Request* requests, std::size_t count, Decision* out)
{
    for (std::size_t i = 0; i < count; ++i) {
        const Request& r = requests[i];
        const double cost = r.cost;
        auto it = m_states.find(keys[i]);
        if (it == m_states.end())
            it = m_states.emplace(keys[i], State{m_capacity, r.t}).first;
        State& s = it->second;
        if (r.t > s.last) {
            s.tokens = std::min(m_capacity, s.tokens + static_cast<double>(r.t - s.last) * m_tokensPerUs);
            s.last = r.t;
        }
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

}  // namespace ratelab::bench
