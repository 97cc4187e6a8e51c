#include "engine/core/inputfile.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace ratelab {

std::string inputFileProblem(const std::string& path, const std::string& what)
{
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        return "cannot open the " + what + ": " + std::strerror(errno);
    if (S_ISDIR(st.st_mode))
        return "is a directory, not a " + what;
    // A FIFO is not opened: a reader that comes and goes can kill its writer with SIGPIPE.
    if (S_ISFIFO(st.st_mode))
        return ::access(path.c_str(), R_OK) == 0 ? std::string() : "cannot open the " + what + ": " + std::strerror(errno);
    // Non-blocking, so probing a device does not wait.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return "cannot open the " + what + ": " + std::strerror(errno);
    ::close(fd);
    return {};
}

}  // namespace ratelab
