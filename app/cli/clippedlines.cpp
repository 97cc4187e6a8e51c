#include "app/cli/clippedlines.h"

namespace ratelab::cli {

ClippedLines::ClippedLines(std::ostream& stream) : m_stream(stream), m_target(stream.rdbuf(this)) {}

ClippedLines::~ClippedLines()
{
    m_stream.rdbuf(m_target);
}

ClippedLines::int_type ClippedLines::overflow(int_type c)
{
    if (traits_type::eq_int_type(c, traits_type::eof()))
        return traits_type::not_eof(c);
    const char ch = traits_type::to_char_type(c);
    if (ch == '\n' || ch == '\r') {  // '\r': a progress bar redrawn in place
        endLine(ch);
        return c;
    }
    if (m_lineBytes++ < kHeadBytes)
        return m_target->sputc(ch) == traits_type::eof() ? traits_type::eof() : c;
    if (m_tail.size() < kTailBytes) {
        m_tail.push_back(ch);
    } else {
        m_tail[m_tailStart] = ch;
        m_tailStart = (m_tailStart + 1) % kTailBytes;
    }
    return c;
}

void ClippedLines::endLine(char end)
{
    if (m_lineBytes > kHeadBytes) {
        const std::size_t dropped = m_lineBytes - kHeadBytes - m_tail.size();
        std::string middle = dropped ? " ... (" + std::to_string(dropped) + " bytes) ... " : std::string();
        middle += m_tail.substr(m_tailStart) + m_tail.substr(0, m_tailStart);
        m_target->sputn(middle.data(), static_cast<std::streamsize>(middle.size()));
    }
    m_target->sputc(end);
    m_lineBytes = 0;
    m_tail.clear();
    m_tailStart = 0;
}

int ClippedLines::sync()
{
    return m_target->pubsync();
}

}  // namespace ratelab::cli
