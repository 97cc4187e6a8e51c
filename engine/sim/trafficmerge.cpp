#include "engine/sim/trafficmerge.h"

namespace ratelab {

TrafficMerge::TrafficMerge(const Scenario& scenario, const Population& population, KeyInterner& recordedKeys)
    : m_end(scenario.start + scenario.duration)
{
    for (std::size_t i = 0; i < scenario.traffic.size(); ++i)
        m_sources.push_back(makeSource(scenario.traffic[i], scenario, population, i, recordedKeys));
    if (m_sources.size() > 1) {
        for (std::size_t i = 0; i < m_sources.size(); ++i) {
            Arrival a;
            if (m_sources[i]->next(a) && a.t < m_end)
                m_pending.push(a.t, {i, a});
        }
    }
}

bool TrafficMerge::next(Arrival& out)
{
    if (m_sources.size() == 1) {
        m_ended = m_ended || !(m_sources.front()->next(out) && out.t < m_end);
        return !m_ended;
    }
    if (m_pending.empty())
        return false;
    auto event = m_pending.pop();
    out = event.payload.second;
    const std::size_t source = event.payload.first;
    Arrival following;
    if (m_sources[source]->next(following) && following.t < m_end)
        m_pending.push(following.t, {source, following});
    return true;
}

std::vector<SourceInfo> TrafficMerge::describe(const Scenario& scenario) const
{
    std::vector<SourceInfo> out;
    for (std::size_t i = 0; i < m_sources.size(); ++i)
        out.push_back(describeSource(scenario.traffic[i], *m_sources[i]));
    return out;
}

} // namespace ratelab
