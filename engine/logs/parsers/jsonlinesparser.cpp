#include "engine/logs/parsers/jsonlinesparser.h"

#include "engine/logs/parsers/textscan.h"
#include "engine/logs/parsers/timeparse.h"

namespace ratelab {

using namespace textscan;

namespace {

constexpr int kMaxDepth = 64;
constexpr std::uint8_t kUnset = 255;

void skipSpace(std::string_view s, std::size_t& pos)
{
    while (pos < s.size() && isBlankChar(s[pos]))
        ++pos;
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
        return (c | 0x20) - 'a' + 10;
    return -1;
}

void appendUtf8(std::string& out, unsigned cp)
{
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

// Decodes the body of a JSON string (without its quotes). Bad escapes are kept as written.
void decodeJsonString(std::string_view raw, std::string& out)
{
    out.clear();
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] != '\\' || i + 1 >= raw.size()) {
            out += raw[i];
            continue;
        }
        const char e = raw[++i];
        switch (e) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'u': {
            unsigned cp = 0;
            bool ok = i + 4 < raw.size();
            for (std::size_t k = 1; ok && k <= 4; ++k) {
                const int h = hexValue(raw[i + k]);
                ok = h >= 0;
                cp = cp * 16 + static_cast<unsigned>(h);
            }
            if (!ok) {
                out += "\\u";
                break;
            }
            i += 4;
            // A surrogate pair \uD83D\uDE00 is one code point.
            if (cp >= 0xD800 && cp < 0xDC00 && i + 6 < raw.size() && raw[i + 1] == '\\' && raw[i + 2] == 'u') {
                unsigned low = 0;
                bool lowOk = true;
                for (std::size_t k = 3; lowOk && k <= 6; ++k) {
                    const int h = hexValue(raw[i + k]);
                    lowOk = h >= 0;
                    low = low * 16 + static_cast<unsigned>(h);
                }
                if (lowOk && low >= 0xDC00 && low < 0xE000) {
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                    i += 6;
                }
            }
            appendUtf8(out, cp);
            break;
        }
        default: out += e; break;  // \" \\ \/
        }
    }
}

// A string left open: the line was cut (a truncated write) rather than malformed.
bool hasUnclosedQuote(std::string_view line)
{
    for (std::size_t q = findChar(line, '"'); q != npos; q = findChar(line, '"', q + 1)) {
        q = findClosingQuote(line, q + 1);
        if (q == npos)
            return true;
    }
    return false;
}

}  // namespace

JsonLinesParser::JsonLinesParser(const FieldMapping& mapping)
{
    const auto add = [this](const std::vector<std::string>& names, Role role) {
        for (std::size_t i = 0; i < names.size() && i < kUnset; ++i)
            m_paths.try_emplace(names[i], Candidate{role, static_cast<std::uint8_t>(i)});
    };
    // The API key first: a field named for it must not be taken by another role.
    add(mapping.apiKey, ApiKey);
    add(mapping.time, Time);
    add(mapping.client, Client);
    add(mapping.forwardedFor, ForwardedFor);
    add(mapping.user, User);
    add(mapping.method, Method);
    add(mapping.target, Target);
    add(mapping.request, Request);
    add(mapping.status, Status);
}

bool JsonLinesParser::parseString(std::string_view s, std::size_t& pos, std::string_view& raw, bool& escaped)
{
    // s[pos] is the opening quote.
    const std::size_t close = findClosingQuote(s, pos + 1);
    if (close == npos)
        return false;
    raw = s.substr(pos + 1, close - pos - 1);
    escaped = findChar(raw, '\\') != npos;
    pos = close + 1;
    return true;
}

void JsonLinesParser::offer(std::string_view raw, bool escaped)
{
    const auto it = m_paths.find(std::string_view(m_path));
    if (it == m_paths.end())
        return;
    const Candidate c = it->second;
    if (m_rank[c.role] != kUnset && m_rank[c.role] <= c.rank)
        return;
    m_rank[c.role] = c.rank;
    if (escaped) {
        decodeJsonString(raw, m_decoded[c.role]);
        m_values[c.role] = m_decoded[c.role];
    } else {
        m_values[c.role] = raw;
    }
}

