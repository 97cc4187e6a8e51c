#include "engine/advisor/distribution.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace ratelab {

namespace {

constexpr double kQuantiles[] = {0.5, 0.9, 0.99, 0.999, 1.0};

// Index of the power-of-two bin holding v: 0 for [0, 1) and [1, 2) is 1, [2, 4) is 2, ...
int binOf(std::int64_t v)
{
    return v < 1 ? 0 : std::bit_width(static_cast<std::uint64_t>(v));
}

}  // namespace

std::int64_t nearestRank(const std::vector<std::int64_t>& sorted, double quantile)
{
    if (sorted.empty())
        return 0;
    const auto n = static_cast<std::int64_t>(sorted.size());
    // ceil(q x n) in integers, with q in parts per million (all the quantiles used are exact there).
    const auto ppm = static_cast<std::int64_t>(std::llround(quantile * 1e6));
    std::int64_t rank = (ppm * n + 999'999) / 1'000'000;
    rank = std::clamp<std::int64_t>(rank, 1, n);
    return sorted[static_cast<std::size_t>(rank - 1)];
}

Distribution describe(std::vector<std::int64_t> values)
{
    Distribution d;
    d.count = static_cast<std::int64_t>(values.size());
    if (values.empty())
        return d;
    std::sort(values.begin(), values.end());
    for (double q : kQuantiles)
        d.percentiles.push_back({q, nearestRank(values, q)});
    const int first = binOf(values.front());
    const int last = binOf(values.back());
    for (int b = first; b <= last; ++b) {
        const std::int64_t lower = b == 0 ? 0 : std::int64_t{1} << (b - 1);
        const std::int64_t upper = b == 0 ? 1 : std::int64_t{1} << b;
        d.histogram.push_back({lower, upper, 0});
    }
    for (std::size_t i = 0; i < values.size(); ++i) {
        ++d.histogram[static_cast<std::size_t>(binOf(values[i]) - first)].keys;
        // The last of a run of equal values closes its CDF step.
        if (i + 1 == values.size() || values[i + 1] != values[i])
            d.cdf.push_back({values[i], static_cast<std::int64_t>(i + 1)});
    }
    return d;
}

}  // namespace ratelab
