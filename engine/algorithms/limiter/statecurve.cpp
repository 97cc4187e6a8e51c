// stateCurve and curveValueAt: a key's state between two of its decisions as breakpoints.

#include "engine/algorithms/limiter/statecurve.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ratelab {
namespace {

// Whether two values computed differently from `base` are the same number. Compared as
// offsets from `base`: a time of day at an epoch instant (1.7e15 us) moves by microseconds.
bool same(double base, double a, double b)
{
    const double da = a - base;
    const double db = b - base;
    return std::abs(da - db) <= 1e-12 * std::max({1.0, std::abs(da), std::abs(db)});
}

// Drops the points that lie on the line through their neighbours (at distinct times): what
// is left is the curve's true corners and jumps.
void dropStraightPoints(std::vector<StatePoint>& points)
{
    std::size_t kept = 0;
    for (std::size_t i = 0; i < points.size(); ++i) {
        if (kept > 0 && i + 1 < points.size()) {
            const StatePoint& a = points[kept - 1];
            const StatePoint& p = points[i];
            const StatePoint& b = points[i + 1];
            if (a.t < p.t && p.t < b.t
                && same(a.value, p.value,
                        a.value + (b.value - a.value) * static_cast<double>(p.t - a.t) / static_cast<double>(b.t - a.t)))
                continue;
        }
        points[kept++] = points[i];
    }
    points.resize(kept);
}

}  // namespace

double curveValueAt(const StateCurve& curve, SimTime t)
{
    const auto& p = curve.points;
    if (p.empty())
        return 0;
    // The last point at or before t, and the one after it.
    const auto after = std::upper_bound(p.begin(), p.end(), t, [](SimTime x, const StatePoint& c) { return x < c.t; });
    if (after == p.begin())
        return p.front().value;
    const StatePoint& a = *(after - 1);
    if (after == p.end())
        return curve.cut && t > a.t ? std::numeric_limits<double>::quiet_NaN() : a.value;
    const StatePoint& b = *after;
    return a.value + (b.value - a.value) * static_cast<double>(t - a.t) / static_cast<double>(b.t - a.t);
}

std::vector<StateCurve> stateCurve(const RateLimiter& limiter, KeyId key, SimTime from, SimTime to)
{
    const std::vector<StateValue> first = limiter.inspect(key, from);
    if (first.empty())
        return {};
    std::vector<SimTime> times = limiter.stateBreaks(key, from, to);
    times.erase(std::remove_if(times.begin(), times.end(), [&](SimTime t) { return t <= from || t > to; }), times.end());
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    // stateBreaks() stops at kMaxStateBreaks: from there on the span may hold more than it
    // said, so the curve ends at that break.
    const bool cut = times.size() >= kMaxStateBreaks;
    if (cut) {
        times.resize(kMaxStateBreaks);
        to = times.back();
    }
    times.insert(times.begin(), from);
    if (times.back() != to)
        times.push_back(to);

    std::vector<StateCurve> curves(first.size());
    for (std::size_t v = 0; v < first.size(); ++v) {
        curves[v].name = first[v].name;
        curves[v].unit = first[v].unit;
        curves[v].cut = cut;
    }
    // Between two breaks the value is linear over whole microseconds: the segment [a, b) is
    // its value at a and, when it does not run on into b's value, its line continued to b
    // (a vertical jump at b). A segment one microsecond long is its one value.
    std::vector<StateValue> atA = first;
    for (std::size_t i = 0; i + 1 < times.size(); ++i) {
        const SimTime a = times[i];
        const SimTime b = times[i + 1];
        const std::vector<StateValue> atB = limiter.inspect(key, b);
        const std::vector<StateValue> beforeB = b - a >= 2 ? limiter.inspect(key, b - 1) : std::vector<StateValue>{};
        for (std::size_t v = 0; v < curves.size(); ++v) {
            curves[v].points.push_back({a, atA[v].value});
            if (beforeB.empty())
                continue;
            const double slope = (beforeB[v].value - atA[v].value) / static_cast<double>(b - 1 - a);
            const double reached = atA[v].value + slope * static_cast<double>(b - a);
            if (!same(atA[v].value, reached, atB[v].value))
                curves[v].points.push_back({b, reached});
        }
        atA = atB;
    }
    for (std::size_t v = 0; v < curves.size(); ++v) {
        curves[v].points.push_back({to, atA[v].value});
        dropStraightPoints(curves[v].points);
    }
    return curves;
}

std::vector<StateCurve> stateCurve(const RateLimiter& limiter, KeyId key, SimTime from, SimTime to, SimTime origin)
{
    std::vector<StateCurve> curves = stateCurve(limiter, key, from, to);
    for (StateCurve& c : curves) {
        for (StatePoint& p : c.points)
            p.t -= origin;
    }
    return curves;
}

}  // namespace ratelab
