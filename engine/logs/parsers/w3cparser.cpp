#include "engine/logs/parsers/w3cparser.h"

#include "engine/logs/parsers/textscan.h"
#include "engine/logs/parsers/timeparse.h"

#include <algorithm>

namespace ratelab {

using namespace textscan;

namespace {

bool equalsIgnoreCase(std::string_view a, std::string_view b)
{
    return a.size() == b.size()
        && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return (x | 0x20) == (y | 0x20); });
}

}  // namespace

void W3cParser::setFields(std::string_view list)
{
    m_roles.clear();
    m_hasDate = m_hasTime = false;
    std::size_t pos = 0;
    std::string_view name;
    bool unterminated = false;
    while (nextField(list, pos, name, unterminated)) {
        Role role = Role::Other;
        if (!m_apiKeyField.empty() && equalsIgnoreCase(name, m_apiKeyField))
            role = Role::ApiKey;
        else if (equalsIgnoreCase(name, "date"))
            role = Role::Date;
        else if (equalsIgnoreCase(name, "time"))
            role = Role::Time;
        else if (equalsIgnoreCase(name, "c-ip"))
            role = Role::ClientIp;
        else if (equalsIgnoreCase(name, "cs-username"))
            role = Role::User;
        else if (equalsIgnoreCase(name, "cs-method"))
            role = Role::Method;
        else if (equalsIgnoreCase(name, "cs-uri-stem"))
            role = Role::UriStem;
        else if (equalsIgnoreCase(name, "cs-uri-query"))
            role = Role::UriQuery;
        else if (equalsIgnoreCase(name, "sc-status"))
            role = Role::Status;
        else if (equalsIgnoreCase(name, "cs(X-Forwarded-For)") || equalsIgnoreCase(name, "x-forwarded-for"))
            role = Role::ForwardedFor;
        m_hasDate = m_hasDate || role == Role::Date;
        m_hasTime = m_hasTime || role == Role::Time;
        m_roles.push_back(role);
    }
}

LineOutcome W3cParser::parse(std::string_view line, LogFields& fields)
{
    if (isBlankLine(line))
        return LineOutcome::blank();
    if (line.front() == '#') {
        if (line.starts_with("#Fields:"))
            setFields(line.substr(8));
        else if (line.starts_with("#Date:"))
            m_directiveDate = std::string(trimmed(line.substr(6)).substr(0, 10));
        return LineOutcome::directive();
    }
    if (m_roles.empty())
        return LineOutcome::malformed(LineProblem::NoFieldsDirective, "#Fields");
    if (!m_hasTime)
        return LineOutcome::malformed(LineProblem::MissingField, "time");

    m_values.clear();
    std::size_t pos = 0;
    while (pos <= line.size()) {
        const std::size_t sp = findChar(line, ' ', pos);
        const std::size_t end = sp == npos ? line.size() : sp;
        m_values.push_back(line.substr(pos, end - pos));
        if (sp == npos)
            break;
        pos = sp + 1;
    }
    while (!m_values.empty() && trimmed(m_values.back()).empty() && m_values.size() > m_roles.size())
        m_values.pop_back();  // trailing spaces
    if (m_values.size() != m_roles.size())
        return LineOutcome::malformed(LineProblem::FieldCountMismatch, "#Fields");

    fields = LogFields{};
    std::string_view date = m_directiveDate;
    std::string_view time;
    std::string_view stem;
    for (std::size_t i = 0; i < m_roles.size(); ++i) {
        const std::string_view v = m_values[i];
        switch (m_roles[i]) {
        case Role::Other: break;
        case Role::Date: date = v; break;
        case Role::Time: time = v; break;
        case Role::ClientIp: fields.client = v; break;
        case Role::User: fields.user = orEmpty(v); break;
        case Role::Method: fields.method = orEmpty(v); break;
        case Role::UriStem: stem = orEmpty(v); break;
        case Role::UriQuery: fields.query = orEmpty(v); break;
        case Role::Status:
            if (!parseStatusField(v, fields.status))
                return LineOutcome::malformed(LineProblem::BadStatus, "sc-status");
            break;
        case Role::ForwardedFor: fields.forwardedFor = orEmpty(v); break;
        case Role::ApiKey: fields.apiKey = orEmpty(v); break;
        }
    }
    fields.target = stem;
    if (date.empty())
        return LineOutcome::malformed(LineProblem::MissingField, "date");
    m_dateTime.assign(date);
    m_dateTime += ' ';
    m_dateTime += time;
    switch (parseIso8601(m_dateTime, fields.time)) {
    case TimeParse::Ok: break;
    case TimeParse::Bad: return LineOutcome::malformed(LineProblem::BadTimestamp, "date time");
    case TimeParse::OutOfRange: return LineOutcome::malformed(LineProblem::TimestampOutOfRange, "date time");
    }
    return LineOutcome::record();
}

}  // namespace ratelab
