#pragma once
// Interns key strings to dense ids 0, 1, 2, ... once, at ingest, so algorithms keep their
// state in flat arrays indexed by id instead of maps of strings.

#include "engine/core/simtime.h"

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace ratelab {

class KeyInterner {
public:
    KeyId intern(std::string_view key);
    const std::string& name(KeyId id) const { return m_names[id]; }
    std::size_t size() const { return m_names.size(); }

private:
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
    };
    std::unordered_map<std::string, KeyId, Hash, std::equal_to<>> m_ids;
    std::vector<std::string> m_names;
};

}  // namespace ratelab
