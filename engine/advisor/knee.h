#pragma once
// The knee of the advisor's trade-off curve: where raising the limit stops buying much. The
// curve is the share kept never throttled (y, linear) against the limit (x, log), as the Logs
// view draws it. Both are scaled to [0, 1] between the curve's first and last points, so
// that the chord joining them is y = x; the knee is the point farthest above that chord (the
// largest y - x, which is proportional to the distance from the chord), the first of equals.
// This is "Kneedle" (Satopaa et al., 2011) on the grid points themselves, without smoothing.
// A curve with fewer than three points, with equal first and last x or y, or with no point
// above the chord (straight or convex) has no knee.

#include "engine/advisor/advisor.h"

#include <optional>
#include <vector>

namespace ratelab {

// The knee of points (x[i], y[i]), x ascending; its index.
std::optional<std::size_t> kneeIndex(const std::vector<double>& x, const std::vector<double>& y);

// The knee of a recommendation's curve: x = log10 of the limit as a sustained rate (req/s),
// y = the share kept never throttled as `by` counts it, out of `total` keys or requests.
std::optional<std::size_t> curveKnee(const Recommendation& rec, AdvisorTarget by, std::int64_t total, Duration windowUs);

}  // namespace ratelab
