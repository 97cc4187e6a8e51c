#include "engine/core/boundedline.h"

namespace ratelab {

BoundedLineReader::BoundedLineReader(std::istream& in, std::size_t maxLineBytes) : m_in(in), m_buffer(maxLineBytes + 1) {}

BoundedLineReader::Result BoundedLineReader::next()
{
    m_in.getline(m_buffer.data(), static_cast<std::streamsize>(m_buffer.size()));
    const auto stored = static_cast<std::size_t>(m_in.gcount());
    if (m_in.bad())
        return Result::End;
    if (m_in.fail()) {
        if (m_in.eof() && stored == 0)
            return Result::End;
        // getline stops with failbit when the buffer is full before a line end.
        m_line = std::string_view(m_buffer.data(), stored);
        return Result::TooLong;
    }
    // gcount counts the '\n' it consumed, except on a last line without one.
    m_line = std::string_view(m_buffer.data(), m_in.eof() ? stored : stored - 1);
    return Result::Line;
}

}  // namespace ratelab
