// runScenario: one pass over the scenario's traffic, every lane deciding each fresh request.

#include "engine/sim/runner.h"

#include "engine/core/growtohold.h"
#include "engine/core/runcontrol.h"
#include "engine/scenario/scenarioio.h"
#include "engine/scenario/workestimate.h"
#include "engine/sim/clusterlane.h"
#include "engine/sim/lane.h"
#include "engine/sim/roundpool.h"
#include "engine/sim/shardfilter.h"
#include "engine/sim/trafficmerge.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <numeric>
#include <span>
#include <thread>
#include <type_traits>

namespace ratelab {
namespace {

// Fresh requests are decided a batch at a time, lane by lane: each lane then works on its own
// state only and prefetches it a few requests ahead. A divisor of kRequestsBetweenChecks.
constexpr std::size_t kBatch = 1024;
// The traffic is read a chunk of batches at a time, while the lanes decide the chunk before:
// large enough that handing a chunk to the threads (waking them takes tens of microseconds,
// far more on a busy machine) costs little next to deciding it (six lanes: about 8 ms).
constexpr std::size_t kChunk = 32 * kBatch;

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
    void record(const std::vector<std::uint8_t>& allowed, const Arrival& arrival, std::int64_t seq, SimTime start,
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
                    examples.push_back({arrival.t - start, lanes[a]->keyName(lanes[a]->keyOf(arrival)), seq});
            }
        }
    }

    std::vector<ShadowPair> take() { return std::move(m_pairs); }

private:
    std::vector<ShadowPair> m_pairs;
    std::int64_t m_examples;
};

// One pass over the traffic through every lane, a chunk at a time. Each chunk is decided by
// every lane, lanes on whichever thread of the pool claims them, while the calling thread
// reads the next chunk; the calling thread then counts the chunk for the whole report (the
// offered series, the clients, the shadow comparison) in arrival order, while the lanes
// decide the next. A lane works on its own state only: what the lanes share (the scenario,
// the population, the key interner the traffic grows) they only read, and the interner's
// names not before finish(). Single-instance lanes decide at once, so their decisions are
// also compared pairwise; cluster lanes decide when the store answers.
template <class LaneType>
class Pass {
public:
    Pass(const Scenario& scenario, RunControl& control, const std::optional<ShardSpec>& shard)
        : m_scenario(scenario), m_control(control), m_population(scenario.population, scenario.endpoints), m_lanes(makeLanes()),
          m_traffic(scenario, m_population, m_recordedKeys), m_shadow(m_lanes, scenario.metrics.shadowExamples),
          m_laneNanos(m_lanes.size(), 0)
    {
        if (shard) {
            m_filter.emplace(scenario, m_population, m_recordedKeys, *shard);
            m_report.shard =
                ShardInfo{shard->index, shard->count, keyStrategyName(m_filter->unit()), scenario.metrics.shadowExamples};
            if constexpr (kImmediate) {
                for (auto& lane : m_lanes)
                    lane->recordShardData();
            }
        }
        for (Chunk& chunk : m_chunks) {
            chunk.arrivals.resize(kChunk);
            chunk.seqs.resize(kChunk);
            if constexpr (kImmediate)
                chunk.allowedByLane.assign(m_lanes.size(), std::vector<std::uint8_t>(kChunk));
        }
        m_report.scenario = {scenario.name, scenario.seed, scenario.duration, scenario.start, {}};
        m_report.bucketUs = scenario.metrics.bucket;
        m_report.offeredSeries.assign(static_cast<std::size_t>(ceilDivPositive(scenario.duration, scenario.metrics.bucket)), 0);
        m_allowed.resize(m_lanes.size());
    }

    Report run(unsigned threads);

private:
    static constexpr bool kImmediate = std::is_same_v<LaneType, Lane>;
    struct Chunk {
        std::vector<Arrival> arrivals;  // the first `size` are this chunk's
        std::size_t size = 0;
        std::vector<std::int64_t> seqs;                        // each arrival's place in the whole traffic
        std::vector<std::vector<std::uint8_t>> allowedByLane;  // single-instance lanes' decisions
    };

    std::vector<std::unique_ptr<LaneType>> makeLanes()
    {
        std::vector<std::unique_ptr<LaneType>> lanes;
        for (std::size_t i = 0; i < m_scenario.algorithms.size(); ++i)
            lanes.push_back(std::make_unique<LaneType>(m_scenario.algorithms[i], m_scenario, m_population, m_recordedKeys, i));
        return lanes;
    }
    // The next chunk of this run's requests; the traffic's own figures count every request
    // (a shard's run too: every shard generates the whole traffic, so they are the whole run's).
    void read(Chunk& chunk)
    {
        chunk.size = 0;
        while (chunk.size < kChunk && m_traffic.next(chunk.arrivals[chunk.size])) {
            countTraffic(chunk.arrivals[chunk.size]);
            chunk.seqs[chunk.size] = m_count - 1;
            if (!m_filter || m_filter->keep(chunk.arrivals[chunk.size]))
                ++chunk.size;
        }
    }
    void countTraffic(const Arrival& arrival);
    void decide(Chunk& chunk, std::size_t lane);
    void count(const Chunk& chunk);
    std::vector<std::size_t> laneOrder() const;

