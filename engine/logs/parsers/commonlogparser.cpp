#include "engine/logs/parsers/commonlogparser.h"

#include "engine/logs/parsers/textscan.h"

namespace ratelab {

using namespace textscan;

bool parseStatusField(std::string_view text, int& status)
{
    if (text == "-" || text.empty()) {
        status = 0;
        return true;
    }
    return parseWhole(text, status);
}

namespace {

// The last space-free word of s[0, end) (end points past it); `start` is where it begins.
bool lastWord(std::string_view s, std::size_t end, std::size_t& start)
{
    while (end > 0 && s[end - 1] == ' ')
        --end;
    if (end == 0)
        return false;
    start = end;
    while (start > 0 && s[start - 1] != ' ')
        --start;
    return true;
}

// Combined's "referer" "user_agent" after the bytes ending at `bytesEnd`, then anything
// (quotes in it must still be closed).
LineOutcome combinedTail(std::string_view line, std::size_t bytesEnd)
{
    if (bytesEnd == npos || bytesEnd + 1 >= line.size() || line[bytesEnd + 1] != '"')
        return LineOutcome::malformed(LineProblem::MissingField, "http_referer");
    const std::size_t refererEnd = findClosingQuote(line, bytesEnd + 2);
    if (refererEnd == npos)
        return LineOutcome::malformed(LineProblem::UnterminatedQuote, "http_referer");
    if (refererEnd + 2 >= line.size() || line[refererEnd + 1] != ' ' || line[refererEnd + 2] != '"')
        return LineOutcome::malformed(LineProblem::MissingField, "http_user_agent");
    std::size_t agentEnd = findClosingQuote(line, refererEnd + 3);
    if (agentEnd == npos)
        return LineOutcome::malformed(LineProblem::UnterminatedQuote, "http_user_agent");
    for (std::size_t q = findChar(line, '"', agentEnd + 1); q != npos; q = findChar(line, '"', q + 1)) {
        q = findClosingQuote(line, q + 1);
        if (q == npos)
            return LineOutcome::malformed(LineProblem::UnterminatedQuote, "trailing field");
    }
    return LineOutcome::record();
}

}  // namespace

LineOutcome CommonLogParser::parseTime(std::string_view line, std::size_t open, std::size_t& close, LogFields& fields)
{
    // A plain "dd/Mon/yyyy:HH:MM:SS +hhmm" that parses holds no ']' (every byte of it is
    // checked), so a ']' right after one is the first: only other times need the search.
    constexpr std::size_t kPlainTime = 26;
    close = open + kPlainTime + 1;
    TimeParse time = TimeParse::Bad;
    if (close < line.size() && line[close] == ']')
        time = m_time.parse(line.substr(open + 1, kPlainTime), fields.time);
    if (time != TimeParse::Ok) {
        close = findChar(line, ']', open + 1);
        if (close == npos)
            return LineOutcome::malformed(LineProblem::MissingField, "time");
        time = m_time.parse(line.substr(open + 1, close - open - 1), fields.time);
    }
    switch (time) {
    case TimeParse::Ok: break;
    case TimeParse::Bad: return LineOutcome::malformed(LineProblem::BadTimestamp, "time");
    case TimeParse::OutOfRange: return LineOutcome::malformed(LineProblem::TimestampOutOfRange, "time");
    }
    return LineOutcome::record();
}

LineOutcome CommonLogParser::parse(std::string_view line, LogFields& fields)
{
    if (isBlankLine(line))
        return LineOutcome::blank();
    const std::size_t open = findChar(line, '[');
    if (open == npos)
        return LineOutcome::malformed(LineProblem::MissingField, "time");

    // host ident user [ : the user and ident are the two words before '['.
    std::size_t userStart = 0;
    std::size_t identStart = 0;
    if (!lastWord(line, open, userStart) || !lastWord(line, userStart, identStart))
        return LineOutcome::malformed(LineProblem::MissingField, "remote_user");
    std::size_t userEnd = open;
    while (userEnd > userStart && line[userEnd - 1] == ' ')
        --userEnd;
    const std::string_view client = trimmed(line.substr(0, identStart));
    if (client.empty())
        return LineOutcome::malformed(LineProblem::MissingField, "remote_addr");

    std::size_t close = npos;
    if (const LineOutcome time = parseTime(line, open, close, fields); time.kind != LineKind::Record)
        return time;

    // ] "request" status bytes
    std::size_t pos = close + 1;
    if (line.size() < pos + 2 || line[pos] != ' ' || line[pos + 1] != '"')
        return LineOutcome::malformed(LineProblem::MissingField, "request");
    const std::size_t requestEnd = findClosingQuote(line, pos + 2);
    if (requestEnd == npos)
        return LineOutcome::malformed(LineProblem::UnterminatedQuote, "request");
    splitRequestLine(line.substr(pos + 2, requestEnd - pos - 2), fields.method, fields.target);

    pos = requestEnd + 1;
    if (pos >= line.size() || line[pos] != ' ')
        return LineOutcome::malformed(LineProblem::MissingField, "status");
    const std::size_t statusEnd = findChar(line, ' ', pos + 1);
    if (!parseStatusField(line.substr(pos + 1, (statusEnd == npos ? line.size() : statusEnd) - pos - 1), fields.status))
        return LineOutcome::malformed(LineProblem::BadStatus, "status");
    if (statusEnd == npos)
        return LineOutcome::malformed(LineProblem::MissingField, "body_bytes_sent");
    const std::size_t bytesEnd = findChar(line, ' ', statusEnd + 1);
    if (bytesEnd == statusEnd + 1)
        return LineOutcome::malformed(LineProblem::MissingField, "body_bytes_sent");

    if (m_variant == Variant::Common) {
        if (bytesEnd != npos && !isBlankLine(line.substr(bytesEnd)))
            return LineOutcome::malformed(LineProblem::MissingField, "end of line");
    } else if (const LineOutcome tail = combinedTail(line, bytesEnd); tail.kind != LineKind::Record) {
        return tail;
    }

    fields.client = client;
    fields.clientHasPort = false;
    fields.user = orEmpty(line.substr(userStart, userEnd - userStart));
    fields.forwardedFor = {};
    fields.query = {};
    fields.apiKey = {};
    return LineOutcome::record();
}

}  // namespace ratelab
