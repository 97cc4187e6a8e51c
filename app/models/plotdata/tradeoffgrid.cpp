#include "app/models/plotdata/tradeoffgrid.h"

#include <QCoreApplication>

#include <cmath>
#include <limits>

namespace ratelab {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("TradeoffChart", text);
}

}  // namespace

void TradeoffGrid::setCurve(std::shared_ptr<const AdvisorResult> result, int recommendation, AdvisorTarget by, double draggedX)
{
    m_result = std::move(result);
    m_recommendation = recommendation;
    m_by = by;
    rebuild(draggedX);
}

void TradeoffGrid::setUnit(fmt::RateUnit unit)
{
    const int target = m_target;
    m_unit = unit;
    rebuild(std::numeric_limits<double>::quiet_NaN());
    if (target >= 0 && target < size())
        m_target = target;
}

void TradeoffGrid::rebuild(double draggedX)
{
    m_curve = TradeoffCurve(m_result, m_recommendation, m_by);
    m_x.clear();
    double mostRejected = 0;
    const bool tooFew = tooFewKeys();
    for (int i = 0; i < (tooFew ? 0 : m_curve.size()); ++i) {
        m_x.append(std::log10(fmt::rateIn(m_curve.limitPerSecond(i), m_unit)));
        mostRejected = std::max(mostRejected, 100 * m_curve.point(i).requestsRejectedShare);
    }
    m_target = tooFew ? -1 : m_curve.recommended();
    if (std::isfinite(draggedX))
        for (int i = 0; i < size(); ++i)
            if (m_target < 0 || std::abs(m_x[i] - draggedX) < std::abs(m_x[m_target] - draggedX))
                m_target = i;
    if (!m_x.isEmpty())
        m_xRange = {std::log10(fmt::niceFloor(std::pow(10.0, m_x.front()))),
                    std::log10(fmt::niceCeil(std::pow(10.0, m_x.back())))};
    const double step = fmt::niceStep(std::max(mostRejected, 0.1), 5);
    m_rejectedTop = std::ceil(std::max(mostRejected, 0.1) / step) * step;
}

bool TradeoffGrid::tooFewKeys() const
{
    const AdvisorResult* advice = m_curve.result();
    return advice && advice->keys > 0 && advice->keys < kMinKeysForCurves;
}

double TradeoffGrid::limitAt(int index) const
{
    return index >= 0 && index < size() ? m_curve.limitPerSecond(index) : 0.0;
}

const CurvePoint* TradeoffGrid::targetPoint() const
{
    return m_target >= 0 && m_target < size() ? &m_curve.point(m_target) : nullptr;
}

bool TradeoffGrid::setTarget(int index)
{
    if (m_x.isEmpty())
        return false;
    index = std::clamp(index, 0, size() - 1);
    if (index == m_target)
        return false;
    m_target = index;
    return true;
}

int TradeoffGrid::nearest(double x) const
{
    int best = 0;
    for (int i = 1; i < size(); ++i)
        if (std::abs(m_x[i] - x) < std::abs(m_x[best] - x))
            best = i;
    return best;
}

QString TradeoffGrid::readout() const
{
    const CurvePoint* p = targetPoint();
    if (!p)
        return {};
    const QString limit = fmt::rate(limitAt(m_target), m_unit);
    const QString rejected = fmt::share(p->requestsRejectedShare, 2);
    if (m_curve.by() == AdvisorTarget::Requests)
        return tr("%1: %2 of requests from keys never throttled (%3 of keys), %4 of requests rejected")
            .arg(limit, fmt::share(m_curve.keptShare(m_target)), fmt::share(p->keysUnthrottledShare), rejected);
    return tr("%1: %2 of keys never throttled, %3 of requests rejected")
        .arg(limit, fmt::share(p->keysUnthrottledShare), rejected);
}

QString TradeoffGrid::emptySentence() const
{
    const AdvisorResult* advice = m_curve.result();
    if (!advice)
        return tr("The advisor's curve appears once a log is imported");
    if (tooFewKeys())
        return tr("Only %1 keys: too few for a curve of shares (%2 at least);\nthe recommendation below still holds for them")
            .arg(advice->keys)
            .arg(kMinKeysForCurves);
    return tr("No curve for this algorithm");
}

}  // namespace ratelab
