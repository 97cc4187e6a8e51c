#pragma once
// CSV and TSV with a header row naming the columns; the FieldMapping says which column is
// the time, the client, the path, and so on (names compared without case). CSV fields may
// be quoted with "" escapes (RFC 4180, one record per line); TSV fields are never quoted.
// A row may have fewer columns than the header as long as the mapped ones are there (the
// NASA TSV names 9 columns and writes 7), and more columns than the header.

#include "engine/logs/parsers/fieldmapping.h"
#include "engine/logs/parsers/lineparser.h"

#include <deque>
#include <string>
#include <vector>

namespace ratelab {

class DelimitedParser final : public LineParser {
public:
    DelimitedParser(char delimiter, FieldMapping mapping);
    LineOutcome parse(std::string_view line, LogFields& fields) override;

    // False until the header has been read, and after a header with no time column.
    bool hasUsableHeader() const { return m_columns[Time] >= 0; }

private:
    enum Role : std::uint8_t { Time, Client, ForwardedFor, User, Method, Target, Request, Status, ApiKey, kRoleCount };

    LineOutcome readHeader(std::string_view line);
    void splitRow(std::string_view line);

    char m_delimiter;
    FieldMapping m_mapping;
    bool m_headerRead = false;
    int m_columns[kRoleCount];  // column index per role, -1 when unmapped
    std::vector<std::string_view> m_cells;
    std::deque<std::string> m_unquoted;  // cells that had "" escapes, decoded (a deque: views stay valid)
    bool m_unterminated = false;         // the last row ended inside a quoted cell
};

}  // namespace ratelab
