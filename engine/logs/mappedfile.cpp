#include "engine/logs/mappedfile.h"

#include "engine/logs/importoptions.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <utility>

namespace ratelab {

MappedFile::MappedFile(const std::string& path)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        throw ImportError(std::string("cannot open the log file: ") + std::strerror(errno));
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        throw ImportError("not a regular file");
    }
    m_size = static_cast<std::size_t>(st.st_size);
    if (m_size > 0) {
        void* p = ::mmap(nullptr, m_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (p == MAP_FAILED) {
            ::close(fd);
            throw ImportError("cannot map the file");
        }
        ::madvise(p, m_size, MADV_SEQUENTIAL);
        m_data = static_cast<const char*>(p);
    }
    ::close(fd);
}

MappedFile::MappedFile(MappedFile&& other) noexcept
    : m_data(std::exchange(other.m_data, nullptr))
    , m_size(std::exchange(other.m_size, 0))
{
}

MappedFile::~MappedFile()
{
    if (m_data)
        ::munmap(const_cast<char*>(m_data), m_size);
}

void MappedFile::populate(std::size_t offset, std::size_t length) const
{
#ifdef MADV_POPULATE_READ  // Linux 5.14
    if (offset >= m_size)
        return;
    static const std::size_t pageSize = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    const std::size_t start = offset / pageSize * pageSize;
    const std::size_t end = std::min(m_size, offset + length);
    ::madvise(const_cast<char*>(m_data) + start, end - start, MADV_POPULATE_READ);
#else
    (void)offset;
    (void)length;
#endif
}

std::optional<MappedFile> mapIfRegularFile(const std::string& path)
{
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec)  // a name too long, a loop of links: the reason, not a filesystem_error
        throw ImportError("cannot open the log file: " + ec.message());
    if (std::filesystem::is_directory(status))
        throw ImportError("is a directory, not a log file");
    if (!std::filesystem::is_regular_file(status))
        return std::nullopt;
    return MappedFile(path);
}

} // namespace ratelab
