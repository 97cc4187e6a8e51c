#include "engine/logs/parsers/haproxyparser.h"

#include "engine/logs/parsers/textscan.h"
#include "engine/logs/parsers/timeparse.h"

namespace ratelab {

using namespace textscan;

namespace {

// "dd/Mon/yyyy:" at s[pos]: the accept date, not the syslog "haproxy[pid]".
bool looksLikeAcceptDate(std::string_view s, std::size_t pos)
{
    return pos + 12 <= s.size() && isDigit(s[pos]) && isDigit(s[pos + 1]) && s[pos + 2] == '/' && s[pos + 6] == '/'
        && s[pos + 11] == ':';
}

// Tq/Tw/Tc/Tr/Ta (or the older four timers): digits and '-' separated by 3 or 4 slashes.
bool isTimers(std::string_view w)
{
    int slashes = 0;
    for (char c : w) {
        if (c == '/')
            ++slashes;
        else if (!isDigit(c) && c != '-' && c != '+')
            return false;
    }
    return slashes == 3 || slashes == 4;
}

}  // namespace

LineOutcome HaproxyParser::parse(std::string_view line, LogFields& fields)
{
    if (isBlankLine(line))
        return LineOutcome::blank();
    std::size_t open = findChar(line, '[');
    while (open != npos && !looksLikeAcceptDate(line, open + 1))
        open = findChar(line, '[', open + 1);
    if (open == npos)
        return LineOutcome::malformed(LineProblem::MissingField, "accept_date");
    const std::size_t close = findChar(line, ']', open + 1);
    if (close == npos)
        return LineOutcome::malformed(LineProblem::MissingField, "accept_date");

    // The client:port word just before the accept date.
    std::size_t clientEnd = open;
    while (clientEnd > 0 && line[clientEnd - 1] == ' ')
        --clientEnd;
    std::size_t clientStart = clientEnd;
    while (clientStart > 0 && line[clientStart - 1] != ' ')
        --clientStart;
    if (clientStart == clientEnd)
        return LineOutcome::malformed(LineProblem::MissingField, "client");

    fields = LogFields{};
    switch (parseClfTime(line.substr(open + 1, close - open - 1), fields.time)) {
    case TimeParse::Ok: break;
    case TimeParse::Bad: return LineOutcome::malformed(LineProblem::BadTimestamp, "accept_date");
    case TimeParse::OutOfRange: return LineOutcome::malformed(LineProblem::TimestampOutOfRange, "accept_date");
    }
    fields.client = line.substr(clientStart, clientEnd - clientStart);
    fields.clientHasPort = true;

    // frontend backend/server [host] timers status ...
    std::size_t pos = close + 1;
    std::string_view word;
    bool unterminated = false;
    int words = 0;
    bool foundTimers = false;
    while (words < 4 && nextField(line, pos, word, unterminated)) {  // the timers are the 3rd or 4th word
        ++words;
        if (words >= 3 && isTimers(word)) {
            foundTimers = true;
            break;
        }
    }
    if (!foundTimers)
        return LineOutcome::malformed(LineProblem::MissingField, "timers");
    // HAProxy logs -1 as the status of a connection closed before any response.
    if (!nextField(line, pos, word, unterminated))
        return LineOutcome::malformed(LineProblem::MissingField, "status_code");
    if (word == "-1")
        fields.status = 0;
    else if (!parseStatusField(word, fields.status))
        return LineOutcome::malformed(LineProblem::BadStatus, "status_code");

    // The request is the last field, in quotes ("<BADREQ>" when HAProxy could not parse it).
    const std::string_view rest = trimmed(line.substr(pos));
    if (rest.size() < 2 || rest.back() != '"')
        return LineOutcome::malformed(rest.empty() ? LineProblem::MissingField : LineProblem::UnterminatedQuote, "http_request");
    const std::size_t requestOpen = rest.rfind('"', rest.size() - 2);
    if (requestOpen == npos)
        return LineOutcome::malformed(LineProblem::UnterminatedQuote, "http_request");
    splitRequestLine(rest.substr(requestOpen + 1, rest.size() - requestOpen - 2), fields.method, fields.target);
    return LineOutcome::record();
}

}  // namespace ratelab
