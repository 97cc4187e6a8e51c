#pragma once
// Streaming reader of the trace CSV that `ratelab-cli decide` replays:
//     t_us,key,cost        (cost optional, default 1; header required)
// Lines are read one at a time, each at most kMaxTraceLineBytes; memory does not grow with
// the trace. Every problem throws InputError naming the file, the line and the field, quoting
// at most ~120 characters of it.

#include "engine/core/boundedline.h"
#include "engine/core/simtime.h"

#include <istream>
#include <stdexcept>
#include <string>
#include <string_view>

namespace ratelab {

class InputError : public std::runtime_error {
public:
    InputError(const std::string& file, std::int64_t line, const std::string& field, const std::string& message)
        : std::runtime_error(file + ":" + std::to_string(line) + ": " + field + ": " + message), m_line(line), m_field(field)
    {}
    std::int64_t line() const { return m_line; }
    const std::string& field() const { return m_field; }

private:
    std::int64_t m_line;
    std::string m_field;
};

// A line holds a time, a key and a cost: a longer one is not a trace (a binary file, a file
// without line ends). Keys up to the log importer's longest line fit.
inline constexpr std::size_t kMaxTraceLineBytes = 1 << 20;

struct TraceRow {
    SimTime t = 0;
    std::string_view key;  // valid until the next call to next()
    Cost cost = 1;
    std::int64_t line = 0;
};

class TraceReader {
public:
    TraceReader(std::istream& in, std::string fileName);

    // False at the end of the trace.
    bool next(TraceRow& row);
    const std::string& fileName() const { return m_fileName; }

private:
    [[noreturn]] void fail(const std::string& field, const std::string& message) const;

    // The next line, or false at the end; a line over the cap fails.
    bool readLine(std::string_view& line);

    BoundedLineReader m_lines;
    std::string m_fileName;
    std::int64_t m_lineNumber = 0;
    bool m_hasCost = false;
    SimTime m_previous = kNever;
};

}  // namespace ratelab
