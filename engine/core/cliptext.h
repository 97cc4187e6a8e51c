#pragma once
// User text quoted in an error message: at most ~120 bytes of it, so a field that is a
// megabyte long (a corrupt trace, /dev/zero) never becomes a megabyte of stderr, and control
// bytes written as \xNN, so a binary file does not write them to the terminal.

#include <string>
#include <string_view>

namespace ratelab {

inline constexpr std::size_t kQuotedBytes = 120;

// `text` when short; else as much of it as fills `max` characters, "..." and its length in
// bytes.
inline std::string clipText(std::string_view text, std::size_t max = kQuotedBytes)
{
    constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    std::size_t used = 0;
    for (; used < text.size() && out.size() < max; ++used) {
        const auto byte = static_cast<unsigned char>(text[used]);
        if (byte < 0x20 || byte == 0x7f)
            out.append("\\x").append(1, kHex[byte >> 4]).append(1, kHex[byte & 15]);
        else
            out += text[used];
    }
    if (used < text.size())
        out.append("... (").append(std::to_string(text.size())).append(" bytes)");
    return out;
}

}  // namespace ratelab
