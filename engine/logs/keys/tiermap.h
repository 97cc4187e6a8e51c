#pragma once
// Key -> tier, from a small CSV ("key,tier" per line; an optional header "key,tier"; '#'
// comments and blank lines ignored), e.g. "203.0.113.7,partner". Tier 0 is "(none)", the
// tier of every key the map does not name.

#include <istream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace ratelab {

// A key and a tier per line: a longer line is not a tier map (a binary file, no line ends).
inline constexpr std::size_t kMaxTierMapLineBytes = 64 << 10;

class TierMap {
public:
    // Throws std::invalid_argument naming the line of a malformed row.
    static TierMap read(std::istream& in);

    void add(std::string_view key, std::string_view tier);
    std::uint32_t tierOf(std::string_view key) const;
    const std::vector<std::string>& tierNames() const { return m_names; }
    bool empty() const { return m_tierOfKey.empty(); }

private:
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
    };
    std::unordered_map<std::string, std::uint32_t, Hash, std::equal_to<>> m_tierOfKey;
    std::vector<std::string> m_names{"(none)"};
};

}  // namespace ratelab
