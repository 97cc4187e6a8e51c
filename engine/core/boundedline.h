#pragma once
// Reads a stream line by line with a cap on the line's length: a file without line ends
// (/dev/zero, a binary file) is refused at the cap instead of being buffered whole.

#include <cstddef>
#include <istream>
#include <string_view>
#include <vector>

namespace ratelab {

class BoundedLineReader {
public:
    enum class Result { Line, End, TooLong };

    BoundedLineReader(std::istream& in, std::size_t maxLineBytes);

    // The next line, without its '\n', in line() until the next call. TooLong leaves the
    // first maxLineBytes bytes of the line in line() and the rest unread.
    Result next();
    std::string_view line() const { return m_line; }
    std::size_t maxLineBytes() const { return m_buffer.size() - 1; }

private:
    std::istream& m_in;
    std::vector<char> m_buffer;  // maxLineBytes + 1: getline's terminating NUL
    std::string_view m_line;
};

}  // namespace ratelab
