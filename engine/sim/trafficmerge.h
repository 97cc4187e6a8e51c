#pragma once
// The scenario's fresh requests in time order, from all its sources. One source streams
// straight through; several are merged through the event queue, one pending event per
// source, ties broken by source order.

#include "engine/core/eventqueue.h"
#include "engine/report/report.h"
#include "engine/scenario/scenario.h"
#include "engine/traffic/source.h"

#include <memory>
#include <vector>

namespace ratelab {

class TrafficMerge {
public:
    TrafficMerge(const Scenario& scenario, const Population& population, KeyInterner& recordedKeys);

    // The next fresh request before the scenario's end, or false.
    bool next(Arrival& out);

    // Each source as the report describes it, with what it has read so far.
    std::vector<SourceInfo> describe(const Scenario& scenario) const;

private:
    std::vector<std::unique_ptr<TrafficSource>> m_sources;
    EventQueue<std::pair<std::size_t, Arrival>> m_pending;
    SimTime m_end;
    bool m_ended = false;  // one source: it has gone past the end, pull no more (a log counts what it hands out)
};

}  // namespace ratelab
