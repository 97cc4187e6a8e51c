#pragma once
// The distribution of one number over keys (a per-key rate): nearest-rank percentiles, a
// histogram with power-of-two bins, which reads well on a log axis, and the exact CDF.

#include <cstdint>
#include <vector>

namespace ratelab {

struct Percentile {
    double quantile = 0;  // 0.5, 0.9, 0.99, 0.999, 1.0
    std::int64_t value = 0;
};

struct HistogramBin {
    std::int64_t lower = 0;  // inclusive
    std::int64_t upper = 0;  // exclusive: bins are [2^k, 2^(k+1)); values below 1 go to [0, 1)
    std::int64_t keys = 0;
};

// One step of the empirical CDF: how many keys have a value at or below `value`.
struct CdfStep {
    std::int64_t value = 0;
    std::int64_t keys = 0;
};

struct Distribution {
    std::int64_t count = 0;               // keys
    std::vector<Percentile> percentiles;  // p50, p90, p99, p99.9, max
    std::vector<HistogramBin> histogram;  // from the bin of the smallest value to the largest's, empty bins kept
    std::vector<CdfStep> cdf;             // one step per distinct value, ascending; the last has all keys
};

// Nearest rank: the p-quantile of n sorted values is the value at rank ceil(p x n) (1-based),
// so p50 of {1, 2, 3, 4} is 2 and the max is the p100.
std::int64_t nearestRank(const std::vector<std::int64_t>& sorted, double quantile);

// `values` need not be sorted. An empty input gives count 0 and no percentiles or bins.
Distribution describe(std::vector<std::int64_t> values);

}  // namespace ratelab