    const Scenario& m_scenario;
    RunControl& m_control;
    Population m_population;
    KeyInterner m_recordedKeys;
    std::vector<std::unique_ptr<LaneType>> m_lanes;
    TrafficMerge m_traffic;
    ShadowComparison m_shadow;
    Report m_report;
    std::array<Chunk, 2> m_chunks;
    std::vector<std::int64_t> m_laneNanos;  // each lane's time on the last chunk, to hand out the slowest first
    std::vector<std::uint8_t> m_allowed;    // one request's decisions, by lane
    std::vector<bool> m_clientSeen;
    std::int64_t m_count = 0;
    std::optional<ShardFilter> m_filter;  // a shard's run only
    SimTime m_lastRead = 0;               // the time of the last request read, for the progress
};

template <class LaneType>
Report Pass<LaneType>::run(unsigned threads)
{
    RoundPool pool(std::min<unsigned>(threads, static_cast<unsigned>(m_lanes.size()) + 1));  // before the chunks it reads go
    Chunk* current = &m_chunks[0];
    Chunk* next = &m_chunks[1];
    m_control.report(0, "traffic");
    read(*current);
    if (current->size > 0)
        pool.start(laneOrder(), [this, current](std::size_t lane) { decide(*current, lane); });
    while (current->size > 0) {
        read(*next);
        pool.finish();
        if (m_control.cancelled())  // the lanes may have stopped part way
            throw Cancelled{};
        if (next->size > 0)
            pool.start(laneOrder(), [this, next](std::size_t lane) { decide(*next, lane); });
        count(*current);
        std::swap(current, next);
    }
    m_report.uniqueRequests = m_count;
    m_report.scenario.sources = m_traffic.describe(m_scenario);
    m_control.report(999, "metrics");
    for (auto& lane : m_lanes) {
        lane->finish();
        m_report.algorithms.push_back(lane->takeReport());
    }
    if constexpr (kImmediate)
        m_report.shadow = m_shadow.take();
    m_control.report(1000, "done");
    return std::move(m_report);
}

// Lane `lane` decides the chunk a batch at a time, checking for a cancel between batches.
template <class LaneType>
void Pass<LaneType>::decide(Chunk& chunk, std::size_t lane)
{
    const auto began = std::chrono::steady_clock::now();
    LaneType& l = *m_lanes[lane];
    for (std::size_t first = 0; first < chunk.size && !m_control.cancelled(); first += kBatch) {
        const std::span<const Arrival> arrivals(chunk.arrivals.data() + first, std::min(kBatch, chunk.size - first));
        if constexpr (kImmediate) {
            l.offer(arrivals, chunk.allowedByLane[lane].data() + first);
        } else {
            for (const Arrival& arrival : arrivals)
                l.offer(arrival);
        }
    }
    m_laneNanos[lane] = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - began).count();
}

// The lanes, slowest on the last chunk first, so that no slow lane starts last.
template <class LaneType>
std::vector<std::size_t> Pass<LaneType>::laneOrder() const
{
    std::vector<std::size_t> order(m_lanes.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [this](std::size_t a, std::size_t b) { return m_laneNanos[a] > m_laneNanos[b]; });
    return order;
}

// The traffic's figures, per fresh request in arrival order, as it is read.
template <class LaneType>
void Pass<LaneType>::countTraffic(const Arrival& arrival)
{
    const SimTime offset = arrival.t - m_scenario.start;
    m_report.offeredSeries[std::min<std::size_t>(static_cast<std::size_t>(offset / m_scenario.metrics.bucket),
                                                 m_report.offeredSeries.size() - 1)] += arrival.cost;
    growToHold(m_clientSeen, arrival.client, false);
    if (!m_clientSeen[arrival.client]) {
        m_clientSeen[arrival.client] = true;
        ++m_report.distinctClients;
    }
    ++m_count;
    m_lastRead = arrival.t;
}

// What the report counts per decided request, in arrival order, once every lane has decided
// it: the shadow comparison; then the progress.
template <class LaneType>
void Pass<LaneType>::count(const Chunk& chunk)
{
    if constexpr (kImmediate) {
        for (std::size_t r = 0; r < chunk.size; ++r) {
            std::size_t allowedBy = 0;
            for (std::size_t i = 0; i < m_lanes.size(); ++i)
                allowedBy += (m_allowed[i] = chunk.allowedByLane[i][r]);
            if (allowedBy != 0 && allowedBy != m_lanes.size())  // else no pair disagrees
                m_shadow.record(m_allowed, chunk.arrivals[r], chunk.seqs[r], m_scenario.start, m_lanes);
        }
    }
    if (m_control.cancelled())
        throw Cancelled{};
    const SimTime offset = m_lastRead - m_scenario.start;
    m_control.report(static_cast<int>(std::clamp<std::int64_t>(offset * 1000 / m_scenario.duration, 0, 999)), "traffic");
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

unsigned defaultRunThreads()
{
    return std::clamp(std::thread::hardware_concurrency(), 1u, 64u);
}

Report runScenario(const Scenario& scenario, RunControl& control, const RunOptions& options)
{
    checkRunnable(scenario, options.limit);
    if (options.shard) {
        if (options.shard->count == 0 || options.shard->index >= options.shard->count)
            throw std::invalid_argument("runScenario: shard index out of range");
        if (std::string problem = shardProblem(scenario); !problem.empty())
            throw ScenarioError(scenario.name, {{"--shard", problem}});
    }
    if (scenario.cluster)
        return Pass<ClusterLane>(scenario, control, options.shard).run(options.threads);
    return Pass<Lane>(scenario, control, options.shard).run(options.threads);
}

Report runScenario(const Scenario& scenario, RunControl& control, WorkLimit limit)
{
    return runScenario(scenario, control, RunOptions{.limit = limit, .threads = 1, .shard = {}});
}

}  // namespace ratelab
