#pragma once
// Any nginx `log_format`: the format string is compiled once into a field program (literal
// text and variables in turn), then each line is matched against it left to right. A
// variable's value ends where the next literal begins, so "$remote_addr - " takes a proxy
// chain with spaces whole; a variable inside quotes skips quotes escaped with a backslash.
// Text after the program's last literal is allowed (nginx behind a proxy appends fields).
//
// Known variables fill LogFields: $remote_addr, $remote_user, $time_local, $time_iso8601,
// $msec, $request, $request_method, $request_uri, $uri, $args, $status,
// $http_x_forwarded_for, and the configured API-key variable. Every other variable
// ($body_bytes_sent, $http_referer, $request_time, $upstream_addr, ...) is an opaque field.

#include "engine/logs/parsers/lineparser.h"
#include "engine/logs/parsers/timeparse.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace ratelab {

class LogFormatError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class NginxFormat {
public:
    enum class Role : std::uint8_t {
        Opaque,
        RemoteAddr,
        RemoteUser,
        TimeLocal,
        TimeIso8601,
        Msec,
        Request,
        Method,
        Uri,
        Args,
        Status,
        ForwardedFor,
        ApiKey
    };
    struct Step {
        std::string literal;  // non-empty for literal text
        Role role = Role::Opaque;
        std::string variable;  // the name without '$', for a variable
        bool quoted = false;   // the variable follows a '"'
    };

    // Throws LogFormatError on an empty format, two adjacent variables or a format with
    // no time variable. `format` may be the whole directive: "log_format main '...' '...';".
    static NginxFormat compile(std::string_view format, std::string_view apiKeyVariable = {});

    // nginx's predefined `combined` format.
    static constexpr std::string_view kCombined =
        R"($remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent")";

    const std::vector<Step>& steps() const { return m_steps; }
    const std::string& text() const { return m_text; }

private:
    std::vector<Step> m_steps;
    std::string m_text;
};

class NginxFormatParser final : public LineParser {
public:
    explicit NginxFormatParser(NginxFormat format) : m_format(std::move(format)) {}
    LineOutcome parse(std::string_view line, LogFields& fields) override;

private:
    NginxFormat m_format;
    ClfTimeCache m_time;
};

}  // namespace ratelab
