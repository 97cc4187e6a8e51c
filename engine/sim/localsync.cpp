#include "engine/sim/localsync.h"

#include "engine/algorithms/fixedwindow/fixedwindow.h"
#include "engine/core/growtohold.h"

namespace ratelab {

LocalSync::LocalSync(const RateLimiter& limiter, std::size_t instances, Duration windowUs, double limitCost)
    : m_windowUs(windowUs), m_limitCost(limitCost), m_local(instances), m_dirty(instances)
{
    // validateScenario lets only epoch-aligned fixed windows run on local_sync.
    const auto* window = dynamic_cast<const FixedWindowEpoch*>(&limiter);
    m_countsRejected = window && window->params().countRejected;
}

bool LocalSync::allows(std::uint32_t instance, KeyId key, SimTime now, std::uint32_t cost)
{
    // The instance allows iff what it last saw of the global count plus what it counted itself
    // since fits the limit, in its own clock's window. An INCR-first counter (count_rejected,
    // redis_incr_expire) counts the rejected cost too.
    const std::int64_t window = floorDiv(now, m_windowUs);
    growToHold(m_local[instance], key);
    SyncedCounter& c = m_local[instance][key];
    if (c.window != window)
        c = SyncedCounter{window, 0, 0};
    const bool allowed = static_cast<double>(c.globalSeen + c.local + cost) <= m_limitCost;
    if (allowed || m_countsRejected) {
        if (c.local == 0)
            m_dirty[instance].push_back(key);
        c.local += cost;
    }
    return allowed;
}

void LocalSync::sync(std::uint32_t instance, SimTime t, SimTime instanceNow, ClusterMemory& memory)
{
    for (const KeyId key : m_dirty[instance]) {
        SyncedCounter& c = m_local[instance][key];
        growToHold(m_store, key, WindowCount{kNever, 0});
        WindowCount& global = m_store[key];
        if (global.first != c.window) {
            if (global.first > c.window)
                continue;  // a newer window already: this instance's delta is stale
            global = {c.window, 0};
        }
        global.second += c.local;
        c.local = 0;
        c.globalSeen = global.second;
        // The store's count lives until the window ends, as the instance's clock has it.
        memory.touchStore(key, t, (c.window + 1) * m_windowUs - instanceNow);
    }
    m_dirty[instance].clear();
}

}  // namespace ratelab
