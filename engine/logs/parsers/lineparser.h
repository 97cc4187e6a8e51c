#pragma once
// The interface every log format implements: one line in, the fields of one record (or a
// reason it is not one) out. A parser may keep state between lines (the W3C #Fields list,
// the CSV header), so one instance reads one stream in order.

#include "engine/logs/parsers/logfields.h"

#include <string_view>

namespace ratelab {

class LineParser {
public:
    virtual ~LineParser() = default;

    // `line` has no line terminator. On LineKind::Record, `fields` is filled; its views
    // are valid until the next call.
    virtual LineOutcome parse(std::string_view line, LogFields& fields) = 0;
};

// Maps a status field ("200", "-") into fields.status; false when it is not a number.
bool parseStatusField(std::string_view text, int& status);

}  // namespace ratelab
