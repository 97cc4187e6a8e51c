#include "engine/check/redischeck.h"

#include "engine/backend/redisdecider.h"
#include "engine/core/runcontrol.h"
#include "engine/limitconfig/limitexport.h"
#include "engine/sim/lane.h"
#include "engine/sim/runner.h"
#include "engine/sim/trafficmerge.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>

namespace ratelab {
namespace {

constexpr std::size_t kPipeline = 4096;  // requests a pipeline, as `decide --backend` sends them

// The requests one limit of a lane decided, waiting for their pipeline, with the engine's answers.
struct LimitQueue {
    std::unique_ptr<RedisDecider> decider;
    RequestBatch batch;
    std::vector<Decision> engine;
    std::vector<SimTime> at;
    std::vector<Decision> redis;
};

bool sameAnswer(const Decision& a, const Decision& b)
{
    return a.allowed == b.allowed && a.remaining == b.remaining && a.retryAfterUs == b.retryAfterUs && a.delayUs == b.delayUs;
}

class LaneChecker {
public:
    LaneChecker(const RedisAddress& address, const Lane& lane, const AlgorithmSpec& spec, std::string prefix, SimTime start,
                LaneCheck& out)
        : m_address(address), m_lane(lane), m_spec(spec), m_prefix(std::move(prefix)), m_start(start), m_out(out)
    {}

    void add(const Lane::Step& step)
    {
        LimitQueue& q = queue(step.tier);
        q.batch.add(step.t, m_lane.keyName(step.key), step.cost, m_out.compared + std::int64_t(q.batch.size()));
        q.engine.push_back(step.decision);
        q.at.push_back(step.t - m_start);
        if (q.batch.size() == kPipeline)
            flush(q);
    }

    void finish()
    {
        for (auto& entry : m_queues)
            flush(entry.second);
    }

    bool isCluster() const { return m_cluster; }

private:
    LimitQueue& queue(std::uint32_t tier)
    {
        auto [it, fresh] = m_queues.try_emplace(tier);
        if (fresh) {
            it->second.decider = std::make_unique<RedisDecider>(m_address, m_spec.algorithm, m_lane.tierParams(tier),
                                                                m_prefix + std::to_string(tier) + ":");
            m_cluster = it->second.decider->isCluster();
        }
        return it->second;
    }

    void flush(LimitQueue& q)
    {
        if (q.batch.size() == 0)
            return;
        q.decider->decide(q.batch, q.redis);
        for (std::size_t i = 0; i < q.batch.size(); ++i) {
            ++m_out.compared;
            if (sameAnswer(q.engine[i], q.redis[i]))
                continue;
            ++m_out.differing;
            if (m_out.examples.size() < LaneCheck::kExamples)
                m_out.examples.push_back({q.at[i], std::string(q.batch.key(i)), q.engine[i], q.redis[i]});
        }
        q.batch.clear();
        q.engine.clear();
        q.at.clear();
    }

    const RedisAddress& m_address;
    const Lane& m_lane;
    const AlgorithmSpec& m_spec;
    std::string m_prefix;
    SimTime m_start;
    LaneCheck& m_out;
    std::map<std::uint32_t, LimitQueue> m_queues;
    bool m_cluster = false;
};

// A prefix no earlier check used: the wall clock in microseconds.
std::string checkPrefix()
{
    const auto now = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::system_clock::now().time_since_epoch());
    return "ratelab-check:" + std::to_string(now.count()) + ":";
}

// Whether the server was a Redis Cluster.
bool checkLane(const Scenario& scenario, std::size_t index, const RedisAddress& address, const std::string& prefix,
               RunControl& control, LaneCheck& out)
{
    const AlgorithmSpec& spec = scenario.algorithms[index];
    Population population(scenario.population, scenario.endpoints);
    KeyInterner recordedKeys;
    Lane lane(spec, scenario, population, recordedKeys, index);
    TrafficMerge traffic(scenario, population, recordedKeys);
    LaneChecker checker(address, lane, spec, prefix + std::to_string(index) + ":", scenario.start, out);
    lane.setObserver([&checker](const Lane::Step& step, const RateLimiter&) { checker.add(step); });
    const auto lanes = static_cast<std::int64_t>(scenario.algorithms.size());
    Arrival a;
    std::int64_t n = 0;
    while (traffic.next(a)) {
        lane.offer(a);
        if (++n % kRequestsBetweenChecks == 0) {
            if (control.cancelled())
                throw Cancelled{};
            const std::int64_t within = std::clamp<std::int64_t>((a.t - scenario.start) * 1000 / scenario.duration, 0, 999);
            control.report(static_cast<int>((static_cast<std::int64_t>(index) * 1000 + within) / lanes), spec.id);
        }
    }
    lane.finish();
    checker.finish();
    return checker.isCluster();
}

}  // namespace

RedisCheck checkAgainstRedis(const Scenario& scenario, const RedisAddress& address, RunControl& control)
{
    checkRunnable(scenario);
    RedisCheck check;
    check.server = address.text;
    const std::string prefix = checkPrefix();
    for (std::size_t i = 0; i < scenario.algorithms.size(); ++i) {
        LaneCheck& lane = check.lanes.emplace_back();
        lane.id = scenario.algorithms[i].id;
        if (scenario.cluster) {
            lane.skipped = "a cluster lane: its decisions are the instances' and the store's, not one script's";
            continue;
        }
        if (!scenario.algorithms[i].changes.empty()) {
            lane.skipped = "its limit changes during the run, and a script holds one limit";
            continue;
        }
        try {
            check.cluster = checkLane(scenario, i, address, prefix, control, lane) || check.cluster;
        } catch (const ExportError& e) {
            const std::string id = lane.id;
            lane = LaneCheck{};
            lane.id = id;
            lane.skipped = e.what();
        }
    }
    control.report(1000, "done");
    return check;
}

}  // namespace ratelab
