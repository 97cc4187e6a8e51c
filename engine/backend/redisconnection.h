#pragma once
// One connection to a Redis server over hiredis, blocking with timeouts, for the live backend
// (redisdecider.h): single commands, and pipelines (append many, then read their replies in
// order), so a trace does not wait one round trip per request. Every failure is a RedisError
// of one line naming the server and the reason; nothing blocks past its timeout.

#include <chrono>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

struct redisContext;
struct redisReply;

namespace ratelab {

// redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]; `text` is the URL without the password
// (redis://USER@HOST:PORT/DB), as messages name the server.
struct RedisAddress {
    std::string host;
    int port = 6379;
    int db = 0;
    std::string user;
    std::string password;
    std::string text;
};
std::optional<RedisAddress> parseRedisUrl(std::string_view url, std::string& error);
// `url` as it may be printed, valid or not: a password in it as ***, `redis://user:***@host`
// or `redis://***@host` (the password alone).
std::string maskedRedisUrl(std::string_view url);

class RedisError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The server answered, and the answer is no: a password or user it refuses, a command the user
// may not run, a database it does not have. Not an outage, so no failure policy applies to it.
class RedisConfigError : public RedisError {
public:
    using RedisError::RedisError;
};

// Whether an error reply says the connection's configuration is wrong (WRONGPASS, NOAUTH,
// NOPERM) rather than that the server is busy or going away.
bool isConfigurationError(std::string_view errorReply);
// Throws `context` + the error reply as a RedisConfigError when it is one, else a RedisError.
[[noreturn]] void throwErrorReply(const std::string& context, std::string_view errorReply);

// A reply, freed with it.
struct ReplyDeleter {
    void operator()(redisReply* r) const;
};
using RedisReply = std::unique_ptr<redisReply, ReplyDeleter>;

class RedisConnection {
public:
    // Connects (AUTH and SELECT when the address asks); `timeout` bounds the connect and
    // every read and write. Throws RedisError.
    RedisConnection(const RedisAddress& address, std::chrono::milliseconds timeout);
    ~RedisConnection();
    RedisConnection(const RedisConnection&) = delete;
    RedisConnection& operator=(const RedisConnection&) = delete;

    // A command and its reply; an error reply is returned, not thrown.
    RedisReply command(std::initializer_list<std::string_view> args);
    // Pipelining: queue a command (its arguments are copied at once), then read the queued
    // commands' replies in order, one per call.
    void append(int argc, const char** argv, const std::size_t* lengths);
    RedisReply next();

    const RedisAddress& address() const { return m_address; }

private:
    [[noreturn]] void fail(const std::string& what) const;

    struct ContextDeleter {
        void operator()(redisContext* c) const;
    };

    RedisAddress m_address;
    std::chrono::milliseconds m_timeout;
    // Owned from the first line of the constructor, so that a constructor that throws (a
    // refused connection) frees it too.
    std::unique_ptr<redisContext, ContextDeleter> m_context;
};

// Shuts down the socket of every open connection, so that a read or write waiting on a server
// that stopped answering returns at once (as a failed connection) instead of at its timeout.
// Async-signal-safe: for the handler of a stop signal (Ctrl-C).
void shutDownRedisConnections() noexcept;

// The text of an error reply, or empty when `reply` is not one.
std::string_view errorText(const redisReply& reply);

}  // namespace ratelab
