// keyHistory and busiestKeys: the Learn view's view of one key through one lane.

#include "engine/sim/keyhistory.h"

#include "engine/algorithms/limiter/statecurve.h"
#include "engine/core/growtohold.h"
#include "engine/core/runcontrol.h"
#include "engine/scenario/scenarioio.h"
#include "engine/sim/clusterlane.h"
#include "engine/sim/keymatch.h"
#include "engine/sim/lane.h"
#include "engine/sim/runner.h"
#include "engine/sim/trafficmerge.h"

#include <algorithm>
#include <deque>

namespace ratelab {
namespace {

// Runs the lane `algorithmId` over the traffic and calls onStep(step, limiter) for each
// decision of `key`, until it returns true or the traffic ends. Cancellable.
template <class OnStep>
void scanKey(const Scenario& scenario, const std::string& algorithmId, const std::string& key, RunControl& control, OnStep onStep)
{
    checkRunnable(scenario);
    const std::size_t index = laneIndex(scenario, algorithmId);
    Population population(scenario.population, scenario.endpoints);
    KeyInterner recordedKeys;
    Lane lane(scenario.algorithms[index], scenario, population, recordedKeys, index);
    TrafficMerge traffic(scenario, population, recordedKeys);
    KeyMatch isTarget(key);
    bool done = false;
    lane.setObserver([&](const Lane::Step& step, const RateLimiter& limiter) {
        if (done)
            return;
        if (isTarget(step.key, lane))
            done = onStep(step, limiter);
    });
    Arrival a;
    std::int64_t n = 0;
    while (!done && traffic.next(a)) {
        lane.offer(a);
        if (++n % kRequestsBetweenChecks == 0 && control.cancelled())
            throw Cancelled{};
    }
}

// The cluster's own decisions of one key, beside the exact lane that keyHistory follows: the
// same arrivals through the cluster lane of the same algorithm, each decision matched to the
// step of the request it decided by arrival time (the n-th of the key's first tries arriving
// at t to the n-th step at t; retries are the exact lane's own).
class ClusterFollower {
public:
    ClusterFollower(const Scenario& scenario, const Population& population, const KeyInterner& recordedKeys, std::size_t index,
                    const std::string& key)
        : m_start(scenario.start), m_lane(scenario.algorithms[index], scenario, population, recordedKeys, index), m_isTarget(key)
    {
        m_lane.setObserver([this](const ClusterLane::Decided& d) {
            if (m_isTarget(d.key, m_lane))
                m_decided.push_back(d);
        });
    }

    void offer(const Arrival& a) { m_lane.offer(a); }

