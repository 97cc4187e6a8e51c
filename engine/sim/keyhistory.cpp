// keyHistory and busiestKeys: the Learn view's view of one key through one lane.

#include "engine/sim/keyhistory.h"

#include "engine/scenario/scenarioio.h"
#include "engine/scenario/workestimate.h"
#include "engine/sim/explain.h"
#include "engine/sim/lane.h"
#include "engine/sim/trafficmerge.h"

#include <algorithm>

namespace ratelab {
namespace {

constexpr std::int64_t kCheckEvery = 4096;

std::size_t laneIndex(const Scenario& scenario, const std::string& id)
{
    for (std::size_t i = 0; i < scenario.algorithms.size(); ++i) {
        if (scenario.algorithms[i].id == id)
            return i;
    }
    throw ScenarioError(scenario.name, {{"algorithms", "no algorithm with id '" + id + "'"}});
}

// What runScenario refuses, these refuse too: they read the same traffic.
void checkRunnable(const Scenario& scenario)
{
    if (auto problems = validateScenario(scenario); !problems.empty())
        throw ScenarioError(scenario.name, std::move(problems));
    if (auto problem = workOverCap(scenario))
        throw ScenarioError(scenario.name, {std::move(*problem)});
}

std::string describeParams(const ParamValues& params)
{
    std::string out;
    for (const auto& [k, v] : params)
        out += (out.empty() ? "" : ", ") + k + " " + v;
    return out;
}

} // namespace

std::vector<std::string> busiestKeys(const Scenario& scenario, std::size_t count, RunControl& control)
{
    checkRunnable(scenario);
    Population population(scenario.population, scenario.endpoints);
    KeyInterner recordedKeys;
    Lane lane(scenario.algorithms.front(), scenario, population, recordedKeys, 0);
    TrafficMerge traffic(scenario, population, recordedKeys);
    std::vector<std::int64_t> requests;
    Arrival a;
    std::int64_t n = 0;
    while (traffic.next(a)) {
        const KeyId key = lane.keyOf(a);
        if (key >= requests.size())
            requests.resize(std::max<std::size_t>(key + 1, requests.size() * 2), 0);
        ++requests[key];
        if (++n % kCheckEvery == 0 && control.cancelled())
            throw Cancelled{};
    }
    std::vector<KeyId> order(requests.size());
    for (KeyId k = 0; k < order.size(); ++k)
        order[k] = k;
    const std::size_t top = std::min(count, order.size());
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(top), order.end(),
                      [&](KeyId x, KeyId y) { return requests[x] != requests[y] ? requests[x] > requests[y] : x < y; });
    std::vector<std::string> names;
    for (std::size_t i = 0; i < top && requests[order[i]] > 0; ++i)
        names.push_back(lane.keyName(order[i]));
    return names;
}

KeyHistory keyHistory(const Scenario& scenario, const std::string& algorithmId, const std::string& key,
                      std::size_t maxSteps, RunControl& control)
{
    checkRunnable(scenario);
    const std::size_t index = laneIndex(scenario, algorithmId);
    const AlgorithmSpec& spec = scenario.algorithms[index];
    Population population(scenario.population, scenario.endpoints);
    KeyInterner recordedKeys;
    Lane lane(spec, scenario, population, recordedKeys, index);
    TrafficMerge traffic(scenario, population, recordedKeys);

    KeyHistory history;
    history.algorithmId = algorithmId;
    history.key = key;
    const AlgorithmInfo* info = findAlgorithm(spec.algorithm);

    std::vector<std::int8_t> matches;  // per key id: -1 unknown, 0 no, 1 yes
    const auto isTarget = [&](KeyId id) {
        if (id >= matches.size())
            matches.resize(std::max<std::size_t>(id + 1, matches.size() * 2), -1);
        if (matches[id] < 0)
            matches[id] = lane.keyName(id) == key ? 1 : 0;
        return matches[id] == 1;
    };
    std::vector<StateValue> before;
    lane.setBeforeObserver([&](KeyId id, SimTime t, const RateLimiter& limiter) {
        if (isTarget(id))
            before = limiter.inspect(id, t);
    });
    lane.setObserver([&](const Lane::Step& step, const RateLimiter& limiter) {
        if (!isTarget(step.key) || history.steps.size() >= maxSteps)
            return;
        if (history.limits.empty()) {
            history.limits = limiter.limits();
            history.policy = limiter.policy();
        }
        KeyStep out;
        out.atUs = step.t - scenario.start;
        out.cost = step.cost;
        out.clientId = step.client;
        out.retry = step.retry;
        out.decision = step.decision;
        out.state = limiter.inspect(step.key, step.t);
        out.sentence = explainDecision({info->family, spec.algorithm, out.atUs, scenario.start, step.cost, step.decision,
                                        before, out.state, limiter.limits(), describeParams(spec.params)});
        history.steps.push_back(std::move(out));
    });

    Arrival a;
    std::int64_t n = 0;
    while (history.steps.size() < maxSteps && traffic.next(a)) {
        lane.offer(a);
        if (++n % kCheckEvery == 0 && control.cancelled())
            throw Cancelled{};
    }
    return history;
}

} // namespace ratelab
