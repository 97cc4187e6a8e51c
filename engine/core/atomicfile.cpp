#include "engine/core/atomicfile.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <random>

namespace ratelab {

namespace fs = std::filesystem;

namespace {

// Six letters or digits, so that concurrent writers of one target never share a temporary.
std::string randomSuffix()
{
    static constexpr char kChars[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    thread_local std::mt19937_64 rng(std::random_device{}());
    std::string out(6, ' ');
    for (char& c : out)
        c = kChars[rng() % (sizeof kChars - 1)];
    return out;
}

}  // namespace

FileError::FileError(std::string action, std::string path, int error, bool fault)
    : std::runtime_error(action + " " + path + ": " + std::strerror(error)), m_path(std::move(path)), m_error(error),
      m_fault(fault)
{}

bool isSystemFault(int error)
{
    switch (error) {
    case ENOSPC:
    case EDQUOT:
    case EIO:
    case EFBIG:
    case EPIPE:
    case ENOMEM:
    case ENFILE:
    case EMFILE:
    case ENOBUFS: return true;
    default: return false;
    }
}

AtomicFile::AtomicFile(std::string path) : m_path(std::move(path)), m_target(m_path)
{
    std::error_code ec;
    if (fs::is_symlink(m_target, ec)) {
        const fs::path resolved = fs::weakly_canonical(m_target, ec);
        if (!ec)
            m_target = resolved.string();
    }
    struct stat existing {};
    const bool exists = ::stat(m_target.c_str(), &existing) == 0;
    if (exists && S_ISDIR(existing.st_mode))
        throw FileError("creating", m_path, EISDIR, false);
    if (exists && !S_ISREG(existing.st_mode)) {  // a device or a FIFO: written in place
        m_fd = ::open(m_target.c_str(), O_WRONLY | O_CLOEXEC);
        if (m_fd < 0)
            throw FileError("opening", m_path, errno, isSystemFault(errno));
        return;
    }
    // Replacing a file one may not write would bypass its permissions, as `>` would not.
    if (exists && ::access(m_target.c_str(), W_OK) != 0)
        throw FileError("replacing", m_path, errno, isSystemFault(errno));

    const fs::path target(m_target);
    if (!target.has_filename())
        throw FileError("creating", m_path, EISDIR, false);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    for (int attempt = 0; attempt < 100 && m_fd < 0; ++attempt) {
        std::string name = ".";
        name.append(target.filename().string()).append(".").append(randomSuffix()).append(".tmp");
        m_temp = (dir / name).string();
        m_fd = ::open(m_temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (m_fd < 0 && errno != EEXIST) {
            const int error = errno;
            m_temp.clear();
            throw FileError("creating", m_path, error, isSystemFault(error));
        }
    }
    if (m_fd < 0) {
        m_temp.clear();
        throw FileError("creating", m_path, EEXIST, true);
    }
    if (exists)
        (void)::fchmod(m_fd, existing.st_mode & 07777);
}

AtomicFile::~AtomicFile()
{
    discard();
}

void AtomicFile::write(std::string_view bytes)
{
    while (!bytes.empty()) {
        const ssize_t n = ::write(m_fd, bytes.data(), bytes.size());
        if (n < 0) {
            if (errno == EINTR)
                continue;
            throw FileError("writing", m_path, errno, true);
        }
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
}

void AtomicFile::sync()
{
    if (m_fd < 0)
        return;
    // A device or a FIFO cannot be synced (EINVAL): its writes were checked as they went.
    if (::fsync(m_fd) != 0 && errno != EINVAL)
        throw FileError("writing", m_path, errno, true);
    const int fd = m_fd;
    m_fd = -1;
    if (::close(fd) != 0)
        throw FileError("writing", m_path, errno, true);
}

void AtomicFile::commit()
{
    sync();
    if (m_temp.empty())
        return;
    if (::rename(m_temp.c_str(), m_target.c_str()) != 0)
        throw FileError("replacing", m_path, errno, true);
    m_temp.clear();
    // The rename itself reaches the disk with its directory; best effort, as not every
    // filesystem syncs a directory.
    const fs::path dir = fs::path(m_target).has_parent_path() ? fs::path(m_target).parent_path() : fs::path(".");
    if (const int dirFd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dirFd >= 0) {
        (void)::fsync(dirFd);
        ::close(dirFd);
    }
}

void AtomicFile::discard() noexcept
{
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
    if (!m_temp.empty())
        ::unlink(m_temp.c_str());
    m_temp.clear();
}

bool sameFile(const std::string& a, const std::string& b)
{
    struct stat sa {};
    struct stat sb {};
    if (::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    std::error_code ea;
    std::error_code eb;
    const fs::path ca = fs::weakly_canonical(fs::absolute(a, ea), ea);
    const fs::path cb = fs::weakly_canonical(fs::absolute(b, eb), eb);
    return !ea && !eb && ca == cb;
}

}  // namespace ratelab
