#pragma once
// The state a cluster holds, place by place: the shared store's keys (one per rate-limit key,
// or one per window for an INCR + EXPIRE counter) and each instance's own (local state,
// local_sync counters, the local fallback's buckets). A key of a place is live from a write
// until its reset_after has passed, in true time, as a store's TTL runs: the live-key
// semantics of a lane (engine/metrics/livekeys.h), kept for each place and for the total.
// The total's live keys are exact at every moment a key comes to life anywhere; bytes are
// sampled at the end of each bucket, each place's as a lane samples its own, and summed.

#include "engine/algorithms/limiter/ratelimiter.h"
#include "engine/metrics/livekeys.h"
#include "engine/report/report.h"

#include <optional>
#include <vector>

namespace ratelab {

class ClusterMemory {
public:
    // How a place sizes a key's state: a fixed number of bytes, or, with `limiter` (variable
    // state: the sliding log), what that limiter says of each live key.
    struct Sizing {
        std::size_t bytesPerKey = 0;
        const RateLimiter* limiter = nullptr;
    };

    // Buckets of `bucket` from `start` to `end`, as the lane's series. No store: nullopt;
    // instances that hold nothing: an empty list.
    ClusterMemory(SimTime start, SimTime end, Duration bucket, std::optional<Sizing> store, const std::vector<Sizing>& instances);

    // A write of `key`'s state at true time `now`, idle again after `resetAfter`.
    void touchStore(KeyId key, SimTime now, Duration resetAfter) { touch(*m_store, key, now, resetAfter); }
    void touchInstance(std::size_t instance, KeyId key, SimTime now, Duration resetAfter)
    {
        touch(m_instances[instance], key, now, resetAfter);
    }

    // Closes the remaining buckets and fills the report's memory and its live-key and state
    // series (the totals); `heldBy` names the places.
    void finish(AlgorithmReport& report, const char* heldBy);

private:
    template <class Keys>
    struct Place {
        Keys live;
        Sizing sizing;
        std::int64_t peakBytes = 0;
    };
    // A place's keys and bytes at the end of a bucket.
    struct Sample {
        std::int64_t keys = 0;
        std::int64_t bytes = 0;
    };

    template <class Keys>
    void touch(Place<Keys>& place, KeyId key, SimTime now, Duration resetAfter)
    {
        if (now >= m_bucketEnd) [[unlikely]]
            closeBucketsUntil(now);
        const SimTime before = place.live.expiryOf(key);
        place.live.touch(key, now, resetAfter);
        const SimTime after = place.live.expiryOf(key);
        if (after == before)
            return;
        if (before > now)
            m_total.countMove(now, before, after);
        else
            m_total.countLive(now, after);
    }
    template <class Keys>
    static Sample closeBucket(Place<Keys>& place, SimTime end);
    void closeBucketsUntil(SimTime t);
    SimTime bucketEnd(std::size_t bucket) const;

    SimTime m_start, m_end;
    Duration m_bucket;
    std::optional<Place<LiveKeys>> m_store;
    std::vector<Place<InstanceLiveKeys>> m_instances;
    LiveKeys m_total;  // every place's keys, counted without their ids
    std::vector<std::int64_t> m_liveKeysSeries, m_stateBytesSeries;
    std::size_t m_bucketsClosed = 0;
    SimTime m_bucketEnd = 0;  // of bucket m_bucketsClosed
    std::int64_t m_peakBytes = 0;
    double m_bytesPerKeyAtPeak = 0;  // the mean over the keys whose bytes made the peak
};

}  // namespace ratelab
