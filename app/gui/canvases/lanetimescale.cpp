#include "app/gui/canvases/lanetimescale.h"

#include "app/gui/canvases/lanepaint.h"

#include <algorithm>
#include <cmath>

namespace ratelab {

namespace {
constexpr int kAutoSteps = 60;  // requests visible in the automatic span
constexpr int kFitSteps = 30;   // requests on either side of a step a fitted burst holds at most

}  // namespace

void LaneTimeScale::setRequests(std::vector<SimTime> atUs)
{
    m_atUs = std::move(atUs);
    m_spanSeconds = 0;
    m_fittedFrom.reset();
}

qint64 LaneTimeScale::firstUs() const
{
    return m_atUs.empty() ? 0 : m_atUs.front();
}

qint64 LaneTimeScale::lastUs() const
{
    return m_atUs.empty() ? 0 : m_atUs.back();
}

void LaneTimeScale::fitAround(int step)
{
    const int n = requestCount();
    if (step < 0 || step >= n)
        return;
    const std::vector<SimTime>& at = m_atUs;
    // The neighbourhood's median gap; the burst is what lies within four of them of the next.
    std::vector<qint64> gaps;
    for (int i = std::max(1, step - 15); i <= std::min(n - 1, step + 15); ++i)
        gaps.push_back(at[std::size_t(i)] - at[std::size_t(i - 1)]);
    if (gaps.empty())
        return;
    std::nth_element(gaps.begin(), gaps.begin() + gaps.size() / 2, gaps.end());
    const qint64 near = std::max<qint64>(1000, 4 * gaps[gaps.size() / 2]);
    int lo = step;
    int hi = step;
    while (lo > 0 && step - lo < kFitSteps && at[std::size_t(lo)] - at[std::size_t(lo - 1)] <= near)
        --lo;
    while (hi + 1 < n && hi - step < kFitSteps && at[std::size_t(hi + 1)] - at[std::size_t(hi)] <= near)
        ++hi;
    fitSpan(at[std::size_t(lo)], at[std::size_t(hi)]);
}

void LaneTimeScale::fitSpan(qint64 fromUs, qint64 toUs)
{
    const double extent = std::max(0.02, seconds(toUs - fromUs));
    m_spanSeconds = extent * 1.5;
    m_fittedFrom = seconds(fromUs) - extent * 0.25;
}

void LaneTimeScale::zoom(double notches)
{
    const auto range = visibleSeconds();
    const double span = range.second - range.first;
    m_spanSeconds = std::max(0.01, span * std::pow(1.25, -notches));
    if (m_frozenRange) {  // around the middle
        const double mid = (range.first + range.second) / 2;
        m_frozenRange = std::make_pair(mid - m_spanSeconds / 2, mid + m_spanSeconds / 2);
    }
    m_fittedFrom.reset();
}

void LaneTimeScale::setFrozen(bool frozen)
{
    m_frozenRange.reset();
    if (frozen)
        m_frozenRange = visibleSeconds();
}

std::pair<double, double> LaneTimeScale::visibleSeconds() const
{
    if (m_frozenRange)
        return *m_frozenRange;
    if (m_atUs.empty())
        return {0, 1};
    const double first = seconds(m_atUs.front());
    const double last = seconds(m_atUs.back());
    const double total = std::max(1e-3, last - first);
    double span = m_spanSeconds;
    if (span <= 0) {
        const std::size_t k = std::min<std::size_t>(m_atUs.size() - 1, kAutoSteps);
        span = std::max(0.05, seconds(m_atUs[k]) - first);
    }
    const double pad = 0.04;
    if (span >= total)
        return {first - total * pad, last + total * pad};
    const double now = seconds(m_nowUs);
    // A range fitted to a burst stays while the cursor is in it; else the cursor sits at two
    // thirds of the width.
    if (m_fittedFrom && now >= *m_fittedFrom && now <= *m_fittedFrom + span)
        return {*m_fittedFrom, *m_fittedFrom + span};
    double lo = now - span * 2.0 / 3.0;
    lo = std::clamp(lo, first - span * pad, last + span * pad - span);
    return {lo, lo + span};
}

void LaneTimeScale::setLayout(const QRectF& plot, double requestLanesBottom)
{
    m_plot = plot;
    m_requestLanesBottom = requestLanesBottom;
}

bool LaneTimeScale::onRequestLanes(QPointF at) const
{
    return at.y() >= m_plot.top() && at.y() <= m_requestLanesBottom && at.x() >= m_plot.left();
}

qint64 LaneTimeScale::timeAt(double x) const
{
    const auto range = visibleSeconds();
    return qint64(std::llround((range.first + (x - m_plot.left()) / m_plot.width() * (range.second - range.first)) * 1e6));
}

QPointF LaneTimeScale::requestPoint(int lane, qint64 atUs) const
{
    return {toX(seconds(atUs), m_plot, visibleSeconds()),
            m_plot.top() + lane * (kRequestLaneHeight + kLaneGap) + kRequestLaneHeight / 2};
}

int LaneTimeScale::requestNear(QPointF at) const
{
    if (m_atUs.empty() || at.y() < m_plot.top() || at.y() > m_requestLanesBottom)
        return -1;
    int best = -1;
    double bestDistance = kDotRadius * 1.6;
    for (std::size_t i = 0; i < m_atUs.size(); ++i) {
        const double d = std::abs(requestPoint(0, m_atUs[i]).x() - at.x());
        if (d < bestDistance) {
            best = int(i);
            bestDistance = d;
        }
    }
    return best;
}

double LaneTimeScale::toX(double s, const QRectF& rect, const std::pair<double, double>& range)
{
    return rect.left() + (s - range.first) / (range.second - range.first) * rect.width();
}

QRectF LaneTimeScale::spanRect(const QRectF& rect, const std::pair<double, double>& range, qint64 fromUs, qint64 toUs)
{
    const double x0 = std::max(rect.left(), xAt(fromUs, rect, range));
    const double x1 = std::min(rect.right(), xAt(toUs, rect, range));
    return QRectF(x0, rect.top(), std::max(0.0, x1 - x0), rect.height());
}

}  // namespace ratelab
