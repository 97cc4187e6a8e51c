#include "engine/core/inputfile.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace ratelab {

std::string inputFileProblem(const std::string& path, const std::string& what)
{
    // Non-blocking, so probing a FIFO does not wait for its writer.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    bool directory = fd < 0 && errno == EISDIR;
    if (fd < 0 && !directory)
        return "cannot open the " + what + ": " + std::strerror(errno);
    struct stat st {};
    if (fd >= 0) {
        directory = ::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode);
        ::close(fd);
    }
    return directory ? "is a directory, not a " + what : std::string();
}

}  // namespace ratelab
