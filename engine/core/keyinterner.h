#pragma once
// Interns key strings to dense ids 0, 1, 2, ... once, at ingest, so algorithms keep their
// state in flat arrays indexed by id instead of maps of strings.
//
// The lookup is an open-addressing table (linear probing, load factor at most 1/2) of 8-byte
// slots, each a key's id and 32 bits of its hash: a lookup usually reads one slot and, when
// the hash bits match, the key's name. A node-based map took two or three cache misses and
// an allocation per key, which an import of many keys paid once per key and thread.
//
// add() appends a key its caller knows to be new, without a lookup (an import's thread that
// keeps its own lookup cache in front of its own interner); such keys are entered in the
// table at the next intern(), if any.

#include "engine/core/simtime.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ratelab {

class KeyInterner {
public:
    KeyId intern(std::string_view key) { return intern(key, hashOf(key)); }
    // The same, with `hash` = hashOf(key) computed beforehand (on another thread, say).
    KeyId intern(std::string_view key, std::uint64_t hash);
    static std::uint64_t hashOf(std::string_view key);
    // Starts loading the slot where intern(..., hash) will look, unless the table grows first.
    void prefetch(std::uint64_t hash) const
    {
        if (!m_slots.empty())
            __builtin_prefetch(&m_slots[hash & (m_slots.size() - 1)]);
    }
    // Appends `key`, which must not be interned yet, and returns its id.
    KeyId add(std::string_view key)
    {
        m_names.emplace_back(key);
        return static_cast<KeyId>(m_names.size() - 1);
    }
    const std::string& name(KeyId id) const { return m_names[id]; }
    std::size_t size() const { return m_names.size(); }

private:
    // A slot holds (hash >> 32) << 32 | (id + 1); 0 is an empty slot.
    static std::uint64_t slotOf(std::uint64_t hash, KeyId id) { return (hash >> 32) << 32 | (std::uint64_t{id} + 1); }
    void enter(KeyId id, std::uint64_t hash);  // into a free slot
    void grow();

    std::vector<std::uint64_t> m_slots;
    std::vector<std::uint64_t> m_hashes;  // by id, of the keys in the table: to grow it without hashing again
    std::vector<std::string> m_names;     // by id; those from m_hashes.size() on were add()ed since
};

}  // namespace ratelab
