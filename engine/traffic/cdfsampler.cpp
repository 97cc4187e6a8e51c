#include "engine/traffic/cdfsampler.h"

#include <algorithm>
#include <bit>

namespace ratelab {

CdfSampler::CdfSampler(const std::vector<double>& weights) : m_cdf(weights.size())
{
    double sum = 0;
    for (std::size_t i = 0; i < weights.size(); ++i)
        m_cdf[i] = (sum += weights[i]);
    for (double& c : m_cdf)
        c /= sum;

    const std::size_t slots = std::bit_ceil(std::max<std::size_t>(weights.size(), 1));
    m_slots = static_cast<double>(slots);
    m_guide.resize(slots + 1);
    std::uint32_t first = 0;
    for (std::size_t j = 0; j <= slots; ++j) {
        const double bound = static_cast<double>(j) / m_slots;
        while (first < m_cdf.size() && m_cdf[first] <= bound)
            ++first;
        m_guide[j] = first;
    }
}

std::uint32_t CdfSampler::operator()(double u) const
{
    // j / M <= u < (j + 1) / M, so the answer lies between the guide entries of j and j + 1.
    const std::size_t j = slotOf(u);
    const auto begin = m_cdf.begin() + m_guide[j];
    const auto end = m_cdf.begin() + m_guide[j + 1];
    const auto found = static_cast<std::size_t>(std::upper_bound(begin, end, u) - m_cdf.begin());
    return static_cast<std::uint32_t>(std::min(found, m_cdf.size() - 1));
}

void CdfSampler::drawMany(std::span<const double> draws, std::span<std::uint32_t> indices) const
{
    // Three passes, each issuing all its loads before the next needs them: the guide
    // entries, then the first shares of each range, then the searches.
    for (const double u : draws)
        __builtin_prefetch(&m_guide[slotOf(u)]);
    for (const double u : draws)
        __builtin_prefetch(m_cdf.data() + m_guide[slotOf(u)]);
    for (std::size_t i = 0; i < draws.size(); ++i)
        indices[i] = (*this)(draws[i]);
}

}  // namespace ratelab
