#include "app/cli/output.h"

#include "app/cli/interrupt.h"

#include <unistd.h>

#include <cerrno>
#include <iostream>

namespace ratelab::cli {

StandardOutput::StandardOutput() : m_previous(std::cout.rdbuf(this))
{
    setp(m_buffer, m_buffer + sizeof m_buffer);
}

StandardOutput::~StandardOutput()
{
    flushBuffer();
    std::cout.rdbuf(m_previous);
}

// A write interrupted by a stop signal gives up (the command stops); one interrupted by
// anything else goes on.
bool StandardOutput::writeAll(const char* data, std::size_t size)
{
    while (size > 0 && m_error == 0) {
        const ssize_t n = ::write(STDOUT_FILENO, data, size);
        if (n < 0) {
            if (errno == EINTR && !interrupted())
                continue;
            m_error = errno;
            break;
        }
        data += n;
        size -= static_cast<std::size_t>(n);
    }
    return m_error == 0;
}

bool StandardOutput::flushBuffer()
{
    const bool ok = writeAll(pbase(), static_cast<std::size_t>(pptr() - pbase()));
    setp(m_buffer, m_buffer + sizeof m_buffer);
    return ok;
}

StandardOutput::int_type StandardOutput::overflow(int_type c)
{
    if (!flushBuffer())
        return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
        *pptr() = traits_type::to_char_type(c);
        pbump(1);
    }
    return traits_type::not_eof(c);
}

std::streamsize StandardOutput::xsputn(const char* s, std::streamsize n)
{
    if (n > epptr() - pptr()) {  // larger than the room left: flush, and write a large block directly
        if (!flushBuffer())
            return 0;
        if (n >= static_cast<std::streamsize>(sizeof m_buffer))
            return writeAll(s, static_cast<std::size_t>(n)) ? n : 0;
    }
    traits_type::copy(pptr(), s, static_cast<std::size_t>(n));
    pbump(static_cast<int>(n));
    return n;
}

int StandardOutput::sync()
{
    return flushBuffer() ? 0 : -1;
}

void checkStandardOutput()
{
    std::cout.flush();
    const auto* out = dynamic_cast<const StandardOutput*>(std::cout.rdbuf());
    if (out && out->error() != 0)
        throw FileError("writing", "standard output", out->error(), true);
    if (!std::cout)
        throw FileError("writing", "standard output", EIO, true);
}

Output::Output(const std::string& path)
{
    if (!path.empty() && !isStdio(path))
        m_file = std::make_unique<AtomicFile>(path);
}

void Output::write(std::string_view bytes)
{
    if (m_file) {
        m_file->write(bytes);
        return;
    }
    std::cout.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!std::cout)
        checkStandardOutput();
}

void Output::commit()
{
    if (!m_file) {
        checkStandardOutput();
        return;
    }
    throwIfInterrupted();
    m_file->commit();
}

std::string overwriteProblem(const NamedFile& output, const std::vector<NamedFile>& inputs)
{
    if (output.path.empty() || isStdio(output.path))
        return {};
    for (const NamedFile& input : inputs) {
        if (input.path.empty() || isStdio(input.path) || !sameFile(output.path, input.path))
            continue;
        return output.role + " " + output.path + " is " + input.role + " " + input.path
            + ": writing it would destroy the input; choose another output";
    }
    return {};
}

}  // namespace ratelab::cli
