#pragma once
// A file replaced whole or not at all, for every output a command writes (a trace, a report,
// a scenario). The bytes go to a temporary file beside the target (same directory, so the
// rename stays on one filesystem); commit() checks every write, flushes the file to disk
// (a full disk may only show then) and renames it over the target. Until then the target
// keeps its old bytes; an AtomicFile destroyed without commit() (an error, Ctrl-C) removes
// its temporary file. A target that exists and is not a regular file (/dev/null, /dev/full,
// a FIFO) is written in place: there is nothing to replace. A symbolic link is followed:
// the file it names is replaced and the link kept. A replaced file keeps its permissions; a
// new one gets 0666 less the umask, as any created file.

#include <stdexcept>
#include <string>
#include <string_view>

namespace ratelab {

// A file operation the OS refused, with its reason (strerror): "writing out.csv: No space
// left on device". fault() tells a fault of the system (a full disk, an I/O error: exit 1)
// from a path that cannot be used as given (no such directory, no permission: exit 2).
class FileError : public std::runtime_error {
public:
    FileError(std::string action, std::string path, int error, bool fault);
    const std::string& path() const { return m_path; }
    int error() const { return m_error; }
    bool fault() const { return m_fault; }

private:
    std::string m_path;
    int m_error;
    bool m_fault;
};

// Whether errno `error` is the system's fault rather than the path's: no space, no quota,
// an I/O error, a file too large, a closed pipe, no memory or descriptors.
bool isSystemFault(int error);

class AtomicFile {
public:
    // Creates the temporary file (or opens a non-regular target). Throws FileError, a fault
    // or not as isSystemFault says.
    explicit AtomicFile(std::string path);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    // Throws FileError (a fault): the target is left as it was.
    void write(std::string_view bytes);
    // Flushes to disk and closes: every byte is known written. Throws FileError (a fault).
    void sync();
    // sync() if not done, then renames over the target. Throws FileError (a fault). Files
    // that belong together are all synced before the first is committed.
    void commit();

    const std::string& path() const { return m_path; }

private:
    void discard() noexcept;

    std::string m_path;    // as given, for messages
    std::string m_target;  // the file replaced: m_path, or the file its link names
    std::string m_temp;    // empty when the target is written in place
    int m_fd = -1;         // -1 once synced
};

// Whether two paths name the same file: by device and inode when both exist, else by where
// they lead (weakly canonical paths), so a file still to be created compares too.
bool sameFile(const std::string& a, const std::string& b);

}  // namespace ratelab
