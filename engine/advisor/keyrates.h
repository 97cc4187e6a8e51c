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

// One key's rate in windows of length W as its own requests see it: for each of its requests
// at t, the cost the key sent in (t - W, t], that request included. `peak` is the largest
// (maxInWindow), `p99` the nearest-rank 99th percentile over the key's requests: 99% of them
// arrived with at most that much in their trailing window.
struct KeyWindowRate {
    std::int64_t peak = 0;
    std::int64_t p99 = 0;
};

// The rates of a few keys (the advisor's top keys) in one pass over the set; memory grows
// with those keys' requests only. Indexed like `keys`; a key without requests gets zeros.
std::vector<KeyWindowRate> windowRatesOf(const RequestSet& set, const std::vector<KeyId>& keys, Duration windowUs);

}  // namespace ratelab
