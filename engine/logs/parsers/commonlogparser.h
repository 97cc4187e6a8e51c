#pragma once
// NCSA Common and Combined Log Format (Apache %h %l %u %t "%r" %>s %b ["%{Referer}i" "%{User-agent}i"]),
// also what nginx writes for its predefined `combined` format.
//
// The line is anchored on the '[' of the time, not on the first space, so the remote
// address may be a proxy chain written by a front proxy ("10.0.0.2, 10.0.0.1 127.0.0.1",
// or a quoted list followed by an address): the two words before '[' are ident and user,
// and everything before them is the client field. Combined requires the quoted referer
// and user agent and allows fields after them (nginx adds "$http_x_forwarded_for");
// Common requires the line to end after the byte count.

#include "engine/logs/parsers/lineparser.h"
#include "engine/logs/parsers/timeparse.h"

namespace ratelab {

class CommonLogParser final : public LineParser {
public:
    enum class Variant { Common, Combined };
    explicit CommonLogParser(Variant variant) : m_variant(variant) {}

    LineOutcome parse(std::string_view line, LogFields& fields) override;

private:
    // The time between '[' at `open` and its ']', which `close` is set to.
    LineOutcome parseTime(std::string_view line, std::size_t open, std::size_t& close, LogFields& fields);
    Variant m_variant;
    ClfTimeCache m_time;
};

}  // namespace ratelab
