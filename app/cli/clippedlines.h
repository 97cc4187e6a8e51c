#pragma once
// Standard error with a bound on each line: whatever a message quotes (a path of thousands of
// characters, a parameter value, an option the parser echoes), no line written to stderr is
// longer than about kHeadBytes + kTailBytes + 30 bytes. The head of a long line goes out as it
// comes; the middle is dropped and counted; the tail, where a reason usually is, goes out at
// the line's end. Messages quote user text through clipText (engine/core/cliptext.h) already;
// this is the net under every one that does not. Bytes that are not UTF-8 (a key or a name
// read from a file in another encoding, 0xFF 0xFE) are written as \xFF, never raw.

#include <cstddef>
#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>

namespace ratelab::cli {

class ClippedLines final : public std::streambuf {
public:
    static constexpr std::size_t kHeadBytes = 300;
    static constexpr std::size_t kTailBytes = 200;

    // Filters what `stream` writes until destroyed; then `stream` writes as before.
    explicit ClippedLines(std::ostream& stream);
    ~ClippedLines() override;
    ClippedLines(const ClippedLines&) = delete;
    ClippedLines& operator=(const ClippedLines&) = delete;

protected:
    int_type overflow(int_type c) override;
    int sync() override;

private:
    void put(char ch);
    void putEscaped(std::string_view bytes);
    void clip(char ch);
    void endLine(char end);

    std::ostream& m_stream;
    std::streambuf* m_target;
    std::size_t m_lineBytes = 0;  // of the current line, written or not
    std::string m_tail;           // the last kTailBytes of a line past kHeadBytes, as a ring
    std::size_t m_tailStart = 0;
    std::string m_sequence;  // a UTF-8 sequence begun, not yet complete
    std::size_t m_sequenceLength = 0;
};

}  // namespace ratelab::cli
