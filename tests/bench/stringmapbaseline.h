#pragma once
// The baseline the engine is measured against (contributing.md, habit 10): a token bucket written the
// way a first implementation would be. State lives in a std::unordered_map keyed by the key
// string, looked up by that string on every request; tokens are a double refilled by
// (now - last) x rate; a new key starts full. It computes the same Decision fields as the
// engine (allowed, remaining, retry-after and reset-after, in float arithmetic), so the two
// do comparable work per request and differ in how they find and hold the state.
//
// allowBatch is the same bucket answering only whether each request passes, for the engine's
// allow-only path (RateLimiter::allowBatch) to be measured against like for like.
//
// Not exact and not used for anything but timing: the engine's TokenBucket is the reference.

#include "engine/algorithms/limiter/ratelimiter.h"

#include <string>
#include <unordered_map>

namespace ratelab::bench {

class StringMapTokenBucket {
public:
    StringMapTokenBucket(double capacity, double tokensPerUs) : m_capacity(capacity), m_tokensPerUs(tokensPerUs) {}

    // keys[i] is the key of requests[i].
    void decideBatch(const std::string* keys, const Request* requests, std::size_t count, Decision* out);
    void allowBatch(const std::string* keys, const Request* requests, std::size_t count, bool* out);

private:
    struct State {
        double tokens = 0;
        std::int64_t last = 0;
    };

    // The key's bucket, refilled to `now` (a new key starts full).
    State& refilled(const std::string& key, std::int64_t now);

    double m_capacity;
    double m_tokensPerUs;
    std::unordered_map<std::string, State> m_states;
};

}  // namespace ratelab::bench
