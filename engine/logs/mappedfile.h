#pragma once
// A whole file mapped read-only into memory, unmapped on destruction: the importers scan a
// log's text in place instead of copying it through read() into a buffer.

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

private:
    const char* m_data = nullptr;
    std::size_t m_size = 0;
};

} // namespace ratelab
