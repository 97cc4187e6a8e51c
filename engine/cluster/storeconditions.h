#pragma once
// What the store looks like from one instance at one moment: its round-trip latency (from the
// latency model, plus any "slow" outage) and whether it answers at all (a "down" outage, the
// down half of a "flapping" one, or a partition that cuts this instance off).

#include "engine/cluster/clusterspec.h"
#include "engine/core/random.h"

namespace ratelab {

class StoreConditions {
public:
    StoreConditions(const LatencySpec& latency, std::vector<OutageSpec> outages, SimTime start)
        : m_latency(latency), m_outages(std::move(outages)), m_start(start)
    {}

    // A round trip, in microseconds (>= 2 so each direction takes time).
    Duration sampleRoundTrip(RandomStream& rng, std::size_t instance, SimTime t) const;
    bool reachable(std::size_t instance, SimTime t) const;
    // Whether any outage affects this instance at t (for counting decisions during outages).
    bool inOutage(std::size_t instance, SimTime t) const;

private:
    bool applies(const OutageSpec& o, std::size_t instance, SimTime t) const;

    LatencySpec m_latency;
    std::vector<OutageSpec> m_outages;
    SimTime m_start;
};

}  // namespace ratelab
