#include "engine/metrics/delayhistogram.h"

#include <algorithm>
#include <bit>

namespace ratelab {

int DelayHistogram::bucketOf(std::uint64_t us)
{
    if (us < static_cast<std::uint64_t>(kLinear))
        return static_cast<int>(us);
    const int exponent = std::bit_width(us) - 1;  // >= kSubBits + 1
    const int shift = exponent - kSubBits;
    const int sub = static_cast<int>((us >> shift) & ((1u << kSubBits) - 1));
    return kLinear + (exponent - kSubBits - 1) * (1 << kSubBits) + sub;
}

std::int64_t DelayHistogram::upperBound(int bucket)
{
    if (bucket < kLinear)
        return bucket;
    const int index = bucket - kLinear;
    const int exponent = index / (1 << kSubBits) + kSubBits + 1;
    const int sub = index % (1 << kSubBits);
    const int shift = exponent - kSubBits;
    const std::uint64_t low = (std::uint64_t{1} << exponent) | (static_cast<std::uint64_t>(sub) << shift);
    return static_cast<std::int64_t>(low + (std::uint64_t{1} << shift) - 1);
}

void DelayHistogram::add(std::int64_t us)
{
    us = std::max<std::int64_t>(0, us);
    ++m_counts[bucketOf(static_cast<std::uint64_t>(us))];
    ++m_count;
    m_max = std::max(m_max, us);
}

void DelayHistogram::add(std::int64_t us, std::int64_t n)
{
    us = std::max<std::int64_t>(0, us);
    m_counts[bucketOf(static_cast<std::uint64_t>(us))] += n;
    m_count += n;
    if (n > 0)
        m_max = std::max(m_max, us);
}

void DelayHistogram::clear()
{
    if (m_count == 0)
        return;
    std::fill_n(m_counts.begin(), bucketOf(static_cast<std::uint64_t>(m_max)) + 1, 0);
    m_count = 0;
    m_max = 0;
}

std::int64_t DelayHistogram::percentile(double share) const
{
    if (m_count == 0)
        return 0;
    const auto rank = static_cast<std::int64_t>(share * static_cast<double>(m_count) + 0.999999);
    std::int64_t seen = 0;
    for (int b = 0; b < kBuckets; ++b) {
        seen += m_counts[b];
        if (seen >= std::max<std::int64_t>(1, rank))
            return std::min(upperBound(b), m_max);
    }
    return m_max;
}

std::vector<std::pair<std::int64_t, std::int64_t>> DelayHistogram::cumulative() const
{
    std::vector<std::pair<std::int64_t, std::int64_t>> out;
    std::int64_t seen = 0;
    for (int b = 0; b < kBuckets; ++b) {
        if (m_counts[b] == 0)
            continue;
        seen += m_counts[b];
        out.emplace_back(std::min(upperBound(b), m_max), seen);
    }
    return out;
}

}  // namespace ratelab
