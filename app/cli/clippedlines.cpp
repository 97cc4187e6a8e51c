#include "app/cli/clippedlines.h"

namespace ratelab::cli {

namespace {

// The length of the UTF-8 sequence `lead` begins, or 0 when no sequence begins with it.
std::size_t sequenceLength(unsigned char lead)
{
    if (lead < 0x80)
        return 1;
    if (lead >= 0xC2 && lead <= 0xDF)
        return 2;
    if (lead >= 0xE0 && lead <= 0xEF)
        return 3;
    if (lead >= 0xF0 && lead <= 0xF4)
        return 4;
    return 0;
}

// Whether `second` may follow `lead` (RFC 3629: no overlong forms, surrogates or code points
// past U+10FFFF).
bool validSecond(unsigned char lead, unsigned char second)
{
    if ((second & 0xC0) != 0x80)
        return false;
    switch (lead) {
    case 0xE0: return second >= 0xA0;
    case 0xED: return second <= 0x9F;
    case 0xF0: return second >= 0x90;
    case 0xF4: return second <= 0x8F;
    default: return true;
    }
}

}  // namespace

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
    put(ch);
    return c;
}

// UTF-8 goes on as it is; the bytes of anything else are escaped.
void ClippedLines::put(char ch)
{
    const auto byte = static_cast<unsigned char>(ch);
    if (!m_sequence.empty()) {
        const bool continues =
            m_sequence.size() == 1 ? validSecond(static_cast<unsigned char>(m_sequence[0]), byte) : (byte & 0xC0) == 0x80;
        if (continues) {
            m_sequence += ch;
            if (m_sequence.size() == m_sequenceLength) {
                for (const char b : m_sequence)
                    clip(b);
                m_sequence.clear();
            }
            return;
        }
        putEscaped(m_sequence);  // broken off: not UTF-8
        m_sequence.clear();
    }
    m_sequenceLength = sequenceLength(byte);
    if (m_sequenceLength == 1)
        clip(ch);
    else if (m_sequenceLength == 0)
        putEscaped(std::string_view(&ch, 1));
    else
        m_sequence += ch;
}

void ClippedLines::putEscaped(std::string_view bytes)
{
    static constexpr char kHex[] = "0123456789ABCDEF";
    for (const char b : bytes) {
        const auto byte = static_cast<unsigned char>(b);
        for (const char e : {'\\', 'x', kHex[byte >> 4], kHex[byte & 15]})
            clip(e);
    }
}

void ClippedLines::clip(char ch)
{
    if (m_lineBytes++ < kHeadBytes) {
        m_target->sputc(ch);
        return;
    }
    if (m_tail.size() < kTailBytes) {
        m_tail.push_back(ch);
    } else {
        m_tail[m_tailStart] = ch;
        m_tailStart = (m_tailStart + 1) % kTailBytes;
    }
}

void ClippedLines::endLine(char end)
{
    putEscaped(m_sequence);  // a sequence the line cut short
    m_sequence.clear();
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
