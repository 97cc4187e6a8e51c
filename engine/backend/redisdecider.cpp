#include "engine/backend/redisdecider.h"

#include "engine/limitconfig/limitexport.h"

#include <hiredis.h>

#include <charconv>

namespace ratelab {

namespace {

constexpr std::chrono::milliseconds kTimeout{10'000};

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
                           std::string prefix)
    : m_connection(address, kTimeout), m_script(redisLuaScript(algorithm, params, RedisClock::Argv)), m_prefix(std::move(prefix)),
      m_twoKeys(redisLuaKeys(algorithm, "k").size() == 2)
{
    load();
}

void RedisDecider::load()
{
    const RedisReply reply = m_connection.command({"SCRIPT", "LOAD", m_script});
    if (const std::string_view e = errorText(*reply); !e.empty())
        throw RedisError(m_connection.address().text + ": SCRIPT LOAD: " + std::string(e));
    if (reply->type != REDIS_REPLY_STRING)
        throw RedisError(m_connection.address().text + ": SCRIPT LOAD: no script digest in the reply");
    m_sha.assign(reply->str, reply->len);
    ++m_loads;
}

// EVALSHA sha numkeys prefix{key} [prefix{key}:seq] now cost: the keys as redisLuaKeys names
// them, built in one reused buffer (hiredis copies the arguments as it queues them).
void RedisDecider::append(const RequestBatch& batch, std::size_t i)
{
    const RequestBatch::Request& r = batch[i];
    m_keyBuffer.assign(m_prefix).append("{").append(batch.key(i)).append("}");
    const std::size_t baseLength = m_keyBuffer.size();
    if (m_twoKeys)
        m_keyBuffer.append(m_keyBuffer, 0, baseLength).append(":seq");
    char now[24];
    char cost[24];
    const std::string_view nowText = digits(now, sizeof now, r.t);
    const std::string_view costText = digits(cost, sizeof cost, r.cost);
    const char* argv[] = {
        "EVALSHA",      m_sha.data(),   m_twoKeys ? "2" : "1", m_keyBuffer.data(), m_keyBuffer.data() + baseLength,
        nowText.data(), costText.data()};
    std::size_t lengths[] = {7, m_sha.size(), 1, baseLength, m_keyBuffer.size() - baseLength, nowText.size(), costText.size()};
    if (!m_twoKeys) {  // no second key: the arguments move up one
        argv[4] = argv[5], lengths[4] = lengths[5];
        argv[5] = argv[6], lengths[5] = lengths[6];
    }
    m_connection.append(m_twoKeys ? 7 : 6, argv, lengths);
}

bool RedisDecider::read(const RequestBatch& batch, std::size_t i, std::vector<Decision>& out)
{
    const RedisReply reply = m_connection.next();
    const std::string_view error = errorText(*reply);
    if (error.substr(0, 8) == "NOSCRIPT")
        return false;
    const auto where = [&] { return m_connection.address().text + ": trace line " + std::to_string(batch[i].line) + ": "; };
    if (!error.empty())
        throw RedisError(where() + std::string(error));
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
    return true;
}

void RedisDecider::decide(const RequestBatch& batch, std::vector<Decision>& out)
{
    out.resize(batch.size());
    for (std::size_t i = 0; i < batch.size(); ++i)
        append(batch, i);
    std::vector<std::size_t> refused;  // NOSCRIPT: the script cache was flushed under us
    for (std::size_t i = 0; i < batch.size(); ++i)
        if (!read(batch, i, out))
            refused.push_back(i);
    if (refused.empty())
        return;
    load();
    for (const std::size_t i : refused)
        append(batch, i);
    for (const std::size_t i : refused)
        if (!read(batch, i, out))
            throw RedisError(m_connection.address().text + ": NOSCRIPT right after SCRIPT LOAD");
}

}  // namespace ratelab
