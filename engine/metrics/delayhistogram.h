#pragma once
// A log-linear histogram of delays in microseconds: exact below 128 us, then 64 buckets per
// power of two (relative error under 1.6%). Memory is fixed, whatever the number of samples.
// Percentiles report the upper bound of the bucket that holds them, capped at the maximum.

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace ratelab {

class DelayHistogram {
public:
    void add(std::int64_t us);
    // `n` samples of `us` at once (a histogram rebuilt from cumulative(): each bucket's count
    // at its upper bound).
    void add(std::int64_t us, std::int64_t n);
    // Back to empty; touches only the buckets up to the maximum, so a histogram reused for
    // many short intervals costs what its samples span.
    void clear();
    std::int64_t count() const { return m_count; }
    std::int64_t max() const { return m_max; }
    std::int64_t percentile(double share) const;  // share in (0, 1]
    // (upper bound, samples up to it), for the non-empty buckets, rising.
    std::vector<std::pair<std::int64_t, std::int64_t>> cumulative() const;

private:
    static constexpr int kSubBits = 6;
    static constexpr int kLinear = 2 << kSubBits;  // 128 exact buckets
    static constexpr int kBuckets = kLinear + (64 - kSubBits - 1) * (1 << kSubBits);
    static int bucketOf(std::uint64_t us);
    static std::int64_t upperBound(int bucket);

    std::array<std::int64_t, kBuckets> m_counts{};
    std::int64_t m_count = 0;
    std::int64_t m_max = 0;
};

}  // namespace ratelab
