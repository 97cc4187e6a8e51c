#pragma once
// A whole file mapped read-only into memory, unmapped on destruction: the importers scan a
// log's text in place instead of copying it through read() into a buffer.

#include <optional>
#include <string>
#include <string_view>

namespace ratelab {

class MappedFile {
public:
    // Throws ImportError (without the path, which the caller names) when it cannot be opened,
    // sized or mapped.
    explicit MappedFile(const std::string& path);
    ~MappedFile();
    MappedFile(MappedFile&& other) noexcept;
    MappedFile& operator=(MappedFile&&) = delete;
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    std::string_view text() const { return {m_data, m_size}; }

    // Maps the pages of text()[offset, offset + length) now, in one call, instead of one
    // page fault per few pages as they are first read. A hint: nothing happens where the
    // kernel cannot do it.
    void populate(std::size_t offset, std::size_t length) const;

private:
    const char* m_data = nullptr;
    std::size_t m_size = 0;
};

// The log at `path` mapped, when it is a regular file; std::nullopt for anything else that
// is read as a stream (a pipe, a device; a missing file, which opening the stream reports).
// Throws ImportError for a directory, or a regular file that cannot be mapped.
std::optional<MappedFile> mapIfRegularFile(const std::string& path);

} // namespace ratelab
