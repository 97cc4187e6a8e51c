#pragma once
// A lane's decisions by endpoint (report.h EndpointStats), when the scenario has several: each
// endpoint's requests, allowed and rejected, in number and in cost, and the per-endpoint limit
// that decides it. Arrivals that pass undecided count as allowed, so the breakdown adds up to
// the lane's counts.
// It never decides: it counts the decisions it is handed.

#include "engine/report/report.h"
#include "engine/scenario/scenario.h"
#include "engine/sim/lanelimits.h"
#include "engine/traffic/population.h"

#include <vector>

namespace ratelab {

class EndpointBreakdown {
public:
    // With fewer than two endpoints, or recorded keys, nothing is counted.
    EndpointBreakdown(const Population& population, KeyStrategy keys);

    bool counted() const { return !m_counts.empty(); }
    // Only when counted(): the lane tests it first, so that a lane without the breakdown loads
    // nothing of the attempt for it.
    void count(std::uint32_t endpoint, std::uint32_t cost, bool allowed)
    {
        Counts& counts = m_counts[endpoint];
        ++counts.requests;
        if (allowed) {
            ++counts.allowed;
            counts.allowedCost += cost;
        } else {
            ++counts.rejected;
            counts.rejectedCost += cost;
        }
    }

    // The report's endpoints, each under its limit's path when `limits` has one for it.
    void finish(const LaneLimits& limits, const AlgorithmSpec& spec, AlgorithmReport& report) const;

private:
    struct Counts {
        std::int64_t requests = 0, allowed = 0, rejected = 0, allowedCost = 0, rejectedCost = 0;
    };

    const Population& m_population;
    std::vector<Counts> m_counts;  // by endpoint
};

}  // namespace ratelab