    // Decides the calls still in flight and gives each first try of `history` its decision.
    void attachTo(KeyHistory& history)
    {
        m_lane.finish();
        std::stable_sort(m_decided.begin(), m_decided.end(),
                         [](const ClusterLane::Decided& x, const ClusterLane::Decided& y) { return x.arrivedAt < y.arrivedAt; });
        std::size_t next = 0;
        for (KeyStep& step : history.steps) {
            if (step.retry)
                continue;
            const SimTime arrived = m_start + step.atUs;
            while (next < m_decided.size() && m_decided[next].arrivedAt < arrived)
                ++next;
            if (next == m_decided.size() || m_decided[next].arrivedAt != arrived)
                continue;
            const ClusterLane::Decided& d = m_decided[next++];
            step.cluster = ClusterDecision{d.allowed, d.instance, d.t - m_start, d.by};
        }
    }

private:
    SimTime m_start;
    ClusterLane m_lane;
    KeyMatch m_isTarget;
    std::vector<ClusterLane::Decided> m_decided;
};

}  // namespace

std::size_t laneIndex(const Scenario& scenario, const std::string& id)
{
    for (std::size_t i = 0; i < scenario.algorithms.size(); ++i) {
        if (scenario.algorithms[i].id == id)
            return i;
    }
    throw ScenarioError(scenario.name, {{"algorithms", "no algorithm with id '" + id + "'"}});
}

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
        growToHold(requests, key, 0);
        ++requests[key];
        if (++n % kRequestsBetweenChecks == 0 && control.cancelled())
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

KeyHistory keyHistory(const Scenario& scenario, const std::string& algorithmId, const std::string& key, SimTime fromUs,
                      std::size_t maxSteps, RunControl& control)
{
    checkRunnable(scenario);
    const std::size_t index = laneIndex(scenario, algorithmId);
    const AlgorithmSpec& spec = scenario.algorithms[index];
    Population population(scenario.population, scenario.endpoints);
    KeyInterner recordedKeys;
    Lane lane(spec, scenario, population, recordedKeys, index);
    TrafficMerge traffic(scenario, population, recordedKeys);
    std::optional<ClusterFollower> cluster;
    if (scenario.cluster)
        cluster.emplace(scenario, population, recordedKeys, index, key);

    KeyHistory history;
    history.algorithmId = algorithmId;
    history.key = key;

    KeyMatch isTarget(key);
    std::unique_ptr<DecisionArithmetic> before;
    // The last step's curve waits for the key's next request, which ends it.
    bool curvePending = false;
    KeyId targetId = 0;
    std::uint32_t targetTier = 0;
    lane.setBeforeObserver([&](KeyId id, SimTime t, const RateLimiter& limiter) {
        if (!isTarget(id, lane))
            return;
        if (curvePending) {
            KeyStep& last = history.steps.back();
            last.curve = stateCurve(limiter, id, scenario.start + last.atUs, t, scenario.start);
            curvePending = false;
        }
        before = limiter.arithmetic(id, t);
    });
    lane.setObserver([&](const Lane::Step& step, const RateLimiter& limiter) {
        if (!isTarget(step.key, lane) || history.steps.size() >= maxSteps || step.t - scenario.start < fromUs)
            return;
        targetId = step.key;
        targetTier = step.tier;
        curvePending = true;
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
        if (before)
            before->shift(scenario.start);
        out.arithmetic = std::move(before);
        history.steps.push_back(std::move(out));
    });

    Arrival a;
    std::int64_t n = 0;
    while ((history.steps.size() < maxSteps || curvePending) && traffic.next(a)) {
        lane.offer(a);
        if (cluster)
            cluster->offer(a);
        if (++n % kRequestsBetweenChecks == 0 && control.cancelled())
            throw Cancelled{};
    }
    if (cluster)
        cluster->attachTo(history);
    if (curvePending) {  // no request of the key after the last step: its state to the end
        KeyStep& last = history.steps.back();
        last.curve = stateCurve(lane.limiter(targetTier), targetId, scenario.start + last.atUs,
                                scenario.start + scenario.duration, scenario.start);
    }
    return history;
}

std::optional<SimTime> nextRejection(const Scenario& scenario, const std::string& algorithmId, const std::string& key,
                                     SimTime fromUs, RunControl& control)
{
    std::optional<SimTime> found;
    scanKey(scenario, algorithmId, key, control, [&](const Lane::Step& step, const RateLimiter&) {
        const SimTime at = step.t - scenario.start;
        if (at >= fromUs && !step.decision.allowed)
            found = at;
        return found.has_value();
    });
    return found;
}

std::optional<KeyBurst> nextBurst(const Scenario& scenario, const std::string& algorithmId, const std::string& key,
                                  SimTime fromUs, RunControl& control)
{
    std::optional<KeyBurst> burst;
    std::deque<SimTime> window;  // the key's requests in the window ending at the latest, at most quota + 1
    scanKey(scenario, algorithmId, key, control, [&](const Lane::Step& step, const RateLimiter& limiter) {
        const SimTime at = step.t - scenario.start;
        if (at < fromUs)
            return false;
        if (burst) {  // extending it: requests within the window from its first
            if (at >= burst->firstUs + burst->windowUs)
                return true;
            burst->lastUs = at;
            ++burst->requests;
            return false;
        }
        const QuotaPolicy policy = limiter.policy();
        window.push_back(at);
        while (window.front() <= at - policy.windowUs)
            window.pop_front();
        if (static_cast<std::int64_t>(window.size()) > policy.quota)
            burst = KeyBurst{window.front(), at, static_cast<std::int64_t>(window.size()), policy.quota, policy.windowUs};
        return false;
    });
    return burst;
}

std::optional<std::string> sameRequestKey(const Scenario& scenario, const std::string& algorithmId, const std::string& key,
                                          const std::string& otherId, RunControl& control)
{
    checkRunnable(scenario);
    const std::size_t index = laneIndex(scenario, algorithmId);
    const std::size_t otherIndex = laneIndex(scenario, otherId);
    Population population(scenario.population, scenario.endpoints);
    KeyInterner recordedKeys;
    const Lane lane(scenario.algorithms[index], scenario, population, recordedKeys, index);
    const Lane other(scenario.algorithms[otherIndex], scenario, population, recordedKeys, otherIndex);
    TrafficMerge traffic(scenario, population, recordedKeys);
    KeyMatch isTarget(key);
    Arrival a;
    std::int64_t n = 0;
    while (traffic.next(a)) {
        if (isTarget(lane.keyOf(a), lane))
            return other.keyName(other.keyOf(a));
        if (++n % kRequestsBetweenChecks == 0 && control.cancelled())
            throw Cancelled{};
    }
    return std::nullopt;
}

}  // namespace ratelab
