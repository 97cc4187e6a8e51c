#include "engine/backend/redisconnection.h"

#include <hiredis.h>
#include <sys/socket.h>

#include <array>
#include <atomic>
#include <charconv>
#include <vector>

namespace ratelab {

namespace {

bool parseInt(std::string_view text, int& out)
{
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size();
}

// The sockets of the open connections, for shutDownRedisConnections(): a slot holds a
// descriptor + 1, 0 when free. More connections than slots are not shut down (a cluster of
// hundreds of masters): they end at their timeout, as before.
std::array<std::atomic<int>, 256> g_sockets{};
static_assert(std::atomic<int>::is_always_lock_free, "read from a signal handler");

void trackSocket(int fd)
{
    for (std::atomic<int>& slot : g_sockets) {
        int free = 0;
        if (slot.compare_exchange_strong(free, fd + 1))
            return;
    }
}

void untrackSocket(int fd)
{
    for (std::atomic<int>& slot : g_sockets) {
        int held = fd + 1;
        if (slot.compare_exchange_strong(held, 0))
            return;
    }
}

timeval toTimeval(std::chrono::milliseconds ms)
{
    return timeval{static_cast<time_t>(ms.count() / 1000), static_cast<suseconds_t>(ms.count() % 1000 * 1000)};
}

}  // namespace

std::optional<RedisAddress> parseRedisUrl(std::string_view url, std::string& error)
{
    constexpr std::string_view scheme = "redis://";
    if (url.substr(0, scheme.size()) != scheme) {
        error = "expected redis://HOST[:PORT][/DB]";
        return std::nullopt;
    }
    RedisAddress a;
    std::string_view rest = url.substr(scheme.size());
    if (const auto at = rest.rfind('@'); at != std::string_view::npos) {
        const std::string_view credentials = rest.substr(0, at);
        const auto colon = credentials.find(':');
        a.user = std::string(credentials.substr(0, colon));
        a.password = colon == std::string_view::npos ? std::string() : std::string(credentials.substr(colon + 1));
        if (colon == std::string_view::npos)
            std::swap(a.user, a.password);  // redis://PASSWORD@HOST
        rest = rest.substr(at + 1);
    }
    if (const auto slash = rest.find('/'); slash != std::string_view::npos) {
        if (!parseInt(rest.substr(slash + 1), a.db) || a.db < 0) {
            error = "the database after / must be a number, e.g. redis://localhost:6379/0";
            return std::nullopt;
        }
        rest = rest.substr(0, slash);
    }
    if (const auto colon = rest.rfind(':'); colon != std::string_view::npos && rest.find(']') == std::string_view::npos) {
        if (!parseInt(rest.substr(colon + 1), a.port) || a.port <= 0 || a.port > 65535) {
            error = "the port must be 1 to 65535";
            return std::nullopt;
        }
        rest = rest.substr(0, colon);
    }
    a.host = std::string(rest);
    if (a.host.empty()) {
        error = "no host: expected redis://HOST[:PORT][/DB]";
        return std::nullopt;
    }
    a.text =
        "redis://" + (a.user.empty() ? "" : a.user + "@") + a.host + ":" + std::to_string(a.port) + "/" + std::to_string(a.db);
    return a;
}

std::string maskedRedisUrl(std::string_view url)
{
    // The credentials run from after the scheme to the last @, as parseRedisUrl reads them.
    const auto schemeEnd = url.find("://");
    const std::size_t from = schemeEnd == std::string_view::npos ? 0 : schemeEnd + 3;
    const auto at = url.rfind('@');
    if (at == std::string_view::npos || at < from)
        return std::string(url);
    const std::string_view credentials = url.substr(from, at - from);
    const auto colon = credentials.find(':');
    const std::size_t passwordFrom = colon == std::string_view::npos ? from : from + colon + 1;
    return std::string(url.substr(0, passwordFrom)) + "***" + std::string(url.substr(at));
}

void ReplyDeleter::operator()(redisReply* r) const
{
    freeReplyObject(r);
}

bool isConfigurationError(std::string_view errorReply)
{
    for (const std::string_view code : {"WRONGPASS", "NOAUTH", "NOPERM"})
        if (errorReply.substr(0, code.size()) == code)
            return true;
    return false;
}

void throwErrorReply(const std::string& context, std::string_view errorReply)
{
    if (isConfigurationError(errorReply))
        throw RedisConfigError(context + std::string(errorReply));
    throw RedisError(context + std::string(errorReply));
}

std::string_view errorText(const redisReply& reply)
{
    return reply.type == REDIS_REPLY_ERROR ? std::string_view(reply.str, reply.len) : std::string_view();
}

RedisConnection::RedisConnection(const RedisAddress& address, std::chrono::milliseconds timeout)
    : m_address(address), m_timeout(timeout)
{
    m_context.reset(redisConnectWithTimeout(address.host.c_str(), address.port, toTimeval(timeout)));
    if (!m_context)
        throw RedisError(address.text + ": cannot allocate a connection");
    if (m_context->err)
        fail("cannot connect");
    trackSocket(m_context->fd);
    if (redisSetTimeout(m_context.get(), toTimeval(timeout)) != REDIS_OK)
        fail("cannot set the timeout");
    // AUTH and SELECT are answered while the server loads, so any error of theirs is ours.
    const auto check = [&](RedisReply reply, const char* what) {
        if (const std::string_view e = errorText(*reply); !e.empty())
            throw RedisConfigError(m_address.text + ": " + what + ": " + std::string(e));
    };
    if (!address.password.empty())
        check(address.user.empty() ? command({"AUTH", address.password}) : command({"AUTH", address.user, address.password}),
              "AUTH");
    if (address.db != 0)
        check(command({"SELECT", std::to_string(address.db)}), "SELECT");
}

RedisConnection::~RedisConnection() = default;

void RedisConnection::ContextDeleter::operator()(redisContext* c) const
{
    if (c && c->fd >= 0)
        untrackSocket(c->fd);
    redisFree(c);
}

void shutDownRedisConnections() noexcept
{
    for (const std::atomic<int>& slot : g_sockets)
        if (const int held = slot.load(); held > 0)
            ::shutdown(held - 1, SHUT_RDWR);
}

void RedisConnection::fail(const std::string& what) const
{
    std::string reason = m_context && m_context->errstr[0] ? m_context->errstr : "unknown error";
    if (m_context && m_context->err == REDIS_ERR_IO && (reason.find("temporarily unavailable") != std::string::npos))
        reason = "no answer within " + std::to_string(m_timeout.count()) + " ms";
    throw RedisError(m_address.text + ": " + what + ": " + reason);
}

RedisReply RedisConnection::command(std::initializer_list<std::string_view> args)
{
    std::vector<const char*> argv;
    std::vector<std::size_t> lengths;
    for (const std::string_view a : args) {
        argv.push_back(a.data());
        lengths.push_back(a.size());
    }
    append(static_cast<int>(argv.size()), argv.data(), lengths.data());
    return next();
}

void RedisConnection::append(int argc, const char** argv, const std::size_t* lengths)
{
    if (redisAppendCommandArgv(m_context.get(), argc, argv, lengths) != REDIS_OK)
        fail("cannot queue a command");
}

RedisReply RedisConnection::next()
{
    void* reply = nullptr;
    if (redisGetReply(m_context.get(), &reply) != REDIS_OK || !reply)
        fail("the connection failed");
    return RedisReply(static_cast<redisReply*>(reply));
}

}  // namespace ratelab
