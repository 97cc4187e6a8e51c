#pragma once
// Which of a lane's key ids are one key (by name), or every key: each id's name is compared
// once, on its first request, and remembered in a flat array by id. For the passes that follow
// one key through a lane (keyhistory.cpp) or count it (bucketcounts.cpp).

#include "engine/core/growtohold.h"
#include "engine/core/simtime.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ratelab {

class KeyMatch {
public:
    explicit KeyMatch(std::optional<std::string> key) : m_key(std::move(key)) {}

    // Whether `id`, a key id of `lane` (anything with keyName(id)), is the key.
    template <class LaneType>
    bool operator()(KeyId id, const LaneType& lane)
    {
        if (!m_key)
            return true;
        growToHold(m_known, id, -1);
        if (m_known[id] < 0)
            m_known[id] = lane.keyName(id) == *m_key ? 1 : 0;
        return m_known[id] == 1;
    }

private:
    std::optional<std::string> m_key;
    std::vector<std::int8_t> m_known;  // per key id: -1 not named yet, 0 no, 1 yes
};

}  // namespace ratelab
