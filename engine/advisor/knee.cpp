#include "engine/advisor/knee.h"

#include <cmath>

namespace ratelab {

std::optional<std::size_t> kneeIndex(const std::vector<double>& x, const std::vector<double>& y)
{
    const std::size_t n = std::min(x.size(), y.size());
    if (n < 3)
        return std::nullopt;
    const double dx = x[n - 1] - x[0];
    const double dy = y[n - 1] - y[0];
    if (dx == 0 || dy == 0)
        return std::nullopt;
    std::optional<std::size_t> knee;
    double best = 0;
    for (std::size_t i = 1; i + 1 < n; ++i) {
        const double above = (y[i] - y[0]) / dy - (x[i] - x[0]) / dx;
        if (above > best) {
            best = above;
            knee = i;
        }
    }
    return knee;
}

std::optional<std::size_t> curveKnee(const Recommendation& rec, AdvisorTarget by, std::int64_t total, Duration windowUs)
{
    const ParameterFamily* family = findFamily(rec.algorithm);
    if (!family || total <= 0)
        return std::nullopt;
    std::vector<double> x;
    std::vector<double> y;
    for (const CurvePoint& p : rec.curve) {
        x.push_back(std::log10(sustainedPerSecond(*family, p.value, windowUs)));
        y.push_back(static_cast<double>(keptCount(p, by)) / static_cast<double>(total));
    }
    return kneeIndex(x, y);
}

}  // namespace ratelab
