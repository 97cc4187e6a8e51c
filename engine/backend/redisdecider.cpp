#include "engine/backend/redisdecider.h"

#include "engine/backend/redisslots.h"
#include "engine/limitconfig/limitexport.h"

#include <hiredis.h>

#include <algorithm>
#include <charconv>

namespace ratelab {

namespace {

std::string_view digits(char* buffer, std::size_t size, std::int64_t value)
{
    const auto [end, ec] = std::to_chars(buffer, buffer + size, value);
    return {buffer, static_cast<std::size_t>(end - buffer)};
}

}  // namespace

void RequestBatch::add(SimTime t, std::string_view key, Cost cost, std::int64_t line)
{
    m_requests.push_back({t, cost, line, static_cast<std::uint32_t>(m_keys.size()), static_cast<std::uint32_t>(key.size())});
    m_keys.append(key);
}

void RequestBatch::clear()
{
    m_requests.clear();
    m_keys.clear();
}

RedisDecider::RedisDecider(const RedisAddress& address, const std::string& algorithm, const ParamValues& params,
                           std::string prefix, std::chrono::milliseconds timeout)
    : m_timeout(timeout), m_seed(address), m_script(redisLuaScript(algorithm, params, RedisClock::Argv)),
      m_prefix(std::move(prefix)), m_twoKeys(redisLuaKeys(algorithm, "k").size() == 2)
{
    m_nodes.push_back({std::make_unique<RedisConnection>(address, m_timeout), {}, true});
    mapSlots();
    for (Node& node : m_nodes)
        load(node);
}

// CLUSTER SLOTS on the seed: every slot range's master, connected to once. A server without
// cluster support answers with an error: then every request goes to it.
void RedisDecider::mapSlots()
{
    const RedisReply reply = m_nodes.front().connection->command({"CLUSTER", "SLOTS"});
    if (!errorText(*reply).empty() || reply->type != REDIS_REPLY_ARRAY)
        return;
    m_cluster = true;
    m_slotNode.assign(kRedisSlots, 0);
    std::vector<bool> covered(kRedisSlots, false);
    for (std::size_t r = 0; r < reply->elements; ++r) {
        const redisReply* range = reply->element[r];
        if (range->type != REDIS_REPLY_ARRAY || range->elements < 3 || range->element[2]->type != REDIS_REPLY_ARRAY
            || range->element[2]->elements < 2)
            throw RedisError(m_seed.text + ": CLUSTER SLOTS: a range without its master");
        const redisReply* master = range->element[2];
        std::string host(master->element[0]->str ? master->element[0]->str : "", master->element[0]->len);
        const std::size_t node = nodeAt(host.empty() ? m_seed.host : host, static_cast<int>(master->element[1]->integer));
        for (long long slot = range->element[0]->integer; slot <= range->element[1]->integer && slot < kRedisSlots; ++slot) {
            m_slotNode[static_cast<std::size_t>(slot)] = static_cast<std::uint16_t>(node);
            covered[static_cast<std::size_t>(slot)] = true;
        }
    }
    for (std::size_t slot = 0; slot < kRedisSlots; ++slot)
        if (!covered[slot])
            throw RedisError(m_seed.text + ": the cluster serves no slot " + std::to_string(slot) + " (cluster_state not ok)");
}

std::size_t RedisDecider::nodeAt(const std::string& host, int port)
{
    for (std::size_t i = 0; i < m_nodes.size(); ++i) {
        const RedisAddress& a = m_nodes[i].connection->address();
        if (a.host == host && a.port == port)
            return i;
    }
    RedisAddress a = m_seed;
    a.host = host;
    a.port = port;
    a.db = 0;
    a.text = "redis://" + (a.user.empty() ? "" : a.user + "@") + host + ":" + std::to_string(port) + "/0";
    m_nodes.push_back({std::make_unique<RedisConnection>(a, m_timeout), {}, true});
    return m_nodes.size() - 1;
}

void RedisDecider::load(Node& node)
{
    const RedisReply reply = node.connection->command({"SCRIPT", "LOAD", m_script});
    const std::string& where = node.connection->address().text;
    if (const std::string_view e = errorText(*reply); !e.empty())
        throwErrorReply(where + ": SCRIPT LOAD: ", e);
    if (reply->type != REDIS_REPLY_STRING)
        throw RedisError(where + ": SCRIPT LOAD: no script digest in the reply");
    m_sha.assign(reply->str, reply->len);  // the SHA1 of the script: the same on every node
    node.needsScript = false;
    ++m_loads;
}

// The keys of request i as redisLuaKeys names them, into one reused buffer (hiredis copies the
// arguments as it queues them): prefix{key}, then prefix{key}:seq for the sliding log.
void RedisDecider::setKeys(const RequestBatch& batch, std::size_t i)
{
    m_keyBuffer.assign(m_prefix).append("{").append(batch.key(i)).append("}");
    m_baseLength = m_keyBuffer.size();
    if (m_twoKeys)
        m_keyBuffer.append(m_keyBuffer, 0, m_baseLength).append(":seq");
}

// Request i to the node of its key's slot (every request to the one server without a cluster).
void RedisDecider::append(const RequestBatch& batch, std::size_t i)
{
    setKeys(batch, i);
    Node& node = m_nodes[m_cluster ? m_slotNode[redisKeySlot(std::string_view(m_keyBuffer).substr(0, m_baseLength))] : 0];
    appendTo(node, batch, i);
    node.queued.push_back(i);
}

// EVALSHA sha numkeys KEYS... now cost, for the keys in the buffer.
void RedisDecider::appendTo(Node& node, const RequestBatch& batch, std::size_t i)
{
    const RequestBatch::Request& r = batch[i];
    char now[24];
    char cost[24];
    const std::string_view nowText = digits(now, sizeof now, r.t);
    const std::string_view costText = digits(cost, sizeof cost, r.cost);
    const char* argv[7] = {"EVALSHA", m_sha.data(), m_twoKeys ? "2" : "1", m_keyBuffer.data()};
    std::size_t lengths[7] = {7, m_sha.size(), 1, m_baseLength};
    int argc = 4;
    if (m_twoKeys) {
        argv[argc] = m_keyBuffer.data() + m_baseLength;
        lengths[argc++] = m_keyBuffer.size() - m_baseLength;
    }
    argv[argc] = nowText.data();
    lengths[argc++] = nowText.size();
    argv[argc] = costText.data();
    lengths[argc++] = costText.size();
    node.connection->append(argc, argv, lengths);
}

RedisDecider::Outcome RedisDecider::read(Node& node, const RequestBatch& batch, std::size_t i, std::vector<Decision>& out)
{
    const RedisReply reply = node.connection->next();
    const std::string_view error = errorText(*reply);
    if (error.substr(0, 8) == "NOSCRIPT")
        return Outcome::NoScript;
    if (error.substr(0, 6) == "MOVED ")
        return Outcome::Moved;
    if (error.substr(0, 4) == "ASK ") {
        m_asked.push_back({i, std::string(error.substr(error.rfind(' ') + 1))});
        return Outcome::Ask;
    }
    const auto where = [&] { return node.connection->address().text + ": trace line " + std::to_string(batch[i].line) + ": "; };
    if (!error.empty())
        throwErrorReply(where(), error);
    if (reply->type != REDIS_REPLY_ARRAY || reply->elements != 4)
        throw RedisError(where() + "expected {allowed, remaining, retry_after_us, delay_us} from the script");
    std::int64_t v[4];
    for (std::size_t k = 0; k < 4; ++k) {
        if (reply->element[k]->type != REDIS_REPLY_INTEGER)
            throw RedisError(where() + "a non-integer in the script's reply");
        v[k] = reply->element[k]->integer;
    }
    Decision& d = out[i];
    d = Decision{};
    d.allowed = v[0] == 1;
    d.remaining = v[1];
    d.retryAfterUs = v[2];
    d.delayUs = v[3];
    return Outcome::Decided;
}

// An ASK: the slot is moving and this key is already on the node named: ASKING, then the
// request there. Asked once every node's queued replies are read, in request order.
void RedisDecider::decideAsked(const RequestBatch& batch, std::size_t i, const std::string& at, std::vector<Decision>& out)
{
    const auto colon = at.rfind(':');
    Node& target = m_nodes[nodeAt(at.substr(0, colon), std::stoi(at.substr(colon + 1)))];
    if (target.needsScript)
        load(target);
    const RedisReply asking = target.connection->command({"ASKING"});
    setKeys(batch, i);
    appendTo(target, batch, i);
    if (read(target, batch, i, out) != Outcome::Decided)
        throw RedisError(target.connection->address().text + ": trace line " + std::to_string(batch[i].line)
                         + ": redirected again after ASKING");
}

void RedisDecider::decide(const RequestBatch& batch, std::vector<Decision>& out)
{
    constexpr int kRounds = 4;
    out.resize(batch.size());
    m_pending.resize(batch.size());
    for (std::size_t i = 0; i < batch.size(); ++i)
        m_pending[i] = i;
    for (int round = 0; round < kRounds && !m_pending.empty(); ++round) {
        for (const std::size_t i : m_pending)
            append(batch, i);
        m_retry.clear();
        m_asked.clear();
        bool moved = false;
        for (Node& node : m_nodes) {
            for (const std::size_t i : node.queued) {
                switch (read(node, batch, i, out)) {
                case Outcome::Decided: break;
                case Outcome::NoScript:
                    node.needsScript = true;
                    m_retry.push_back(i);
                    break;
                case Outcome::Moved:
                    moved = true;
                    m_retry.push_back(i);
                    break;
                case Outcome::Ask: break;  // m_asked, below
                }
            }
            node.queued.clear();
        }
        std::sort(m_asked.begin(), m_asked.end());
        for (const auto& [i, at] : m_asked)
            decideAsked(batch, i, at, out);
        m_redirections += static_cast<std::int64_t>(m_retry.size() + m_asked.size());
        if (moved)
            mapSlots();
        for (Node& node : m_nodes)
            if (node.needsScript)
                load(node);
        std::sort(m_retry.begin(), m_retry.end());  // each key's requests in their order
        m_pending.swap(m_retry);
    }
    if (!m_pending.empty())
        throw RedisError(m_seed.text + ": trace line " + std::to_string(batch[m_pending.front()].line)
                         + ": still redirected after " + std::to_string(kRounds) + " tries");
}

}  // namespace ratelab
