#pragma once
// A log file read with read(2) in blocks, not memory-mapped: a file that shrinks while it is
// read (logrotate's copytruncate) then just ends early, where a mapping kills the process
// with SIGBUS at the first page past the new end. The copy into the reader's buffer costs
// little: the buffer stays in cache while it is scanned, and no page is faulted in.
//
// A regular file is read up to its size when opened (lines written after that wait for the
// next import); when it ends before that, shrunkTo() says how large it was found then.
// Anything else readable (a pipe, a device) is read to its end.

#include <cstdint>
#include <string>

namespace ratelab {

class LogFile {
public:
    // Throws ImportError with the OS reason (without the path, which the caller names) when
    // the file cannot be opened, or when it is a directory.
    explicit LogFile(const std::string& path);
    ~LogFile();
    LogFile(LogFile&& other) noexcept;
    LogFile& operator=(LogFile&&) = delete;
    LogFile(const LogFile&) = delete;
    LogFile& operator=(const LogFile&) = delete;

    bool isRegular() const { return m_size >= 0; }
    // The size when opened; -1 when it is not a regular file.
    std::int64_t size() const { return m_size; }
    // Bytes read so far.
    std::int64_t offset() const { return m_offset; }

    // Reads up to `length` bytes into `into`; fewer only at the end. Throws ImportError with
    // the OS reason when a read fails.
    std::size_t read(char* into, std::size_t length);

    // Reads up to `length` bytes from the start of the file, leaving offset() as it is: the
    // head that chooses the format. Throws ImportError as read() does.
    std::size_t readHead(char* into, std::size_t length) const;

    // The file's size when read() found it shorter than size(); -1 while it has not shrunk.
    std::int64_t shrunkTo() const { return m_shrunkTo; }

private:
    int m_fd = -1;
    std::int64_t m_size = -1;
    std::int64_t m_offset = 0;
    std::int64_t m_shrunkTo = -1;
};

}  // namespace ratelab
