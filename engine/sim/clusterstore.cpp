#include "engine/sim/clusterstore.h"

#include "engine/algorithms/fixedwindow/fixedwindow.h"
#include "engine/core/growtohold.h"

#include <algorithm>

namespace ratelab {

ClusterStore::ClusterStore(const std::string& algorithm, const BuiltLimiter& built, StoreMode mode, Duration windowUs,
                           KeyId firstSlot, SimTime start)
    : m_state(built.limiter->clone()), m_scratch(built.limiter->clone()),
      m_keysPerWindow(
          built.info->family == "fixed_window"
          && (algorithm == "redis_incr_expire" || (built.params.count("align") && built.params.at("align") == "epoch"))),
      m_windowUs(windowUs), m_nextSlot(firstSlot)
{
    if (mode != StoreMode::Memcached || !m_keysPerWindow)
        return;
    // Keys per window: an epoch-aligned fixed window, which the catalog builds as FixedWindowEpoch.
    FixedWindowParams counter = dynamic_cast<const FixedWindowEpoch&>(*m_state).params();
    counter.countRejected = true;  // incr counts whatever the decision
    m_counter = std::make_unique<FixedWindowEpoch>(counter);
    m_counter->setTimeOrigin(start);
}

ClusterStore::Snapshot ClusterStore::read(KeyId key, SimTime now)
{
    const KeyId slot = takeSlot();
    m_scratch->copyKeyState(*m_state, keyOf(key, now), slot);
    growToHold(m_versions, key, 0);
    return {slot, m_versions[key]};
}

std::optional<KeyId> ClusterStore::compareAndWrite(KeyId key, const Snapshot& read, SimTime now)
{
    growToHold(m_versions, key, 0);
    std::uint64_t& version = m_versions[key];
    if (version != read.version)
        return std::nullopt;
    ++version;
    return write(key, read.slot, now);
}

SimTime& ClusterStore::lockFreeAt(KeyId key)
{
    growToHold(m_lockFreeAt, key, SimTime{0});
    return m_lockFreeAt[key];
}

bool ClusterStore::addCounter(KeyId key, std::int64_t window)
{
    growToHold(m_counterWindow, key, kNever);
    std::int64_t& added = m_counterWindow[key];
    const bool absent = added < window;
    added = std::max(added, window);
    return absent;
}

KeyId ClusterStore::takeSlot()
{
    if (!m_freeSlots.empty()) {
        const KeyId slot = m_freeSlots.back();
        m_freeSlots.pop_back();
        return slot;
    }
    return m_nextSlot++;
}

}  // namespace ratelab
