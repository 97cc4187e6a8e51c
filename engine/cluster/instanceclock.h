#pragma once
// An instance's clock: true time plus a fixed offset, a drift in parts per million since the
// scenario start, and scheduled steps (an NTP jump forward or back).

#include "engine/cluster/clusterspec.h"

#include <cmath>

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

private:
    ClockSpec m_spec;
    SimTime m_start = 0;
};

}  // namespace ratelab
