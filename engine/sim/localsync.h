#pragma once
// The counters of local_sync: each instance decides an epoch-aligned fixed window alone, on
// what it last saw of the global count plus what it counted itself since, and every sync
// interval sends its deltas to the store and reads the global counts back.

#include "engine/algorithms/limiter/ratelimiter.h"
#include "engine/sim/clustermemory.h"

#include <utility>
#include <vector>

namespace ratelab {

class LocalSync {
public:
    // `instances` instances limiting to `limitCost` per window of `windowUs`; `limiter` (an
    // epoch-aligned fixed window) says whether rejected cost counts too.
    LocalSync(const RateLimiter& limiter, std::size_t instances, Duration windowUs, double limitCost);

    // Whether `instance` admits `cost` of `key` at `now` on its clock, counting it if so.
    bool allows(std::uint32_t instance, KeyId key, SimTime now, std::uint32_t cost);
    // The sync of `instance` at true time `t`, its clock reading `instanceNow`: the store adds
    // its deltas to each key's count, which lives in `memory` until the window ends.
    void sync(std::uint32_t instance, SimTime t, SimTime instanceNow, ClusterMemory& memory);

    // The bytes a key holds: an instance's counter, the store's count.
    static std::size_t instanceBytesPerKey() { return sizeof(SyncedCounter); }
    static std::size_t storeBytesPerKey() { return sizeof(WindowCount); }

private:
    // Per instance and key: the window it counts, its unsynced local count, and the global
    // count it last saw.
    struct SyncedCounter {
        std::int64_t window = kNever;
        std::int64_t local = 0;
        std::int64_t globalSeen = 0;
    };
    using WindowCount = std::pair<std::int64_t, std::int64_t>;  // the store's (window, count) per key

    Duration m_windowUs;
    double m_limitCost;
    bool m_countsRejected;
    std::vector<std::vector<SyncedCounter>> m_local;
    std::vector<std::vector<KeyId>> m_dirty;
    std::vector<WindowCount> m_store;
};

}  // namespace ratelab
