#pragma once
// A request's key name to its id and tier, for the import's hot loop: consecutive requests
// often share a key, so the last one is remembered; otherwise the KeyIndex finds or interns
// it. The tier of each id is found in the tier map once, as the id first appears.

#include "engine/core/keyinterner.h"
#include "engine/logs/keys/keyindex.h"
#include "engine/logs/keys/tiermap.h"

#include <string>
#include <string_view>
#include <vector>

namespace ratelab {

class KeyResolver {
public:
    // `keys` may already hold keys; `tiers` may be null (every key in tier 0).
    KeyResolver(KeyInterner& keys, const TierMap* tiers) : m_keys(keys), m_index(keys), m_tiers(tiers) {}

    static std::uint64_t hashOf(std::string_view key) { return KeyIndex::hashOf(key); }

    // Starts loading what resolving a key of this hash will read first.
    void prefetch(std::uint64_t hash) const { m_index.prefetch(hash); }

    struct Resolved {
        KeyId id = 0;
        std::uint32_t tier = 0;
    };
    // The key's id, interning it on first sight, and its tier; `hash` is hashOf(key).
    Resolved resolve(std::string_view key, std::uint64_t hash)
    {
        if (!m_hasLast || hash != m_lastHash || key != m_lastKey) {
            m_last.id = m_index.intern(key, hash);
            m_last.tier = m_tiers ? tierOf(m_last.id) : 0;
            m_lastKey.assign(key);
            m_lastHash = hash;
            m_hasLast = true;
        }
        return m_last;
    }

private:
    std::uint32_t tierOf(KeyId id)
    {
        while (m_tierOfKey.size() <= id)
            m_tierOfKey.push_back(m_tiers->tierOf(m_keys.name(static_cast<KeyId>(m_tierOfKey.size()))));
        return m_tierOfKey[id];
    }

    KeyInterner& m_keys;
    KeyIndex m_index;
    const TierMap* m_tiers;
    std::vector<std::uint32_t> m_tierOfKey;  // by key id, filled as ids appear
    std::string m_lastKey;
    std::uint64_t m_lastHash = 0;
    Resolved m_last;
    bool m_hasLast = false;
};

}  // namespace ratelab
