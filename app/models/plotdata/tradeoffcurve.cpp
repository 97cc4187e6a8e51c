#include "app/models/plotdata/tradeoffcurve.h"

#include "engine/advisor/knee.h"

namespace ratelab {

TradeoffCurve::TradeoffCurve(std::shared_ptr<const AdvisorResult> result, int recommendation, AdvisorTarget by)
    : m_result(std::move(result)), m_by(by)
{
    if (!m_result || recommendation < 0 || std::size_t(recommendation) >= m_result->recommendations.size())
        return;
    m_recommendation = &m_result->recommendations[std::size_t(recommendation)];
    m_total = targetTotal(*m_result, by);
    const ParameterFamily* family = findFamily(m_recommendation->algorithm);
    if (!family)
        return;
    for (std::size_t i = 0; i < m_recommendation->curve.size(); ++i) {
        const CurvePoint& p = m_recommendation->curve[i];
        m_limitPerSecond.push_back(sustainedPerSecond(*family, p.value, m_result->options.windowUs));
        if (p.value == m_recommendation->value)
            m_recommended = int(i);
    }
    m_knee = curveKnee(*m_recommendation, by, m_total, m_result->options.windowUs);
}

double TradeoffCurve::keptShare(int i) const
{
    return m_total > 0 ? double(keptCount(point(i), m_by)) / double(m_total) : 1.0;
}

std::int64_t TradeoffCurve::keptPpm(int i) const
{
    return ratelab::keptPpm(point(i), m_by, m_total);
}

int TradeoffCurve::firstMeeting(std::int64_t ppm) const
{
    return size() > 0 ? int(firstPointMeeting(m_recommendation->curve, ppm, m_by, m_total)) : 0;
}

}  // namespace ratelab
