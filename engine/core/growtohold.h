#pragma once
// Per-key arrays (indexed by an interned id, design.md section 2) grow as ids arrive: to hold
// `index`, to the larger of index + 1 and twice their size, the new slots `fill`. Ids arriving
// one by one then cost amortised O(1), and an array never holds more than twice what it uses.

#include <algorithm>
#include <cstddef>
#include <type_traits>
#include <vector>

namespace ratelab {

template <class T>
inline void growToHold(std::vector<T>& v, std::size_t index, const std::type_identity_t<T>& fill = T{})
{
    if (index >= v.size()) [[unlikely]]
        v.resize(std::max<std::size_t>(index + 1, v.size() * 2), fill);
}

}  // namespace ratelab
