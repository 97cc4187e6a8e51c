#include "engine/logs/reading/logfile.h"

#include "engine/logs/importoptions.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

namespace ratelab {

LogFile::LogFile(const std::string& path)
{
    m_fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (m_fd < 0)
        throw ImportError(std::string("cannot open the log file: ") + std::strerror(errno));
    struct stat st {};
    if (::fstat(m_fd, &st) != 0) {
        const int error = errno;
        ::close(m_fd);
        throw ImportError(std::string("cannot read the log file: ") + std::strerror(error));
    }
    if (S_ISDIR(st.st_mode)) {
        ::close(m_fd);
        throw ImportError("is a directory, not a log file");
    }
    if (S_ISREG(st.st_mode)) {
        m_size = static_cast<std::int64_t>(st.st_size);
        ::posix_fadvise(m_fd, 0, 0, POSIX_FADV_SEQUENTIAL);
    }
}

LogFile::LogFile(LogFile&& other) noexcept
    : m_fd(std::exchange(other.m_fd, -1)), m_size(other.m_size), m_offset(other.m_offset), m_shrunkTo(other.m_shrunkTo)
{}

LogFile::~LogFile()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

std::size_t LogFile::read(char* into, std::size_t length)
{
    if (m_size >= 0)
        length = static_cast<std::size_t>(std::min<std::int64_t>(static_cast<std::int64_t>(length), m_size - m_offset));
    std::size_t got = 0;
    while (got < length) {
        const ssize_t n = ::read(m_fd, into + got, length - got);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            throw ImportError(std::string("cannot read the log file: ") + std::strerror(errno));
        }
        if (n == 0) {  // the end, early for a regular file: it shrank since it was opened
            if (m_size >= 0) {
                struct stat st {};
                m_shrunkTo =
                    ::fstat(m_fd, &st) == 0 ? static_cast<std::int64_t>(st.st_size) : m_offset + static_cast<std::int64_t>(got);
            }
            break;
        }
        got += static_cast<std::size_t>(n);
    }
    m_offset += static_cast<std::int64_t>(got);
    return got;
}

std::size_t LogFile::readHead(char* into, std::size_t length) const
{
    std::size_t got = 0;
    while (got < length) {
        const ssize_t n = ::pread(m_fd, into + got, length - got, static_cast<off_t>(got));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            throw ImportError(std::string("cannot read the log file: ") + std::strerror(errno));
        if (n == 0)
            break;
        got += static_cast<std::size_t>(n);
    }
    return got;
}

}  // namespace ratelab