bool JsonLinesParser::parseObject(std::string_view s, std::size_t& pos, int depth)
{
    skipSpace(s, pos);
    if (pos < s.size() && s[pos] == '}') {
        ++pos;
        return true;
    }
    const std::size_t pathLength = m_path.size();
    while (true) {
        skipSpace(s, pos);
        std::string_view key;
        bool escaped = false;
        if (pos >= s.size() || s[pos] != '"' || !parseString(s, pos, key, escaped))
            return false;
        skipSpace(s, pos);
        if (pos >= s.size() || s[pos] != ':')
            return false;
        ++pos;
        if (pathLength > 0)
            m_path += '.';
        m_path += key;
        if (!parseValue(s, pos, depth + 1))
            return false;
        m_path.resize(pathLength);
        skipSpace(s, pos);
        if (pos < s.size() && s[pos] == ',') {
            ++pos;
            continue;
        }
        if (pos < s.size() && s[pos] == '}') {
            ++pos;
            return true;
        }
        return false;
    }
}

// Elements share the array's path: the first scalar wins (Caddy logs headers as arrays).
bool JsonLinesParser::parseArray(std::string_view s, std::size_t& pos, int depth)
{
    skipSpace(s, pos);
    if (pos < s.size() && s[pos] == ']') {
        ++pos;
        return true;
    }
    while (true) {
        if (!parseValue(s, pos, depth + 1))
            return false;
        skipSpace(s, pos);
        if (pos < s.size() && s[pos] == ',') {
            ++pos;
            continue;
        }
        if (pos < s.size() && s[pos] == ']') {
            ++pos;
            return true;
        }
        return false;
    }
}

bool JsonLinesParser::parseValue(std::string_view s, std::size_t& pos, int depth)
{
    if (depth > kMaxDepth)
        return false;
    skipSpace(s, pos);
    if (pos >= s.size())
        return false;
    const char c = s[pos];
    if (c == '{') {
        ++pos;
        return parseObject(s, pos, depth);
    }
    if (c == '[') {
        ++pos;
        return parseArray(s, pos, depth);
    }
    if (c == '"') {
        std::string_view raw;
        bool escaped = false;
        if (!parseString(s, pos, raw, escaped))
            return false;
        offer(raw, escaped);
        return true;
    }
    // A number, true, false or null.
    const std::size_t start = pos;
    while (pos < s.size() && s[pos] != ',' && s[pos] != '}' && s[pos] != ']' && !isBlankChar(s[pos]))
        ++pos;
    const std::string_view word = s.substr(start, pos - start);
    if (word.empty())
        return false;
    if (word == "null")
        return true;
    if (word != "true" && word != "false" && !(isDigit(word[0]) || word[0] == '-'))
        return false;
    offer(word, false);
    return true;
}

LineOutcome JsonLinesParser::parse(std::string_view line, LogFields& fields)
{
    if (isBlankLine(line))
        return LineOutcome::blank();
    m_values.fill({});
    m_rank.fill(kUnset);
    m_path.clear();
    std::size_t pos = 0;
    skipSpace(line, pos);
    if (pos >= line.size() || line[pos] != '{')
        return LineOutcome::malformed(LineProblem::BadJson, "object");
    if (!parseValue(line, pos, 0))
        return LineOutcome::malformed(hasUnclosedQuote(line) ? LineProblem::UnterminatedQuote : LineProblem::BadJson, "object");
    skipSpace(line, pos);
    if (pos != line.size())
        return LineOutcome::malformed(LineProblem::BadJson, "after the object");

    fields = LogFields{};
    if (m_rank[Time] == kUnset)
        return LineOutcome::malformed(LineProblem::MissingField, "time");
    switch (parseAnyTime(m_values[Time], fields.time)) {
    case TimeParse::Ok: break;
    case TimeParse::Bad: return LineOutcome::malformed(LineProblem::BadTimestamp, "time");
    case TimeParse::OutOfRange: return LineOutcome::malformed(LineProblem::TimestampOutOfRange, "time");
    }
    fields.client = orEmpty(m_values[Client]);
    fields.forwardedFor = orEmpty(m_values[ForwardedFor]);
    fields.user = orEmpty(m_values[User]);
    fields.method = orEmpty(m_values[Method]);
    fields.target = orEmpty(m_values[Target]);
    fields.apiKey = orEmpty(m_values[ApiKey]);
    if (fields.target.empty() && m_rank[Request] != kUnset) {
        std::string_view method;
        splitRequestLine(m_values[Request], method, fields.target);
        if (fields.method.empty())
            fields.method = method;
    }
    if (m_rank[Status] != kUnset && !parseStatusField(m_values[Status], fields.status))
        return LineOutcome::malformed(LineProblem::BadStatus, "status");
    return LineOutcome::record();
}

}  // namespace ratelab
