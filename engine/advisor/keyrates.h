#pragma once
// Per-key request rates: for each key and window W, the most cost (requests, for a log)
// the key sent within any window of length W, (t - W, t] ending at one of its requests.
// Exact: a two-pointer pass over each key's sorted times.

#include "engine/advisor/distribution.h"
#include "engine/advisor/requestset.h"

#include <vector>

namespace ratelab {

// The requests grouped by key, each key's in time order (a stable counting sort by key).
struct KeyGroups {
    std::vector<std::size_t> offsets;  // key k's requests are order[offsets[k] .. offsets[k+1])
    std::vector<std::uint32_t> order;  // indices into RequestSet::requests
};
KeyGroups groupByKey(const RequestSet& set);

struct WindowRates {
    Duration windowUs = 0;
    std::vector<std::int64_t> maxPerKey;  // indexed by key id
    Distribution distribution;            // over keys
};

struct KeyRates {
    std::vector<std::int64_t> requestsPerKey;  // total cost per key
    Distribution totals;
    std::vector<WindowRates> windows;
};

// The windows the advisor reports: 1 s, 10 s, 1 min, 1 h.
const std::vector<Duration>& defaultRateWindows();

// Throws Cancelled when `control` is cancelled.
KeyRates computeKeyRates(const RequestSet& set, const std::vector<Duration>& windows = defaultRateWindows(),
                         RunControl* control = nullptr);

// The most cost in any window (t - W, t] for one key's requests (`order` in time order).
std::int64_t maxInWindow(const RequestSet& set, const std::uint32_t* order, std::size_t count, Duration windowUs);

} // namespace ratelab
