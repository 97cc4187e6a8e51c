#include "engine/logs/parsers/delimitedparser.h"

#include "engine/logs/parsers/textscan.h"
#include "engine/logs/parsers/timeparse.h"

#include <algorithm>

namespace ratelab {

using namespace textscan;

namespace {

bool sameName(std::string_view a, std::string_view b)
{
    return a.size() == b.size()
        && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return (x | 0x20) == (y | 0x20); });
}

}  // namespace

DelimitedParser::DelimitedParser(char delimiter, FieldMapping mapping) : m_delimiter(delimiter), m_mapping(std::move(mapping))
{
    std::fill(std::begin(m_columns), std::end(m_columns), -1);
}

void DelimitedParser::splitRow(std::string_view line)
{
    m_cells.clear();
    m_unterminated = false;
    std::size_t unquotedUsed = 0;
    std::size_t pos = 0;
    while (true) {
        if (m_delimiter == ',' && pos < line.size() && line[pos] == '"') {
            // A quoted cell; "" is a quote inside it.
            std::size_t end = pos + 1;
            bool doubled = false;
            while (true) {
                end = findChar(line, '"', end);
                if (end == npos)
                    break;
                if (end + 1 < line.size() && line[end + 1] == '"') {
                    doubled = true;
                    end += 2;
                    continue;
                }
                break;
            }
            if (end == npos) {  // unterminated: keep the rest as the cell, the caller reports it
                m_unterminated = true;
                m_cells.push_back(line.substr(pos));
                return;
            }
            std::string_view cell = line.substr(pos + 1, end - pos - 1);
            if (doubled) {
                if (m_unquoted.size() <= unquotedUsed)
                    m_unquoted.emplace_back();
                std::string& out = m_unquoted[unquotedUsed++];
                out.clear();
                for (std::size_t i = 0; i < cell.size(); ++i) {
                    out += cell[i];
                    if (cell[i] == '"')
                        ++i;
                }
                cell = out;
            }
            m_cells.push_back(cell);
            pos = end + 1;
            const std::size_t next = findChar(line, m_delimiter, pos);
            if (next == npos)
                return;
            pos = next + 1;
            continue;
        }
        const std::size_t next = findChar(line, m_delimiter, pos);
        m_cells.push_back(line.substr(pos, (next == npos ? line.size() : next) - pos));
        if (next == npos)
            return;
        pos = next + 1;
    }
}

LineOutcome DelimitedParser::readHeader(std::string_view line)
{
    m_headerRead = true;
    splitRow(line);
    const std::vector<std::string>* lists[kRoleCount] = {&m_mapping.time,    &m_mapping.client, &m_mapping.forwardedFor,
                                                         &m_mapping.user,    &m_mapping.method, &m_mapping.target,
                                                         &m_mapping.request, &m_mapping.status, &m_mapping.apiKey};
    std::vector<bool> taken(m_cells.size(), false);
    // The API key first, so a column named for it is not taken by another role.
    for (int role : {static_cast<int>(ApiKey), 0, 1, 2, 3, 4, 5, 6, 7}) {
        for (const std::string& name : *lists[role]) {
            for (std::size_t c = 0; c < m_cells.size() && m_columns[role] < 0; ++c) {
                std::string_view cell = trimmed(m_cells[c]);
                if (c == 0 && cell.size() >= 3 && static_cast<unsigned char>(cell[0]) == 0xEF)
                    cell.remove_prefix(3);  // UTF-8 byte order mark
                if (!taken[c] && sameName(cell, name)) {
                    m_columns[role] = static_cast<int>(c);
                    taken[c] = true;
                }
            }
            if (m_columns[role] >= 0)
                break;
        }
    }
    return hasUsableHeader() ? LineOutcome::directive()
                             : LineOutcome::malformed(LineProblem::MissingField, "header: time column");
}

LineOutcome DelimitedParser::parse(std::string_view line, LogFields& fields)
{
    if (isBlankLine(line))
        return LineOutcome::blank();
    if (!m_headerRead)
        return readHeader(line);
    if (!hasUsableHeader())
        return LineOutcome::malformed(LineProblem::MissingField, "header: time column");
    splitRow(line);
    if (m_unterminated)
        return LineOutcome::malformed(LineProblem::UnterminatedQuote, "quoted cell");
    const auto cell = [this](Role role) -> std::string_view {
        const int c = m_columns[role];
        return c >= 0 && static_cast<std::size_t>(c) < m_cells.size() ? trimmed(m_cells[c]) : std::string_view{};
    };
    const int timeColumn = m_columns[Time];
    if (static_cast<std::size_t>(timeColumn) >= m_cells.size())
        return LineOutcome::malformed(LineProblem::MissingField, "time");
    fields = LogFields{};
    switch (parseAnyTime(cell(Time), fields.time)) {
    case TimeParse::Ok: break;
    case TimeParse::Bad: return LineOutcome::malformed(LineProblem::BadTimestamp, "time");
    case TimeParse::OutOfRange: return LineOutcome::malformed(LineProblem::TimestampOutOfRange, "time");
    }
    fields.client = cell(Client);
    fields.forwardedFor = orEmpty(cell(ForwardedFor));
    fields.user = orEmpty(cell(User));
    fields.method = orEmpty(cell(Method));
    fields.target = orEmpty(cell(Target));
    fields.apiKey = orEmpty(cell(ApiKey));
    if (fields.target.empty()) {
        std::string_view method;
        splitRequestLine(cell(Request), method, fields.target);
        if (fields.method.empty())
            fields.method = method;
    }
    if (!parseStatusField(cell(Status), fields.status))
        return LineOutcome::malformed(LineProblem::BadStatus, "status");
    return LineOutcome::record();
}

}  // namespace ratelab
