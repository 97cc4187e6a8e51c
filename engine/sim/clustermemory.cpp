#include "engine/sim/clustermemory.h"

#include <algorithm>

namespace ratelab {

ClusterMemory::ClusterMemory(SimTime start, SimTime end, Duration bucket, std::optional<Sizing> store,
                             const std::vector<Sizing>& instances)
    : m_start(start), m_end(end), m_bucket(bucket), m_total(start, false)
{
    if (store)
        m_store.emplace(Place<LiveKeys>{LiveKeys(start, store->limiter != nullptr), *store});
    m_instances.reserve(instances.size());
    for (const Sizing& sizing : instances)
        m_instances.push_back(Place<InstanceLiveKeys>{InstanceLiveKeys(start, sizing.limiter != nullptr), sizing});
    const auto buckets = static_cast<std::size_t>(ceilDivPositive(end - start, bucket));
    m_liveKeysSeries.assign(buckets, 0);
    m_stateBytesSeries.assign(buckets, 0);
    m_bucketEnd = bucketEnd(0);
}

SimTime ClusterMemory::bucketEnd(std::size_t bucket) const
{
    return std::min(m_end, m_start + static_cast<SimTime>(bucket + 1) * m_bucket);
}

// As a lane: fixed-size state counts the bucket's peak of live keys (a fixed window's keys all
// expire at its boundary, which a sample at the bucket's end would miss); variable state sums
// the keys live at its end.
template <class Keys>
ClusterMemory::Sample ClusterMemory::closeBucket(Place<Keys>& place, SimTime end)
{
    place.live.advance(end);  // first, so the next bucket starts from the keys live at its start
    const std::int64_t peak = place.live.takeIntervalPeak();
    Sample s;
    if (place.sizing.limiter) {
        s.keys = place.live.live();
        place.live.forEachLive([&](KeyId key) { s.bytes += static_cast<std::int64_t>(place.sizing.limiter->stateBytesOf(key)); });
    } else {
        s.keys = peak;
        s.bytes = peak * static_cast<std::int64_t>(place.sizing.bytesPerKey);
    }
    place.peakBytes = std::max(place.peakBytes, s.bytes);
    return s;
}

void ClusterMemory::closeBucketsUntil(SimTime t)
{
    while (m_bucketsClosed < m_liveKeysSeries.size() && m_bucketEnd <= t) {
        Sample total;
        const auto add = [&](Sample s) {
            total.keys += s.keys;
            total.bytes += s.bytes;
        };
        if (m_store)
            add(closeBucket(*m_store, m_bucketEnd));
        for (auto& instance : m_instances)
            add(closeBucket(instance, m_bucketEnd));
        m_total.advance(m_bucketEnd);
        m_liveKeysSeries[m_bucketsClosed] = m_total.takeIntervalPeak();
        m_stateBytesSeries[m_bucketsClosed] = total.bytes;
        if (total.bytes > m_peakBytes) {
            m_peakBytes = total.bytes;
            m_bytesPerKeyAtPeak = static_cast<double>(total.bytes) / static_cast<double>(total.keys);
        }
        m_bucketEnd = bucketEnd(++m_bucketsClosed);
    }
}

void ClusterMemory::finish(AlgorithmReport& report, const char* heldBy)
{
    closeBucketsUntil(m_end);
    MemoryStats& memory = report.memory;
    memory.peakLiveKeys = m_total.peak();
    memory.peakStateBytes = m_peakBytes;
    if (m_peakBytes > 0)
        memory.stateBytesPerKey = m_bytesPerKeyAtPeak;
    memory.heldBy = heldBy;
    if (m_store)
        memory.store = HeldState{m_store->live.peak(), m_store->peakBytes};
    memory.instances.clear();
    for (const auto& instance : m_instances)
        memory.instances.push_back(HeldState{instance.live.peak(), instance.peakBytes});
    report.liveKeysSeries = std::move(m_liveKeysSeries);
    report.stateBytesSeries = std::move(m_stateBytesSeries);
}

}  // namespace ratelab
