#pragma once
// An instance's clock: true time plus a fixed offset, a drift in parts per million since the
// scenario start, and scheduled steps (an NTP jump forward or back).

#include "engine/cluster/clusterspec.h"

#include <cmath>
#include <cstddef>
#include <vector>

namespace ratelab {

class InstanceClock {
public:
    InstanceClock() = default;
    InstanceClock(const ClockSpec& spec, SimTime start) : m_spec(spec), m_start(start) {}

    SimTime read(SimTime trueTime) const
    {
        const Duration sinceStart = trueTime - m_start;
        SimTime t = trueTime + m_spec.offset + std::llround(m_spec.driftPpm * static_cast<double>(sinceStart) / 1e6);
        for (const ClockStep& step : m_spec.steps) {
            if (sinceStart >= step.at)
                t += step.by;
        }
        return t;
    }

    // The true times T in (from, to) at which this clock reads a different multiple of
    // `periodUs` than at T - 1: where it enters another epoch-aligned window [kW, (k+1)W), by
    // running into it or by a step (a step back re-enters a window it has left). In order;
    // empty when there would be more than `cap`. Between steps the clock never runs backwards
    // (drift is at least -1e6 ppm), so each crossing is found by bisection.
    std::vector<SimTime> windowStarts(Duration periodUs, SimTime from, SimTime to, std::size_t cap) const;

private:
    ClockSpec m_spec;
    SimTime m_start = 0;
};

}  // namespace ratelab
