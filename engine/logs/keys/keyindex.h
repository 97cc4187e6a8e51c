#pragma once
// A lookup cache in front of KeyInterner for the import's hot loop. KeyInterner's table
// holds ids only, so a lookup there costs a cache miss on the slot and another on the name
// once it holds tens of thousands of keys; this open-addressing table (linear probing,
// 32-byte slots, keys of up to 16 bytes — every IPv4 address — stored in the slot) usually
// costs one, and its slot is fetched lines ahead. KeyInterner stays the owner of ids and names.

#include "engine/core/keyinterner.h"

#include <cstring>
#include <vector>

namespace ratelab {

class KeyIndex {
public:
    explicit KeyIndex(KeyInterner& keys) : m_keys(keys), m_slots(1024) {}

    // 0 marks an empty slot, so no key hashes to it. A key of 4 to 16 bytes (every IPv4
    // address) is hashed inline: two overlapping word loads and its length, mixed by one
    // 64x64 -> 128-bit multiply folded in half (the "mum" step of wyhash); others by the
    // standard library.
    static std::uint64_t hashOf(std::string_view key)
    {
        const std::size_t n = key.size();
        if (n < 4 || n > kInline)
            return std::hash<std::string_view>{}(key) | 1;
        std::uint64_t a = 0;
        std::uint64_t b = 0;
        if (n >= 8) {
            std::memcpy(&a, key.data(), 8);
            std::memcpy(&b, key.data() + n - 8, 8);
        } else {
            std::uint32_t a4 = 0;
            std::uint32_t b4 = 0;
            std::memcpy(&a4, key.data(), 4);
            std::memcpy(&b4, key.data() + n - 4, 4);
            a = a4;
            b = b4;
        }
        __extension__ typedef unsigned __int128 Wide;
        const Wide product = Wide{a ^ 0x9E3779B97F4A7C15u} * (b ^ 0xD6E8FEB86659FD93u ^ n);
        return (static_cast<std::uint64_t>(product) ^ static_cast<std::uint64_t>(product >> 64)) | 1;
    }

    // Starts loading the slot where a lookup of `hash` begins.
    void prefetch(std::uint64_t hash) const { __builtin_prefetch(&m_slots[hash & (m_slots.size() - 1)]); }

    // The key's id, interning it on first sight; `hash` is hashOf(key).
    KeyId intern(std::string_view key, std::uint64_t hash)
    {
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
            Slot& slot = m_slots[i];
            if (slot.hash == 0)
                return insert(slot, hash, key);
            if (slot.hash == hash && slot.length == key.size() && sameKey(slot, key))
                return slot.id;
        }
    }

private:
    static constexpr std::size_t kInline = 16;

    // memcmp(a, b, n) == 0 for n <= 16 without a call: two loads from each end, which
    // overlap when n is short of twice their width.
    template <typename Word>
    static bool sameEnds(const char* a, const char* b, std::size_t n)
    {
        Word a0, a1, b0, b1;
        std::memcpy(&a0, a, sizeof(Word));
        std::memcpy(&b0, b, sizeof(Word));
        std::memcpy(&a1, a + n - sizeof(Word), sizeof(Word));
        std::memcpy(&b1, b + n - sizeof(Word), sizeof(Word));
        return ((a0 ^ b0) | (a1 ^ b1)) == 0;
    }
    static bool sameShortBytes(const char* a, const char* b, std::size_t n)
    {
        if (n >= 8)
            return sameEnds<std::uint64_t>(a, b, n);
        if (n >= 4)
            return sameEnds<std::uint32_t>(a, b, n);
        for (std::size_t i = 0; i < n; ++i)
            if (a[i] != b[i])
                return false;
        return true;
    }
    // Aligned to its size, so that a slot never straddles two cache lines (malloc would
    // place the table 16 bytes into a page: every other slot would, and take two misses).
    struct alignas(32) Slot {
        std::uint64_t hash = 0;
        KeyId id = 0;
        std::uint32_t length = 0;
        char text[kInline];
    };

    bool sameKey(const Slot& slot, std::string_view key) const
    {
        if (key.size() <= kInline)
            return sameShortBytes(slot.text, key.data(), key.size());
        return m_keys.name(slot.id) == key;
    }

    KeyId insert(Slot& slot, std::uint64_t hash, std::string_view key)
    {
        slot.hash = hash;
        slot.id = m_keys.intern(key);
        slot.length = static_cast<std::uint32_t>(key.size());
        std::memcpy(slot.text, key.data(), std::min(key.size(), kInline));
        const KeyId id = slot.id;
        if (++m_used * 2 > m_slots.size())  // keep the load factor at most 1/2
            grow();
        return id;
    }

    void grow()
    {
        std::vector<Slot> old(m_slots.size() * 2);
        old.swap(m_slots);
        const std::size_t mask = m_slots.size() - 1;
        for (const Slot& s : old) {
            if (s.hash == 0)
                continue;
            std::size_t i = s.hash & mask;
            while (m_slots[i].hash != 0)
                i = (i + 1) & mask;
            m_slots[i] = s;
        }
    }

    KeyInterner& m_keys;
    std::vector<Slot> m_slots;
    std::size_t m_used = 0;
};

}  // namespace ratelab
