#include "app/models/plotdata/offeredpreview.h"

#include "engine/traffic/population.h"
#include "engine/traffic/source.h"

#include <exception>

namespace ratelab::offeredpreview {

Preview of(const Scenario& scenario, int buckets, std::size_t maxArrivals)
{
    Preview out;
    if (buckets <= 0 || scenario.duration <= 0)
        return out;
    out.bucketSeconds = double(scenario.duration) / 1e6 / buckets;
    try {
        const Population population(scenario.population, scenario.endpoints);
        KeyInterner recordedKeys;
        const SimTime end = scenario.start + scenario.duration;
        for (std::size_t i = 0; i < scenario.traffic.size(); ++i) {
            auto source = makeSource(scenario.traffic[i], scenario.seed, scenario.start, population, i, recordedKeys);
            std::vector<double> counts(std::size_t(buckets), 0.0);
            Arrival a;
            std::size_t n = 0;
            while (source->next(a) && a.t < end) {
                if (++n > maxArrivals) {
                    out.truncated = true;
                    break;
                }
                if (a.t < scenario.start)
                    continue;
                const auto b = std::size_t(double(a.t - scenario.start) / double(scenario.duration) * buckets);
                counts[std::min(b, counts.size() - 1)] += 1;
            }
            for (double& c : counts)
                c /= out.bucketSeconds;
            out.perSecond.push_back(std::move(counts));
        }
    } catch (const std::exception& e) {
        out.perSecond.clear();
        out.problem = QString::fromStdString(e.what());
    }
    return out;
}

}  // namespace ratelab::offeredpreview
