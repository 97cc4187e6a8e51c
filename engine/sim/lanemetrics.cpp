#include "engine/sim/lanemetrics.h"

namespace ratelab {

LaneMetrics::LaneMetrics(const AlgorithmSpec& spec, const Scenario& scenario, const BuiltLimiter& built, KeyStrategy keys,
                         const NominalLimit& nominal)
    : m_window(nominal.windowUs), m_start(scenario.start)
{
    m_report.id = spec.id;
    m_report.algorithm = spec.algorithm;
    m_report.family = built.info->family;
    if (built.info->preset)
        m_report.preset = spec.algorithm;
    m_report.params = built.params;
    m_report.keys = keyStrategyName(keys);
    const auto buckets = static_cast<std::size_t>(ceilDivPositive(scenario.duration, scenario.metrics.bucket));
    m_report.allowedSeries.assign(buckets, 0);
    m_report.rejectedSeries.assign(buckets, 0);
    m_report.liveKeysSeries.assign(buckets, 0);
    m_report.stateBytesSeries.assign(buckets, 0);
    m_report.peakBurst.windowUs = nominal.windowUs;
    m_report.peakBurst.limit = std::llround(nominal.limitCost);
    m_report.peakBurst.nominal = nominal.limitCost;
}

void LaneMetrics::finish(const LaneKeys& keys)
{
    m_report.acceptance = m_report.requests ? static_cast<double>(m_report.allowed) / static_cast<double>(m_report.requests) : 0;
    if (m_peakRatio < 0)
        m_report.peakBurst.ratio = 0;
    else
        m_report.peakBurst.key = keys.name(m_peakKey);
    m_report.backend.limiterBefore = m_report.allowedCost;
    m_report.backend.limiterAfter = m_report.allowedCost + m_report.rejectedCost;
}

}  // namespace ratelab
