#pragma once
// The live backend: decisions made by our Lua script (engine/limitconfig, clock argv) in a real
// Redis, a batch of requests per pipeline, so that a trace's decisions come back as the
// engine's would (`ratelab-cli decide --backend`). The script is loaded once and called by
// EVALSHA; a NOSCRIPT reply (the server's script cache flushed) loads it again and repeats
// the requests it refused, in order.

#include "engine/algorithms/catalog/catalog.h"
#include "engine/algorithms/limiter/decision.h"
#include "engine/backend/redisconnection.h"

#include <memory>
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
    // fills them in) on every node: one server, or each master of a Redis Cluster (found with
    // CLUSTER SLOTS), each request sent to the master of its key's slot. Keys are
    // redisLuaKeys(algorithm, key, prefix). Throws RedisError, ExportError.
    RedisDecider(const RedisAddress& address, const std::string& algorithm, const ParamValues& params, std::string prefix,
                 std::chrono::milliseconds timeout = std::chrono::milliseconds(10'000));

    // out[i] = the script's decision of batch[i], each key's requests decided in order. A
    // MOVED reply maps the slots again and repeats the requests it refused, an ASK sends that
    // one request to the node named; NOSCRIPT loads the script again. Throws RedisError (an
    // error reply names the request's line).
    void decide(const RequestBatch& batch, std::vector<Decision>& out);

    bool isCluster() const { return m_cluster; }
    std::size_t nodeCount() const { return m_nodes.size(); }
    std::int64_t scriptLoads() const { return m_loads; }
    std::int64_t redirections() const { return m_redirections; }

private:
    struct Node {
        std::unique_ptr<RedisConnection> connection;
        std::vector<std::size_t> queued;  // requests sent, awaiting their replies in order
        bool needsScript = false;
    };
    enum class Outcome { Decided, NoScript, Moved, Ask };

    void mapSlots();
    std::size_t nodeAt(const std::string& host, int port);
    void load(Node& node);
    void setKeys(const RequestBatch& batch, std::size_t i);
    void append(const RequestBatch& batch, std::size_t i);
    void appendTo(Node& node, const RequestBatch& batch, std::size_t i);
    Outcome read(Node& node, const RequestBatch& batch, std::size_t i, std::vector<Decision>& out);
    void decideAsked(const RequestBatch& batch, std::size_t i, const std::string& at, std::vector<Decision>& out);

    std::chrono::milliseconds m_timeout;
    RedisAddress m_seed;
    std::vector<Node> m_nodes;
    std::vector<std::uint16_t> m_slotNode;  // per slot, the node of its master (cluster only)
    bool m_cluster = false;
    std::string m_script;
    std::string m_sha;
    std::string m_prefix;
    bool m_twoKeys;
    std::int64_t m_loads = 0;
    std::int64_t m_redirections = 0;
    std::string m_keyBuffer;  // the keys of one call, reused
    std::size_t m_baseLength = 0;
    std::vector<std::pair<std::size_t, std::string>> m_asked;  // requests an ASK sent to "host:port"
    std::vector<std::size_t> m_pending;
    std::vector<std::size_t> m_retry;
};

}  // namespace ratelab
