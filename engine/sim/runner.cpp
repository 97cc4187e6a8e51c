// runScenario: one pass over the scenario's traffic, every lane deciding each fresh request.

#include "engine/sim/runner.h"

#include "engine/scenario/scenarioio.h"
#include "engine/scenario/workestimate.h"
#include "engine/sim/clusterlane.h"
#include "engine/sim/lane.h"
#include "engine/sim/trafficmerge.h"

#include <array>
#include <span>
#include <type_traits>

namespace ratelab {
namespace {

constexpr std::int64_t kCheckEvery = 4096;  // requests between progress and cancel checks
// Fresh requests are decided a batch at a time, lane by lane: each lane then works on its own
// state only and prefetches it a few requests ahead. A divisor of kCheckEvery.
constexpr std::size_t kBatch = 1024;

// Pairwise disagreement of lanes on the same fresh requests.
class ShadowComparison {
public:
    template <class LaneType>
    ShadowComparison(const std::vector<std::unique_ptr<LaneType>>& lanes, std::int64_t examples) : m_examples(examples)
    {
        for (std::size_t a = 0; a < lanes.size(); ++a) {
            for (std::size_t b = a + 1; b < lanes.size(); ++b) {
                ShadowPair pair;
                pair.a = lanes[a]->id();
                pair.b = lanes[b]->id();
                m_pairs.push_back(std::move(pair));
            }
        }
    }

    template <class LaneType>
    void record(const std::vector<std::uint8_t>& allowed, const Arrival& arrival, SimTime start,
                const std::vector<std::unique_ptr<LaneType>>& lanes)
    {
        std::size_t p = 0;
        for (std::size_t a = 0; a < allowed.size(); ++a) {
            for (std::size_t b = a + 1; b < allowed.size(); ++b, ++p) {
                if (allowed[a] == allowed[b])
                    continue;
                ShadowPair& pair = m_pairs[p];
                const bool aRejects = !allowed[a];
                std::int64_t& count = aRejects ? pair.aRejectsBAllows : pair.bRejectsAAllows;
                auto& examples = aRejects ? pair.aRejectsBAllowsExamples : pair.bRejectsAAllowsExamples;
                ++count;
                if (static_cast<std::int64_t>(examples.size()) < m_examples)
                    examples.push_back({arrival.t - start, lanes[a]->keyName(lanes[a]->keyOf(arrival))});
            }
        }
    }

    std::vector<ShadowPair> take() { return std::move(m_pairs); }

private:
    std::vector<ShadowPair> m_pairs;
    std::int64_t m_examples;
};

// One pass over the traffic through every lane. Single-instance lanes decide at once, so
// their decisions are also compared pairwise; cluster lanes decide when the store answers.
template <class LaneType>
Report runLanes(const Scenario& scenario, RunControl& control)
{
    constexpr bool kImmediate = std::is_same_v<LaneType, Lane>;
    Population population(scenario.population, scenario.endpoints);
    KeyInterner recordedKeys;
    std::vector<std::unique_ptr<LaneType>> lanes;
    for (std::size_t i = 0; i < scenario.algorithms.size(); ++i)
        lanes.push_back(std::make_unique<LaneType>(scenario.algorithms[i], scenario, population, recordedKeys, i));
    TrafficMerge traffic(scenario, population, recordedKeys);
    ShadowComparison shadow(lanes, scenario.metrics.shadowExamples);

    Report report;
    report.scenario = {scenario.name, scenario.seed, scenario.duration, scenario.start, {}};
    report.bucketUs = scenario.metrics.bucket;
    report.offeredSeries.assign(static_cast<std::size_t>(ceilDivPositive(scenario.duration, scenario.metrics.bucket)), 0);

    std::array<Arrival, kBatch> batch;
    std::vector<std::array<std::uint8_t, kBatch>> allowedByLane(lanes.size());
    std::vector<std::uint8_t> allowed(lanes.size());
    std::vector<bool> clientSeen;
    std::int64_t count = 0;
    control.report(0, "traffic");
    for (;;) {
        std::size_t size = 0;
        while (size < kBatch && traffic.next(batch[size]))
            ++size;
        if (size == 0)
            break;
        const std::span<const Arrival> arrivals(batch.data(), size);
        for (std::size_t i = 0; i < lanes.size(); ++i) {
            if constexpr (kImmediate) {
                lanes[i]->offer(arrivals, allowedByLane[i].data());
            } else {
                for (const Arrival& arrival : arrivals)
                    lanes[i]->offer(arrival);
            }
        }
        for (std::size_t r = 0; r < size; ++r) {
            const Arrival& arrival = batch[r];
            const SimTime offset = arrival.t - scenario.start;
            report.offeredSeries[std::min<std::size_t>(static_cast<std::size_t>(offset / scenario.metrics.bucket),
                                                       report.offeredSeries.size() - 1)] += arrival.cost;
            if constexpr (kImmediate) {
                std::size_t allowedBy = 0;
                for (std::size_t i = 0; i < lanes.size(); ++i)
                    allowedBy += (allowed[i] = allowedByLane[i][r]);
                if (allowedBy != 0 && allowedBy != lanes.size())  // else no pair disagrees
                    shadow.record(allowed, arrival, scenario.start, lanes);
            }
            if (arrival.client >= clientSeen.size())
                clientSeen.resize(std::max<std::size_t>(arrival.client + 1, clientSeen.size() * 2), false);
            if (!clientSeen[arrival.client]) {
                clientSeen[arrival.client] = true;
                ++report.distinctClients;
            }
            if (++count % kCheckEvery == 0) {
                if (control.cancelled())
                    throw Cancelled{};
                control.report(static_cast<int>(std::clamp<std::int64_t>(offset * 1000 / scenario.duration, 0, 999)), "traffic");
            }
        }
    }
    report.uniqueRequests = count;
    report.scenario.sources = traffic.describe(scenario);
    control.report(999, "metrics");
    for (auto& lane : lanes) {
        lane->finish();
        report.algorithms.push_back(lane->takeReport());
    }
    if constexpr (kImmediate)
        report.shadow = shadow.take();
    control.report(1000, "done");
    return report;
}

}  // namespace

void checkRunnable(const Scenario& scenario, WorkLimit limit)
{
    if (auto problems = validateScenario(scenario); !problems.empty())
        throw ScenarioError(scenario.name, std::move(problems));
    if (limit == WorkLimit::Capped) {
        if (auto problem = workOverCap(scenario))
            throw ScenarioError(scenario.name, {std::move(*problem)});
    }
}

Report runScenario(const Scenario& scenario, RunControl& control, WorkLimit limit)
{
    checkRunnable(scenario, limit);
    if (scenario.cluster)
        return runLanes<ClusterLane>(scenario, control);
    return runLanes<Lane>(scenario, control);
}

}  // namespace ratelab
