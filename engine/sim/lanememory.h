#pragma once
// The state a single-instance lane holds (report.h MemoryStats): its live keys, a key live from
// a decision until its reset_after has passed (engine/metrics/livekeys.h), and their bytes,
// closed into the report's live-key and state series at the end of each metric bucket, which
// is also the bucket a decision counts in. For a shard's run it also keeps what merging the
// shards needs. The cluster's counterpart, place by place, is ClusterMemory.
// It never decides nor holds a limiter: the lane lends it the one that sizes the state.

#include "engine/algorithms/limiter/ratelimiter.h"
#include "engine/metrics/livekeys.h"
#include "engine/report/report.h"
#include "engine/scenario/scenario.h"

#include <span>

namespace ratelab {

class LaneMemory {
public:
    // `variableState`: the sliding log's, whose bytes per key vary: its live logs are summed.
    LaneMemory(const Scenario& scenario, bool variableState);

    // Also reports liveKeysAtBucketEnd and liveKeysProfile. Before the first decision.
    void recordShardData(AlgorithmReport& report);

    // Whether a decision at `t` comes after the end of its bucket: closeBucketsUntil(t) first.
    bool bucketsDue(SimTime t) const { return t >= m_bucketEnd; }
    // Closes the buckets that end by `t` (before the end); `limiter` (the first tier's) sizes
    // the keys' state.
    void closeBucketsUntil(SimTime t, const RateLimiter& limiter, AlgorithmReport& report);
    // The bucket of the decision being made: the first not closed.
    std::size_t bucket() const { return m_bucketsClosed; }
    void touch(KeyId key, SimTime now, Duration resetAfter) { m_liveKeys.touch(key, now, resetAfter); }
    void prefetch(std::span<const KeyId> keys) const { m_liveKeys.prefetch(keys); }

    // Closes the remaining buckets and fills the report's memory figures (but the Redis bytes).
    void finish(const RateLimiter& limiter, AlgorithmReport& report);

private:
    SimTime bucketEnd(std::size_t bucket) const;
    std::int64_t stateBytesNow(const RateLimiter& limiter);  // of the keys live as of the last m_liveKeys.advance()

    SimTime m_start, m_end;
    Duration m_bucket;
    bool m_variableState;
    bool m_shardData = false;
    LiveKeys m_liveKeys;
    std::size_t m_bucketsClosed = 0;  // also the bucket of the decision being made
    SimTime m_bucketEnd = 0;          // the end of bucket m_bucketsClosed
};

}  // namespace ratelab
