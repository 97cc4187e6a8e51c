#pragma once
// What a log-line parser extracts from one line, and the typed reasons a line can be
// rejected. Parsers fill views into the line (or into their own scratch storage); the views
// are valid until the parser's next call.

#include "engine/core/simtime.h"

#include <cstdint>
#include <string_view>

namespace ratelab {

// The fields of one access-log record that keys and times are made from.
struct LogFields {
    SimTime time = 0;               // UTC microseconds since the epoch
    std::string_view client;        // remote address as written: an IP, a hostname, "-", or a proxy
                                    // chain ("10.0.0.2, 10.0.0.1 127.0.0.1", possibly quoted)
    bool clientHasPort = false;     // the format writes ip:port (ALB/ELB, HAProxy)
    std::string_view forwardedFor;  // an X-Forwarded-For value logged in a field of its own
    std::string_view user;          // "-" or empty when anonymous
    std::string_view method;        // "GET"
    std::string_view target;        // request target: path and query ("/a/b?x=1"), or an absolute URL (ALB)
    std::string_view query;         // a query logged apart from the path (W3C cs-uri-query); else empty
    std::string_view apiKey;        // the value of the configured API-key field, if the format has it
    int status = 0;                 // HTTP status; 0 when the format does not log one
};

// Why a line was not imported. The order is the order of the summary's table.
enum class LineProblem : std::uint8_t {
    UnterminatedQuote,    // a quoted field has no closing quote (a truncated line)
    MissingField,         // the line ends, or does not match, before a required field
    BadTimestamp,         // the time field is not a date the format allows
    TimestampOutOfRange,  // a valid date outside 1970..9999, or a zone offset beyond +-24h
    BadStatus,            // the status is not a number
    FieldCountMismatch,   // W3C: a different number of fields than the #Fields line names
    NoFieldsDirective,    // W3C: a record before any #Fields line
    BadJson,              // JSON lines: not an object, or broken syntax
    NoKey,                // the line has no value for the chosen key (no user, no API key, no request)
    LineTooLong,          // longer than ImportOptions::maxLineBytes; skipped without being buffered
    TooOld,               // earlier than the look-back window allows; dropped to keep the output sorted
};
inline constexpr int kLineProblemCount = static_cast<int>(LineProblem::TooOld) + 1;

// A short phrase: "unterminated quote", "older than the look-back window".
std::string_view problemText(LineProblem problem);
// A stable identifier for machine output: "unterminated_quote", "too_old".
std::string_view problemId(LineProblem problem);

enum class LineKind : std::uint8_t {
    Record,     // fields are filled
    Blank,      // empty or whitespace only
    Directive,  // a comment, a W3C directive or a header row: not data, not a problem
    Malformed,  // see problem and field
};

struct LineOutcome {
    LineKind kind = LineKind::Record;
    LineProblem problem = LineProblem::MissingField;
    const char* field = "";  // the field the problem is in ("time", "request", "user_agent")

    static LineOutcome record() { return {}; }
    static LineOutcome blank() { return {LineKind::Blank}; }
    static LineOutcome directive() { return {LineKind::Directive}; }
    static LineOutcome malformed(LineProblem problem, const char* field) { return {LineKind::Malformed, problem, field}; }
};

}  // namespace ratelab
