#pragma once
// Draws an index with probability proportional to its weight: the first index whose
// cumulative share exceeds a uniform u in [0, 1), exactly as std::upper_bound over the
// cumulative shares would find it. A guide table (Chen and Asau, 1974) narrows the search
// to the few entries between u's neighbouring multiples of 1 / M, so a draw from 100,000
// Zipf-weighted clients reads two or three cache lines instead of 17 levels of bisection.

#include <cstdint>
#include <span>
#include <vector>

namespace ratelab {

class CdfSampler {
public:
    CdfSampler() = default;
    explicit CdfSampler(const std::vector<double>& weights);

    bool empty() const { return m_cdf.empty(); }
    // The drawn index for u in [0, 1) (the last index if rounding leaves u above every share).
    std::uint32_t operator()(double u) const;
    // The same for many draws at once, their memory reads overlapped.
    void drawMany(std::span<const double> draws, std::span<std::uint32_t> indices) const;

private:
    std::vector<double> m_cdf;           // cumulative shares, the last one 1
    std::vector<std::uint32_t> m_guide;  // [j] = the first index whose share exceeds j / M; M + 1 entries
    double m_slots = 0;                  // M, a power of two, so u x M and j / M are exact

    std::size_t slotOf(double u) const { return static_cast<std::size_t>(u * m_slots); }
};

}  // namespace ratelab
