#pragma once
// The shared store of a cluster lane as its calls meet it: the limiter holding every key's
// state, the snapshots that GET/SET and CAS calls in flight decide on (each in a scratch slot
// of its own), a version per key for CAS, a lock per key for sql_row_lock, and memcached's
// counter per window.
//
// An INCR + EXPIRE fixed window (redis_incr_expire, or fixed_window aligned on the epoch)
// keeps one store key per window index, so an instance whose clock lags still counts into the
// previous window's key while others count into the next. Two store keys per key, by the
// window's parity, keep both adjacent windows, exactly as Redis would.

#include "engine/algorithms/catalog/catalog.h"
#include "engine/algorithms/limiter/ratelimiter.h"
#include "engine/cluster/clusterspec.h"

#include <memory>
#include <optional>
#include <vector>

namespace ratelab {

class ClusterStore {
public:
    // The store of `algorithm` built as `built` on `mode`, with windows of `windowUs`; scratch
    // slots are numbered from `firstSlot`, above every real key id.
    ClusterStore(const std::string& algorithm, const BuiltLimiter& built, StoreMode mode, Duration windowUs, KeyId firstSlot,
                 SimTime start);

    RateLimiter& state() { return *m_state; }
    const RateLimiter& state() const { return *m_state; }

    // Whether a store key holds one window of a key (see above).
    bool keysPerWindow() const { return m_keysPerWindow; }
    // The store key holding `key`'s state for a decision at `now` on the caller's clock.
    KeyId keyOf(KeyId key, SimTime now) const
    {
        return m_keysPerWindow ? 2 * key + static_cast<KeyId>(floorDiv(now, m_windowUs) & 1) : key;
    }

    // A read of GET/SET and CAS at `now`: a copy of the key's state in a slot of its own, and
    // the key's version as read.
    struct Snapshot {
        KeyId slot;
        std::uint64_t version;
    };
    Snapshot read(KeyId key, SimTime now);
    Decision decideOnSnapshot(KeyId slot, SimTime now, std::uint32_t cost) { return m_scratch->decide(slot, now, cost); }
    // The CAS write of `slot` to `key` at `now`: done, and the version bumped, only when the
    // version is still the one read. The store key written, if it was.
    std::optional<KeyId> compareAndWrite(KeyId key, const Snapshot& read, SimTime now);
    // The blind SET of `slot` to `key` at `now`, whatever was written meanwhile; the store key written.
    KeyId write(KeyId key, KeyId slot, SimTime now)
    {
        const KeyId stored = keyOf(key, now);
        m_state->copyKeyState(*m_scratch, slot, stored);
        return stored;
    }
    // A slot no call uses any more.
    void release(KeyId slot) { m_freeSlots.push_back(slot); }

    // sql_row_lock: when the lock of `key` is free again.
    SimTime& lockFreeAt(KeyId key);

    // memcached with keys per window: its counter, which incr keeps (clustermemcached.cpp).
    bool hasCounter() const { return m_counter != nullptr; }
    // An add of the counter of store key `key` for `window`, or an incr after one: true when
    // the key was absent, so the add stored it.
    bool addCounter(KeyId key, std::int64_t window);
    // The count the add or incr leaves, decided against the limit.
    Decision count(KeyId key, SimTime now, std::uint32_t cost) { return m_counter->decide(key, now, cost); }

private:
    KeyId takeSlot();

    std::unique_ptr<RateLimiter> m_state;
    std::unique_ptr<RateLimiter> m_scratch;
    bool m_keysPerWindow;
    Duration m_windowUs;
    std::vector<KeyId> m_freeSlots;
    KeyId m_nextSlot;
    std::vector<std::uint64_t> m_versions;
    std::vector<SimTime> m_lockFreeAt;
    // memcached on keys per window: the counter incr keeps, which counts every cost it is
    // sent, and per store key the window its counter was added for.
    std::unique_ptr<RateLimiter> m_counter;
    std::vector<std::int64_t> m_counterWindow;
};

}  // namespace ratelab
