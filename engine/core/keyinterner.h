#pragma once
// Interns key strings to dense ids 0, 1, 2, ... once, at ingest, so algorithms keep their
// state in flat arrays indexed by id instead of maps of strings.
//
// The lookup is an open-addressing table (linear probing, load factor at most 1/2) of 8-byte
// slots, each a key's id and 32 bits of its hash: a lookup usually reads one slot and, when
// the hash bits match, the key's name. A node-based map took two or three cache misses and
// an allocation per key, which an import of many keys paid once per key.

#include "engine/core/simtime.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ratelab {

class KeyInterner {
public:
    KeyId intern(std::string_view key);
    const std::string& name(KeyId id) const { return m_names[id]; }
    std::size_t size() const { return m_names.size(); }

private:
    // A slot holds (hash >> 32) << 32 | (id + 1); 0 is an empty slot.
    static std::uint64_t slotOf(std::uint64_t hash, KeyId id) { return (hash >> 32) << 32 | (std::uint64_t{id} + 1); }
    void enter(KeyId id, std::uint64_t hash);  // into a free slot
    void grow();

    std::vector<std::uint64_t> m_slots;
    std::vector<std::uint64_t> m_hashes;  // by id: to grow the table without hashing again
    std::vector<std::string> m_names;     // by id
};

}  // namespace ratelab
