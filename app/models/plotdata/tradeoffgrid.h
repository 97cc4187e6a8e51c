#pragma once
// Where the trade-off chart stands on its curve (gui-guide.md 4.3), apart from how it draws:
// the curve (TradeoffCurve) with each grid point's limit on the chart's x (log10 of the limit
// in the view's rate unit), the target point, the share the keep handle shows, and the x and
// right-axis extents the chart is drawn over. None of it depends on pixels.

#include "app/models/plotdata/tradeoffcurve.h"
#include "app/models/text/formatting.h"

#include <QList>
#include <QString>

#include <utility>

namespace ratelab {

class TradeoffGrid {
public:
    // The curve of result->recommendations[recommendation] counted by `by`; the target on the
    // recommended point, or where `draggedX` (the line held mid-drag; NaN: none) is nearest.
    void setCurve(std::shared_ptr<const AdvisorResult> result, int recommendation, AdvisorTarget by, double draggedX);
    // Another rate unit: x changes, the target stays on its point.
    void setUnit(fmt::RateUnit unit);
    fmt::RateUnit unit() const { return m_unit; }

    const TradeoffCurve& curve() const { return m_curve; }
    int size() const { return int(m_x.size()); }  // 0: no curve (or too few keys for one)
    double xAt(int index) const { return m_x[index]; }
    double limitAt(int index) const;  // as a sustained rate, req/s
    bool tooFewKeys() const;          // the advisor's result has too few keys for a curve
    std::pair<double, double> xRange() const { return m_xRange; }
    double rejectedTop() const { return m_rejectedTop; }  // the right axis' top, percent

    int target() const { return m_target; }
    const CurvePoint* targetPoint() const;
    bool setTarget(int index);  // clamped; false when it stays where it was (or there is no curve)
    // The grid point nearest to x (on the chart's x).
    int nearest(double x) const;
    std::int64_t keepPpm() const { return m_keepPpm; }
    void setKeep(std::int64_t ppm) { m_keepPpm = ppm; }

    // "720 req/min: 99.0% of keys never throttled, 0.42% of requests rejected".
    QString readout() const;
    // The sentence shown instead of an empty curve.
    QString emptySentence() const;

private:
    void rebuild(double draggedX);

    std::shared_ptr<const AdvisorResult> m_result;
    int m_recommendation = -1;
    AdvisorTarget m_by = AdvisorTarget::Keys;
    TradeoffCurve m_curve;
    QList<double> m_x;
    fmt::RateUnit m_unit = fmt::RateUnit::PerMinute;
    int m_target = -1;
    std::int64_t m_keepPpm = AdvisorOptions{}.targetPpm;
    std::pair<double, double> m_xRange{0, 1};
    double m_rejectedTop = 100;
};

}  // namespace ratelab
