#include "engine/logs/parsers/nginxformat.h"

#include "engine/logs/parsers/textscan.h"

namespace ratelab {

using namespace textscan;

namespace {

bool isVariableChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c) || c == '_';
}

NginxFormat::Role roleOf(std::string_view name, std::string_view apiKeyVariable)
{
    using Role = NginxFormat::Role;
    if (!apiKeyVariable.empty() && name == apiKeyVariable)
        return Role::ApiKey;
    if (name == "remote_addr" || name == "realip_remote_addr" || name == "binary_remote_addr")
        return Role::RemoteAddr;
    if (name == "remote_user")
        return Role::RemoteUser;
    if (name == "time_local")
        return Role::TimeLocal;
    if (name == "time_iso8601")
        return Role::TimeIso8601;
    if (name == "msec")
        return Role::Msec;
    if (name == "request")
        return Role::Request;
    if (name == "request_method")
        return Role::Method;
    if (name == "request_uri" || name == "uri" || name == "document_uri")
        return Role::Uri;
    if (name == "args" || name == "query_string")
        return Role::Args;
    if (name == "status")
        return Role::Status;
    if (name == "http_x_forwarded_for" || name == "proxy_add_x_forwarded_for")
        return Role::ForwardedFor;
    return Role::Opaque;
}

// "log_format main '$a - $b' '\"$c\"';" -> "$a - $b\"$c\"": the directive's quoted pieces,
// joined, with nginx's escapes undone. A bare format is returned as it is.
std::string unwrapDirective(std::string_view format)
{
    format = trimmed(format);
    if (!format.starts_with("log_format"))
        return std::string(format);
    format.remove_prefix(10);
    format = trimmed(format);
    // Skip the format's name, and an optional escape=... parameter.
    auto skipWord = [&format] {
        const std::size_t sp = format.find_first_of(" \t\r\n");
        format = sp == npos ? std::string_view{} : trimmed(format.substr(sp));
    };
    skipWord();
    if (format.starts_with("escape="))
        skipWord();
    std::string out;
    std::size_t pos = 0;
    while (pos < format.size()) {
        const char quote = format[pos];
        if (quote != '\'' && quote != '"') {
            if (format[pos] == ';')
                break;
            ++pos;
            continue;
        }
        for (++pos; pos < format.size() && format[pos] != quote; ++pos) {
            if (format[pos] == '\\' && pos + 1 < format.size())
                ++pos;
            out += format[pos];
        }
        ++pos;
    }
    return out;
}

}  // namespace

NginxFormat NginxFormat::compile(std::string_view formatText, std::string_view apiKeyVariable)
{
    NginxFormat format;
    format.m_text = unwrapDirective(formatText);
    const std::string_view text = format.m_text;
    if (trimmed(text).empty())
        throw LogFormatError("empty log_format");
    bool hasTime = false;
    std::size_t pos = 0;
    while (pos < text.size()) {
        if (text[pos] != '$') {
            const std::size_t next = text.find('$', pos);
            const std::size_t end = next == npos ? text.size() : next;
            format.m_steps.push_back({std::string(text.substr(pos, end - pos)), Role::Opaque, {}, false});
            pos = end;
            continue;
        }
        // $name or ${name}
        std::size_t nameStart = pos + 1;
        std::size_t nameEnd = nameStart;
        std::size_t after = 0;
        if (nameStart < text.size() && text[nameStart] == '{') {
            ++nameStart;
            nameEnd = text.find('}', nameStart);
            if (nameEnd == npos)
                throw LogFormatError("unclosed ${ in the log_format at offset " + std::to_string(pos));
            after = nameEnd + 1;
        } else {
            while (nameEnd < text.size() && isVariableChar(text[nameEnd]))
                ++nameEnd;
            after = nameEnd;
        }
        const std::string_view name = text.substr(nameStart, nameEnd - nameStart);
        if (name.empty())
            throw LogFormatError("a '$' without a variable name at offset " + std::to_string(pos));
        if (!format.m_steps.empty() && format.m_steps.back().literal.empty())
            throw LogFormatError("$" + format.m_steps.back().variable + " and $" + std::string(name)
                                 + " are not separated by any text, so a line cannot be split between them");
        Step step;
        step.role = roleOf(name, apiKeyVariable);
        step.variable = std::string(name);
        step.quoted = !format.m_steps.empty() && format.m_steps.back().literal.ends_with('"');
        hasTime = hasTime || step.role == Role::TimeLocal || step.role == Role::TimeIso8601 || step.role == Role::Msec;
        format.m_steps.push_back(std::move(step));
        pos = after;
    }
    if (!hasTime)
        throw LogFormatError("the log_format has no time variable ($time_local, $time_iso8601 or $msec)");
    return format;
}

