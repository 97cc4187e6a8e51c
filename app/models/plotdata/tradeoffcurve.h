#pragma once
// One recommendation's trade-off curve as the Logs view draws and moves along it (gui-guide.md
// 4.3): each grid point's limit as a sustained rate (req/s), the share it keeps never
// throttled as the target counts it (keys, or the requests of such keys) and the share of
// requests it rejects; the recommended point, the knee (engine/advisor/knee.h), and the
// targets a point meets. Built whole from an AdvisorResult; a copy shares the result.

#include "engine/advisor/advisor.h"

#include <memory>
#include <optional>
#include <vector>

namespace ratelab {

// Fewer keys than this and the Logs view's distribution and curve say so instead of drawing:
// shares of a handful of keys move in steps of a third or a half and read as a trend.
inline constexpr std::int64_t kMinKeysForCurves = 10;

class TradeoffCurve {
public:
    TradeoffCurve() = default;  // no curve
    // The curve of result->recommendations[recommendation] counted by `by`; none for a null
    // result, an index out of range or an algorithm without a parameter family.
    TradeoffCurve(std::shared_ptr<const AdvisorResult> result, int recommendation, AdvisorTarget by);

    const AdvisorResult* result() const { return m_result.get(); }
    const Recommendation* recommendation() const { return m_recommendation; }
    AdvisorTarget by() const { return m_by; }

    // Grid points, by value ascending; 0 when there is no curve.
    int size() const { return int(m_limitPerSecond.size()); }
    const CurvePoint& point(int i) const { return m_recommendation->curve[std::size_t(i)]; }
    double limitPerSecond(int i) const { return m_limitPerSecond[std::size_t(i)]; }
    // The share of point i kept never throttled as by() counts it (1 when there is nothing to count).
    double keptShare(int i) const;
    // The largest target (ppm) point i meets.
    std::int64_t keptPpm(int i) const;
    // The first point meeting a target of `ppm`, else the last; 0 without a curve.
    int firstMeeting(std::int64_t ppm) const;
    // The recommended point; -1 without a curve.
    int recommended() const { return m_recommended; }
    std::optional<std::size_t> knee() const { return m_knee; }

private:
    std::shared_ptr<const AdvisorResult> m_result;
    const Recommendation* m_recommendation = nullptr;
    AdvisorTarget m_by = AdvisorTarget::Keys;
    std::int64_t m_total = 0;  // what a target counts over: the result's keys or requests
    std::vector<double> m_limitPerSecond;
    int m_recommended = -1;
    std::optional<std::size_t> m_knee;
};

}  // namespace ratelab
