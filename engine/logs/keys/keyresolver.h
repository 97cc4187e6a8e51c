#pragma once
// A request's key name to its id and tier, for the import's hot loop: the KeyIndex finds or
// interns the key (the slot for its hash fetched beforehand, with prefetch()), and the tier
// of each id is looked up in the tier map once, as the id first appears. (Remembering the
// last key to skip the lookup when the next line repeats it cost more than it saved: a
// copy of every key that differs from the one before, 2-4% of a one-thread import.)

#include "engine/core/keyinterner.h"
#include "engine/logs/keys/keyindex.h"
#include "engine/logs/keys/tiermap.h"

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
        const KeyId id = m_index.intern(key, hash);
        return {id, m_tiers ? tierOf(id) : 0};
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
};

}  // namespace ratelab
