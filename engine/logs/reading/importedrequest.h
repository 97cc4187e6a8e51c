#pragma once
// One request as an import hands it on: in time order, ties in line order.

#include "engine/core/simtime.h"

#include <cstdint>
#include <functional>

namespace ratelab {

struct ImportedRequest {
    SimTime t = 0;           // UTC microseconds since the epoch
    KeyId key = 0;           // interned key (see ImportOptions::key)
    std::uint32_t tier = 0;  // index into ImportSummary::tiers; 0 when no tier map is given
    std::int64_t line = 0;   // 1-based line number in the input
};

// Receives the requests of an import, sorted by (t, line). Cost is always 1.
using RequestSink = std::function<void(const ImportedRequest&)>;

}  // namespace ratelab
