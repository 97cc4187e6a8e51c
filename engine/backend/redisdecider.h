#pragma once
// The live backend: decisions made by our Lua script (engine/limitconfig, clock argv) in a real
// Redis, a batch of requests per pipeline, so that a trace's decisions come back as the
// engine's would (`ratelab-cli decide --backend`). The script is loaded once and called by
// EVALSHA; a NOSCRIPT reply (the server's script cache flushed) loads it again and repeats
// the requests it refused, in order.

#include "engine/algorithms/catalog.h"
#include "engine/algorithms/decision.h"
#include "engine/backend/redisconnection.h"

#include <string>
#include <vector>

namespace ratelab {

// Requests read ahead for one pipeline: their keys in one arena, no allocation per request
// once the batch has grown to its size.
class RequestBatch {
public:
    struct Request {
        SimTime t;
        Cost cost;
        std::int64_t line;  // in the trace, for errors
        std::uint32_t keyAt;
        std::uint32_t keyLength;
    };
    void add(SimTime t, std::string_view key, Cost cost, std::int64_t line);
    void clear();
    std::size_t size() const { return m_requests.size(); }
    const Request& operator[](std::size_t i) const { return m_requests[i]; }
    std::string_view key(std::size_t i) const { return {m_keys.data() + m_requests[i].keyAt, m_requests[i].keyLength}; }

private:
    std::vector<Request> m_requests;
    std::string m_keys;
};

class RedisDecider {
public:
    // Connects and loads the script of `algorithm` with `params` (complete, as makeLimiter
    // fills them in). Keys are redisLuaKeys(algorithm, key, prefix). Throws RedisError,
    // ExportError.
    RedisDecider(const RedisAddress& address, const std::string& algorithm, const ParamValues& params, std::string prefix);

    // out[i] = the script's decision of batch[i], decided in order. Throws RedisError (an
    // error reply names the request's line).
    void decide(const RequestBatch& batch, std::vector<Decision>& out);

    std::int64_t scriptLoads() const { return m_loads; }

private:
    void load();
    void append(const RequestBatch& batch, std::size_t i);
    // The reply of request i into out[i]; false when it was NOSCRIPT.
    bool read(const RequestBatch& batch, std::size_t i, std::vector<Decision>& out);

    RedisConnection m_connection;
    std::string m_script;
    std::string m_sha;
    std::string m_prefix;
    bool m_twoKeys;
    std::int64_t m_loads = 0;
    std::string m_keyBuffer;  // the keys of one call, reused
};

}  // namespace ratelab