LineOutcome NginxFormatParser::parse(std::string_view line, LogFields& fields)
{
    if (isBlankLine(line))
        return LineOutcome::blank();
    fields = LogFields{};
    std::string_view request;
    bool hasRequest = false;
    const auto& steps = m_format.steps();
    std::size_t pos = 0;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const NginxFormat::Step& step = steps[i];
        if (!step.literal.empty()) {
            if (line.compare(pos, step.literal.size(), step.literal) != 0)
                return LineOutcome::malformed(step.literal.front() == '"' && pos >= line.size() ? LineProblem::UnterminatedQuote
                                                                                                : LineProblem::MissingField,
                                              i > 0 ? steps[i - 1].variable.c_str() : "start of line");
            pos += step.literal.size();
            continue;
        }
        // A variable ends where the next literal starts, or at the end of the line.
        std::size_t end = line.size();
        if (i + 1 < steps.size()) {
            const std::string& next = steps[i + 1].literal;
            if (step.quoted && next.front() == '"') {
                end = findClosingQuote(line, pos);
                while (end != npos && line.compare(end, next.size(), next) != 0)
                    end = findClosingQuote(line, end + 1);
            } else {
                end = findText(line, next, pos);
            }
            if (end == npos)
                return LineOutcome::malformed(step.quoted ? LineProblem::UnterminatedQuote : LineProblem::MissingField,
                                              step.variable.c_str());
        }
        const std::string_view value = line.substr(pos, end - pos);
        pos = end;
        switch (step.role) {
        case NginxFormat::Role::Opaque: break;
        case NginxFormat::Role::RemoteAddr: fields.client = value; break;
        case NginxFormat::Role::RemoteUser: fields.user = orEmpty(value); break;
        case NginxFormat::Role::TimeLocal:
        case NginxFormat::Role::TimeIso8601:
        case NginxFormat::Role::Msec: {
            const TimeParse r = step.role == NginxFormat::Role::TimeLocal ? m_time.parse(value, fields.time)
                : step.role == NginxFormat::Role::TimeIso8601             ? parseIso8601(value, fields.time)
                                                                          : parseEpoch(value, fields.time);
            if (r == TimeParse::Bad)
                return LineOutcome::malformed(LineProblem::BadTimestamp, step.variable.c_str());
            if (r == TimeParse::OutOfRange)
                return LineOutcome::malformed(LineProblem::TimestampOutOfRange, step.variable.c_str());
            break;
        }
        case NginxFormat::Role::Request:
            request = value;
            hasRequest = true;
            break;
        case NginxFormat::Role::Method: fields.method = orEmpty(value); break;
        case NginxFormat::Role::Uri: fields.target = orEmpty(value); break;
        case NginxFormat::Role::Args: fields.query = orEmpty(value); break;
        case NginxFormat::Role::Status:
            if (!parseStatusField(value, fields.status))
                return LineOutcome::malformed(LineProblem::BadStatus, step.variable.c_str());
            break;
        case NginxFormat::Role::ForwardedFor: fields.forwardedFor = orEmpty(value); break;
        case NginxFormat::Role::ApiKey: fields.apiKey = orEmpty(value); break;
        }
    }
    if (hasRequest && fields.target.empty())
        splitRequestLine(request, fields.method, fields.target);
    return LineOutcome::record();
}

}  // namespace ratelab
