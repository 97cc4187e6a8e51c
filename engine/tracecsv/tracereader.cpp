#include "engine/tracecsv/tracereader.h"

#include "engine/core/cliptext.h"

#include <charconv>

namespace ratelab {
namespace {

std::string_view trimLineEnd(std::string_view s)
{
    while (!s.empty() && (s.back() == '\r' || s.back() == ' '))
        s.remove_suffix(1);
    return s;
}

}  // namespace

TraceReader::TraceReader(std::istream& in, std::string fileName)
    : m_lines(in, kMaxTraceLineBytes), m_fileName(std::move(fileName))
{
    std::string_view line;
    if (!readLine(line)) {
        m_lineNumber = 1;  // the header's line, also when it is missing
        fail("header", "empty trace: expected the header t_us,key,cost");
    }
    std::string_view header = trimLineEnd(line);
    if (header.size() >= 3 && static_cast<unsigned char>(header[0]) == 0xEF)  // UTF-8 byte order mark
        header.remove_prefix(3);
    if (header == "t_us,key,cost")
        m_hasCost = true;
    else if (header != "t_us,key")
        fail("header", "expected the header t_us,key,cost (or t_us,key), got '" + clipText(header) + "'");
}

void TraceReader::fail(const std::string& field, const std::string& message) const
{
    throw InputError(m_fileName, m_lineNumber, field, message);
}

bool TraceReader::readLine(std::string_view& line)
{
    const BoundedLineReader::Result result = m_lines.next();
    if (result == BoundedLineReader::Result::End)
        return false;
    ++m_lineNumber;
    if (result == BoundedLineReader::Result::TooLong)
        fail("line",
             "longer than " + std::to_string(kMaxTraceLineBytes >> 20) + " MiB: not a trace of t_us,key,cost lines (it starts '"
                 + clipText(m_lines.line().substr(0, kQuotedBytes / 2)) + "...')");
    line = m_lines.line();
    return true;
}

bool TraceReader::next(TraceRow& row)
{
    std::string_view line;
    do {
        if (!readLine(line))
            return false;
        line = trimLineEnd(line);
    } while (line.empty());

    const auto comma = line.find(',');
    if (comma == std::string_view::npos)
        fail("key", "missing field: expected t_us,key" + std::string(m_hasCost ? ",cost" : ""));
    const std::string_view tField = line.substr(0, comma);
    std::string_view rest = line.substr(comma + 1);

    const auto [tEnd, tErr] = std::from_chars(tField.data(), tField.data() + tField.size(), row.t);
    if (tErr != std::errc() || tEnd != tField.data() + tField.size())
        fail("t_us", "not an integer number of microseconds: '" + clipText(tField) + "'");
    if (row.t < 0 || row.t > kMaxTimeUs)
        fail("t_us",
             std::to_string(row.t) + " is outside the valid range 0 to " + std::to_string(kMaxTimeUs) + " (2^52 us, 2112-09-17)");
    if (row.t < m_previous)
        fail("t_us",
             std::to_string(row.t) + " is before the previous line's " + std::to_string(m_previous)
                 + " (events must be in time order)");
    m_previous = row.t;

    row.cost = 1;
    const auto comma2 = rest.find(',');
    if (comma2 != std::string_view::npos) {
        const std::string_view costField = rest.substr(comma2 + 1);
        rest = rest.substr(0, comma2);
        if (!m_hasCost)
            fail("cost", "a cost value but the header has no cost column");
        if (!costField.empty()) {
            const auto [cEnd, cErr] = std::from_chars(costField.data(), costField.data() + costField.size(), row.cost);
            if (cErr != std::errc() || cEnd != costField.data() + costField.size())
                fail("cost", "not an integer: '" + clipText(costField) + "'");
            if (row.cost < 1 || row.cost > kMaxCost)
                fail("cost", "must be between 1 and " + std::to_string(kMaxCost));
        }
    }
    if (rest.empty())
        fail("key", "empty key");
    row.key = rest;
    row.line = m_lineNumber;
    return true;
}

}  // namespace ratelab
