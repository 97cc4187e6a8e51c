#include "engine/logs/keys/pathtemplate.h"

namespace ratelab {

namespace {

bool isHex(char c)
{
    return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
}

bool isUuid(std::string_view s)
{
    if (s.size() != 36)
        return false;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const bool dash = i == 8 || i == 13 || i == 18 || i == 23;
        if (dash ? s[i] != '-' : !isHex(s[i]))
            return false;
    }
    return true;
}

}  // namespace

bool isIdSegment(std::string_view s)
{
    if (s.empty())
        return false;
    bool allDigits = true;
    bool allHex = true;
    bool anyDigit = false;
    for (char c : s) {
        const bool digit = c >= '0' && c <= '9';
        allDigits = allDigits && digit;
        allHex = allHex && isHex(c);
        anyDigit = anyDigit || digit;
    }
    return allDigits || (allHex && anyDigit && s.size() >= 8) || isUuid(s);
}

void appendPathTemplate(std::string_view path, std::string& out)
{
    const std::size_t query = path.find_first_of("?#");
    if (query != std::string_view::npos)
        path = path.substr(0, query);
    std::size_t pos = 0;
    while (pos < path.size()) {
        const std::size_t slash = path.find('/', pos);
        const std::size_t end = slash == std::string_view::npos ? path.size() : slash;
        const std::string_view segment = path.substr(pos, end - pos);
        if (isIdSegment(segment))
            out += ":id";
        else
            out += segment;
        if (slash == std::string_view::npos)
            break;
        out += '/';
        pos = slash + 1;
    }
}

}  // namespace ratelab
