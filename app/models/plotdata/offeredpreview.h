#pragma once
// The offered load of a scenario's traffic before it runs, for the traffic editor's preview:
// each source's arrivals per second over the scenario's duration, drawn by the engine's own
// sources (so what the preview shows is what a run offers), with no limiter in the way.

#include "engine/scenario/scenario.h"

#include <QString>

#include <vector>

namespace ratelab::offeredpreview {

struct Preview {
    double bucketSeconds = 0;
    std::vector<std::vector<double>> perSecond;  // per source, per bucket: arrivals per second
    bool truncated = false;                      // a source stopped at the arrival cap; its tail is not drawn
    QString problem;                             // a source could not be read (a missing trace); nothing drawn
};

// `buckets` buckets over the duration; each source stops after `maxArrivals` arrivals.
Preview of(const Scenario& scenario, int buckets = 60, std::size_t maxArrivals = 500'000);

}  // namespace ratelab::offeredpreview
