#pragma once
// A stream that cannot seek (standard input), read again from its start after its first
// line was looked at: the line kept, then the rest of the stream. `recommend -` reads the
// first line to tell a trace from a log, then hands the whole input to the reader.

#include <istream>
#include <streambuf>
#include <string>

namespace ratelab::cli {

class PeekedInput : public std::streambuf {
public:
    // Reads the first line (up to and with its '\n', at most 64 KiB) from `source`.
    explicit PeekedInput(std::streambuf* source) : m_source(source)
    {
        for (int c = m_source->sbumpc(); c != traits_type::eof(); c = m_source->sbumpc()) {
            m_head += traits_type::to_char_type(c);
            if (c == '\n' || m_head.size() >= sizeof m_buffer)
                break;
        }
        setg(m_head.data(), m_head.data(), m_head.data() + m_head.size());
    }

    // The first line, without its line end.
    std::string firstLine() const
    {
        std::string line = m_head;
        while (!line.empty() && (line.back() == '\n' || line.back() == '\r'))
            line.pop_back();
        return line;
    }

protected:
    int_type underflow() override
    {
        if (gptr() < egptr())
            return traits_type::to_int_type(*gptr());
        const std::streamsize n = m_source->sgetn(m_buffer, sizeof m_buffer);
        if (n <= 0)
            return traits_type::eof();
        setg(m_buffer, m_buffer, m_buffer + n);
        return traits_type::to_int_type(*gptr());
    }

private:
    std::streambuf* m_source;
    std::string m_head;
    char m_buffer[1 << 16];
};

}  // namespace ratelab::cli
