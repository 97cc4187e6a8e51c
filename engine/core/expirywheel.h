#pragma once
// Pending expiries for a clock that never goes back: a timing wheel (Varghese and Lauck,
// 1987). Each of its 2^kSlotBits slots holds, unordered, the items due within one slot width
// of 2^kWidthBits us; the few items beyond the wheel's horizon wait in a binary heap. Pushing
// is an append; taking what is due by `now` empties the slots that have passed and scans the
// one `now` falls in. Items due together come out in no particular order.

#include "engine/core/simtime.h"

#include <algorithm>
#include <cassert>
#include <vector>

namespace ratelab {

template <class Payload>
class ExpiryWheel {
public:
    struct Item {
        SimTime time;
        Payload payload;
    };

    // Items are due at or after `start`.
    explicit ExpiryWheel(SimTime start) : m_slots(kSlots), m_cursor(slotOf(start)) {}

    // `time` must not be before the last takeDue() time.
    void push(SimTime time, Payload payload)
    {
        const std::int64_t slot = slotOf(time);
        assert(slot >= m_cursor);
        if (slot < m_cursor + kSlots) {
            m_slots[slot & (kSlots - 1)].push_back({time, payload});
        } else {
            m_far.push_back({time, payload});
            std::push_heap(m_far.begin(), m_far.end(), later);
        }
    }

    // Removes every item due at or before `now` and returns them, valid until the next call.
    // `now` must not go back.
    const std::vector<Item>& takeDue(SimTime now)
    {
        m_due.clear();
        const std::int64_t nowSlot = slotOf(now);
        if (nowSlot < m_cursor)
            return m_due;
        // Slots wholly before `now` (every item, if `now` is a whole turn or more ahead).
        for (std::int64_t slot = m_cursor; slot < std::min(nowSlot, m_cursor + kSlots); ++slot) {
            auto& items = m_slots[slot & (kSlots - 1)];
            m_due.insert(m_due.end(), items.begin(), items.end());
            if (items.capacity() > kKeptCapacity)
                std::vector<Item>().swap(items);  // a crowd due at once (a window's end) won't return here soon
            else
                items.clear();
        }
        m_cursor = nowSlot;
        // Far items the horizon now reaches.
        while (!m_far.empty() && slotOf(m_far.front().time) < m_cursor + kSlots) {
            std::pop_heap(m_far.begin(), m_far.end(), later);
            const Item item = m_far.back();
            m_far.pop_back();
            if (item.time <= now)
                m_due.push_back(item);
            else
                m_slots[slotOf(item.time) & (kSlots - 1)].push_back(item);
        }
        // The slot `now` falls in.
        auto& current = m_slots[nowSlot & (kSlots - 1)];
        for (std::size_t i = 0; i < current.size();) {
            if (current[i].time <= now) {
                m_due.push_back(current[i]);
                current[i] = current.back();
                current.pop_back();
            } else {
                ++i;
            }
        }
        return m_due;
    }

    // Calls f(item) for every pending item, in no particular order.
    template <class F>
    void forEach(F&& f) const
    {
        for (const auto& slot : m_slots) {
            for (const Item& item : slot)
                f(item);
        }
        for (const Item& item : m_far)
            f(item);
    }

private:
    static constexpr int kWidthBits = 12;  // 4.1 ms slots ...
    static constexpr std::int64_t kSlots = std::int64_t{1} << 11;  // ... 2048 of them: an 8.4 s horizon
    static constexpr std::size_t kKeptCapacity = 64;  // items a slot keeps room for once emptied

    static std::int64_t slotOf(SimTime t) { return t >> kWidthBits; }  // floor, also before 0
    static bool later(const Item& a, const Item& b) { return a.time > b.time; }

    std::vector<std::vector<Item>> m_slots;  // [slot mod kSlots], for slots m_cursor ...
    std::vector<Item> m_far;                 // a min-heap of the items past the horizon
    std::vector<Item> m_due;                 // takeDue()'s answer
    std::int64_t m_cursor;                   // no item is in a slot before this one
};

} // namespace ratelab
