#pragma once
// Where ratelab-cli's output goes, and how a failed write is told apart from success.
//
// Standard output: std::cout writes through StandardOutput, which remembers the OS's reason
// when a write fails (a full disk, a closed pipe); checkStandardOutput() flushes and throws
// it as a FileError, which main() reports ("writing standard output: No space left on
// device") with exit 1.
//
// Output files: "-" means standard output (and standard input for inputs) for every option
// that names a file. A file is an AtomicFile (engine/core/atomicfile.h): complete or absent,
// never overwriting one of the command's inputs (overwriteProblem).

#include "engine/core/atomicfile.h"

#include <memory>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

namespace ratelab::cli {

// Installs itself as std::cout's buffer for its lifetime (main's), writing to descriptor 1.
class StandardOutput : public std::streambuf {
public:
    StandardOutput();
    ~StandardOutput() override;
    StandardOutput(const StandardOutput&) = delete;
    StandardOutput& operator=(const StandardOutput&) = delete;

    // The errno of the first failed write, or 0.
    int error() const { return m_error; }

protected:
    int_type overflow(int_type c) override;
    std::streamsize xsputn(const char* s, std::streamsize n) override;
    int sync() override;

private:
    bool flushBuffer();
    bool writeAll(const char* data, std::size_t size);

    std::streambuf* m_previous;
    char m_buffer[1 << 16];
    int m_error = 0;
};

// Flushes std::cout; throws FileError ("writing standard output", a fault) if any write failed.
void checkStandardOutput();

// Whether a file option's value means standard input or output.
inline bool isStdio(const std::string& path)
{
    return path == "-";
}

// A command's output: standard output for "-" or an empty path, else a file that replaces
// the old one only at commit().
class Output {
public:
    explicit Output(const std::string& path);  // throws FileError

    // Throws FileError (a fault) when the write fails.
    void write(std::string_view bytes);
    // Standard output: flushed and checked. A file: replaced, unless a stop signal came
    // (then Cancelled, and the old file stays).
    void commit();
    bool toStandardOutput() const { return !m_file; }

private:
    std::unique_ptr<AtomicFile> m_file;
};

// A file a command reads or writes, as the user named it: {"--out", "x.csv"}, {"the log", "x.log"}.
struct NamedFile {
    std::string role;
    std::string path;
};

// Refuses an output that is one of the inputs (the same file: sameFile()): the message names
// both, e.g. "--out access.log is the log access.log: writing it would destroy the input".
// Empty when they are apart, or either is standard input or output.
std::string overwriteProblem(const NamedFile& output, const std::vector<NamedFile>& inputs);

}  // namespace ratelab::cli
