#pragma once
// Small scanning helpers shared by the log parsers: no allocation, no regular expressions.

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <bit>
#include <charconv>
#include <cstring>
#include <string_view>

namespace ratelab::textscan {

inline constexpr std::size_t npos = std::string_view::npos;

inline bool isBlankChar(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}
inline bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

inline std::string_view trimmed(std::string_view s)
{
    while (!s.empty() && isBlankChar(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isBlankChar(s.back()))
        s.remove_suffix(1);
    return s;
}

// `s` without the UTF-8 byte order mark some tools write at the start of a file.
inline std::string_view withoutByteOrderMark(std::string_view s)
{
    return s.substr(0, 3) == "\xEF\xBB\xBF" ? s.substr(3) : s;
}

inline bool isBlankLine(std::string_view s)
{
    for (char c : s)
        if (!isBlankChar(c))
            return false;
    return true;
}

// Fields are a few to a few hundred bytes: inline 16-byte compares find a byte in them
// sooner than a call into the C library's memchr, whose setup outweighs the scan. The last
// few bytes are one more compare, of the 16 bytes that end the string, not a byte loop.
inline std::size_t findChar(std::string_view s, char c, std::size_t from = 0)
{
    if (from >= s.size())
        return npos;
    const char* const base = s.data();
    const char* p = base + from;
    const char* const end = base + s.size();
#if defined(__SSE2__)
    const __m128i needle = _mm_set1_epi8(c);
    const auto hitsAt = [&](const char* at) {
        return static_cast<unsigned>(
            _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(at)), needle)));
    };
    const auto at = [&](const char* block, unsigned hits) {
        return static_cast<std::size_t>(block - base) + static_cast<std::size_t>(std::countr_zero(hits));
    };
    for (; end - p >= 32; p += 32) {
        const unsigned hits = hitsAt(p) | hitsAt(p + 16) << 16;
        if (hits != 0)
            return at(p, hits);
    }
    if (end - p >= 16) {
        if (const unsigned hits = hitsAt(p); hits != 0)
            return at(p, hits);
        p += 16;
    }
    if (p < end && s.size() >= 16) {
        const char* const last = end - 16;
        const unsigned hits = hitsAt(last) >> (p - last);  // the bytes before p are not looked at
        return hits != 0 ? at(p, hits) : npos;
    }
#endif
    for (; p < end; ++p)
        if (*p == c)
            return static_cast<std::size_t>(p - base);
    return npos;
}

// The closing '"' of a quoted field whose content starts at `from`. A quote preceded by an
// odd number of backslashes is escaped (Apache writes \", nginx writes \x22).
inline std::size_t findClosingQuote(std::string_view s, std::size_t from)
{
    for (std::size_t q = findChar(s, '"', from); q != npos; q = findChar(s, '"', q + 1)) {
        std::size_t backslashes = 0;
        while (q > from + backslashes && s[q - 1 - backslashes] == '\\')
            ++backslashes;
        if (backslashes % 2 == 0)
            return q;
    }
    return npos;
}

// Occurrence of `needle` at or after `from`: memchr for its first byte, then compare.
inline std::size_t findText(std::string_view s, std::string_view needle, std::size_t from)
{
    if (needle.empty())
        return from <= s.size() ? from : npos;
    for (std::size_t p = findChar(s, needle[0], from); p != npos; p = findChar(s, needle[0], p + 1)) {
        if (s.size() - p < needle.size())
            return npos;
        if (std::memcmp(s.data() + p + 1, needle.data() + 1, needle.size() - 1) == 0)
            return p;
    }
    return npos;
}

// A whole string as a non-negative integer; false on anything else.
template <typename Int>
bool parseWhole(std::string_view s, Int& out)
{
    if (s.empty())
        return false;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && end == s.data() + s.size();
}

// Fixed-width run of digits at s[pos, pos + n); false if any is not a digit.
inline bool fixedDigits(std::string_view s, std::size_t pos, std::size_t n, int& out)
{
    if (pos + n > s.size())
        return false;
    int value = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const char c = s[pos + i];
        if (!isDigit(c))
            return false;
        value = value * 10 + (c - '0');
    }
    out = value;
    return true;
}

// Splits an HTTP request line "GET /path?q HTTP/1.1" into method and target. "-" and ""
// give two empty views; a line with one word gives only a method.
inline void splitRequestLine(std::string_view request, std::string_view& method, std::string_view& target)
{
    method = {};
    target = {};
    request = trimmed(request);
    if (request.empty() || request == "-")
        return;
    const std::size_t sp = findChar(request, ' ');
    if (sp == npos) {
        method = request;
        return;
    }
    method = request.substr(0, sp);
    std::string_view rest = request.substr(sp + 1);
    while (!rest.empty() && rest.front() == ' ')
        rest.remove_prefix(1);
    // The protocol is the last word; a target may itself hold spaces in broken clients.
    // Most lines end in " HTTP/d.d", which is checked in place of a backward search.
    constexpr std::string_view kUsual = " HTTP/";
    const std::size_t n = rest.size();
    if (n >= 9 && rest.substr(n - 9, kUsual.size()) == kUsual && rest[n - 3] != ' ' && rest[n - 2] != ' ' && rest[n - 1] != ' ') {
        rest = rest.substr(0, n - 9);
    } else if (const std::size_t lastSp = rest.rfind(' '); lastSp != npos && rest.substr(lastSp + 1).starts_with("HTTP/")) {
        rest = rest.substr(0, lastSp);
    }
    target = trimmed(rest);
}

// One field of a space-separated line where fields may be double-quoted ("a b" c "d").
// Returns false at the end of the line. A quoted field's view excludes its quotes; a
// quote with no closing quote sets `unterminated` and takes the rest of the line.
inline bool nextField(std::string_view line, std::size_t& pos, std::string_view& field, bool& unterminated)
{
    unterminated = false;
    while (pos < line.size() && line[pos] == ' ')
        ++pos;
    if (pos >= line.size())
        return false;
    if (line[pos] == '"') {
        const std::size_t close = findClosingQuote(line, pos + 1);
        if (close == npos) {
            field = line.substr(pos + 1);
            pos = line.size();
            unterminated = true;
            return true;
        }
        field = line.substr(pos + 1, close - pos - 1);
        pos = close + 1;  // the next field may follow without a space ("-"1 in ALB logs)
        return true;
    }
    const std::size_t sp = findChar(line, ' ', pos);
    const std::size_t end = sp == npos ? line.size() : sp;
    field = line.substr(pos, end - pos);
    pos = end;
    return true;
}

// "-" is how access logs write "no value".
inline std::string_view orEmpty(std::string_view v)
{
    return v == "-" ? std::string_view{} : v;
}

}  // namespace ratelab::textscan
