#include "engine/sim/lanememory.h"

#include <algorithm>

namespace ratelab {

LaneMemory::LaneMemory(const Scenario& scenario, bool variableState)
    : m_start(scenario.start), m_end(scenario.start + scenario.duration), m_bucket(scenario.metrics.bucket),
      m_variableState(variableState), m_liveKeys(scenario.start, variableState)  // its live logs are listed at each bucket's end
{
    m_bucketEnd = bucketEnd(0);
}

void LaneMemory::recordShardData(AlgorithmReport& report)
{
    m_shardData = true;
    m_liveKeys.recordProfile();
    report.liveKeysAtBucketEnd.assign(report.liveKeysSeries.size(), 0);
}

SimTime LaneMemory::bucketEnd(std::size_t bucket) const
{
    return std::min(m_end, m_start + static_cast<SimTime>(bucket + 1) * m_bucket);
}

// The live logs' bytes (variable-size state: the sliding log).
std::int64_t LaneMemory::stateBytesNow(const RateLimiter& limiter)
{
    std::int64_t bytes = 0;
    m_liveKeys.forEachLive([&](KeyId key) { bytes += static_cast<std::int64_t>(limiter.stateBytesOf(key)); });
    return bytes;
}

void LaneMemory::closeBucketsUntil(SimTime t, const RateLimiter& limiter, AlgorithmReport& report)
{
    const std::size_t buckets = report.liveKeysSeries.size();
    while (m_bucketsClosed < buckets && m_bucketEnd <= t) {
        // The bucket's peak of live keys; a fixed window's keys all expire at its boundary, so
        // a sample at the bucket's end would miss them. Advanced to the end first, so that the
        // next bucket's peak starts from the keys live at its start.
        m_liveKeys.advance(m_bucketEnd);
        if (m_shardData)
            report.liveKeysAtBucketEnd[m_bucketsClosed] = m_liveKeys.live();
        const std::int64_t live = m_liveKeys.takeIntervalPeak();
        report.liveKeysSeries[m_bucketsClosed] = live;
        const std::int64_t bytes =
            m_variableState ? stateBytesNow(limiter) : live * static_cast<std::int64_t>(limiter.stateBytesPerKey());
        report.stateBytesSeries[m_bucketsClosed] = bytes;
        if (bytes > report.memory.peakStateBytes) {
            report.memory.peakStateBytes = bytes;
            if (m_variableState && m_liveKeys.live() > 0)
                report.memory.stateBytesPerKey = static_cast<double>(bytes) / static_cast<double>(m_liveKeys.live());
        }
        m_bucketEnd = bucketEnd(++m_bucketsClosed);
    }
}

void LaneMemory::finish(const RateLimiter& limiter, AlgorithmReport& report)
{
    closeBucketsUntil(m_end, limiter, report);
    report.memory.peakLiveKeys = m_liveKeys.peak();
    if (m_shardData)
        report.liveKeysProfile = m_liveKeys.profile();
    if (!m_variableState)
        report.memory.stateBytesPerKey = static_cast<double>(limiter.stateBytesPerKey());
}

}  // namespace ratelab
