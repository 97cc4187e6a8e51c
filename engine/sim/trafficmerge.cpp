#include "engine/sim/trafficmerge.h"

#include "engine/logs/reading/logreader.h"
#include "engine/scenario/scenario.h"

namespace ratelab {
namespace {

// How the report describes a source: its kind, its label and, for a log, what was imported.
SourceInfo describeSource(const SourceSpec& spec, const TrafficSource& source)
{
    SourceInfo info{sourceKindName(spec.kind), spec.label, std::nullopt};
    const LogReader* reader = source.logReader();
    if (!reader)
        return info;
    const ImportSummary& s = reader->summary();
    SourceImport& out = info.import.emplace();
    out.format = formatName(s.format);
    out.complete = reader->finished();
    out.linesRead = s.linesRead;
    out.requestsImported = s.requestsImported;
    out.blankLines = s.blankLines;
    out.directiveLines = s.directiveLines;
    out.skipped = s.skippedTotal();
    for (int p = 0; p < kLineProblemCount; ++p) {
        if (const std::int64_t lines = s.skippedFor(static_cast<LineProblem>(p)))
            out.skippedByReason.emplace_back(problemId(static_cast<LineProblem>(p)), lines);
    }
    for (const LineWarning& w : s.problems)
        out.firstSkipped.push_back({w.line, std::string(problemId(w.problem)), w.field});
    out.reorderedLines = s.reorderedLines;
    out.shrankFrom = s.shrankFrom;
    out.shrankTo = s.shrankTo;
    return info;
}

}  // namespace

TrafficMerge::TrafficMerge(const Scenario& scenario, const Population& population, KeyInterner& recordedKeys)
    : m_end(scenario.start + scenario.duration)
{
    for (std::size_t i = 0; i < scenario.traffic.size(); ++i)
        m_sources.push_back(makeSource(scenario.traffic[i], scenario.seed, scenario.start, population, i, recordedKeys));
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

}  // namespace ratelab
