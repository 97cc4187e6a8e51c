#include "engine/core/keyinterner.h"

#include <functional>

namespace ratelab {

KeyId KeyInterner::intern(std::string_view key)
{
    const std::uint64_t hash = std::hash<std::string_view>{}(key);
    if (m_names.size() * 2 >= m_slots.size())
        grow();
    const std::uint64_t tag = hash >> 32;
    const std::size_t mask = m_slots.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
        const std::uint64_t slot = m_slots[i];
        if (slot == 0) {
            const auto id = static_cast<KeyId>(m_names.size());
            m_names.emplace_back(key);
            m_hashes.push_back(hash);
            m_slots[i] = slotOf(hash, id);
            return id;
        }
        if (slot >> 32 == tag) {
            const auto id = static_cast<KeyId>((slot & 0xFFFFFFFFu) - 1);
            if (m_names[id] == key)
                return id;
        }
    }
}

void KeyInterner::enter(KeyId id, std::uint64_t hash)
{
    const std::size_t mask = m_slots.size() - 1;
    std::size_t i = hash & mask;
    while (m_slots[i] != 0)
        i = (i + 1) & mask;
    m_slots[i] = slotOf(hash, id);
}

void KeyInterner::grow()
{
    m_slots.assign(m_slots.empty() ? 64 : m_slots.size() * 2, 0);
    for (std::size_t id = 0; id < m_hashes.size(); ++id)
        enter(static_cast<KeyId>(id), m_hashes[id]);
}

}  // namespace ratelab
