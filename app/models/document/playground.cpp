#include "app/models/document/playground.h"

#include "app/models/text/decisiontext.h"

#include <algorithm>

namespace ratelab {

void Playground::reset(const KeyHistory& from)
{
    m_requests.clear();
    for (const KeyStep& step : from.steps)
        if (!step.retry)
            m_requests.push_back({step.atUs, step.cost});
}

int Playground::add(SimTime atUs, int count, Duration spacingUs)
{
    atUs = std::max<SimTime>(0, atUs);
    // After any request at the same time: a click beside a dot adds the next one.
    const auto at =
        std::upper_bound(m_requests.begin(), m_requests.end(), atUs, [](SimTime t, const PlayRequest& r) { return t < r.atUs; });
    const int first = int(at - m_requests.begin());
    for (int i = 0; i < count; ++i)
        m_requests.push_back({atUs + spacingUs * i, 1});
    std::stable_sort(m_requests.begin(), m_requests.end(),
                     [](const PlayRequest& a, const PlayRequest& b) { return a.atUs < b.atUs; });
    return first;
}

int Playground::move(int index, SimTime atUs)
{
    if (index < 0 || index >= int(m_requests.size()))
        return index;
    PlayRequest moved = m_requests[std::size_t(index)];
    moved.atUs = std::max<SimTime>(0, atUs);
    m_requests.erase(m_requests.begin() + index);
    const auto at = std::upper_bound(m_requests.begin(), m_requests.end(), moved.atUs,
                                     [](SimTime t, const PlayRequest& r) { return t < r.atUs; });
    const int now = int(at - m_requests.begin());
    m_requests.insert(at, moved);
    return now;
}

void Playground::remove(int index)
{
    if (index >= 0 && index < int(m_requests.size()))
        m_requests.erase(m_requests.begin() + index);
}

std::vector<KeyHistory> Playground::histories(const Scenario& scenario, const std::vector<std::string>& ids,
                                              const std::string& key) const
{
    std::vector<KeyHistory> out;
    for (const std::string& id : ids) {
        out.push_back(playKey(scenario, id, key, m_requests));
        wordDecisions(out.back());
    }
    return out;
}

}  // namespace ratelab
