#include "engine/sim/backendqueue.h"

#include "engine/core/random.h"
#include "engine/scenario/scenarionames.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace ratelab {
namespace {

// Keeps the service-time hash apart from every random stream of the run (random.h's blocks).
constexpr std::uint64_t kServiceSalt = 0x6261636B656E64ull;  // "backend"

double unitOf(std::uint64_t bits)
{
    return static_cast<double>(bits >> 11) * 0x1.0p-53;  // [0, 1)
}

// One draw of `d` from the two independent uniforms u1 and u2 in [0, 1).
double draw(const LatencySpec& d, double u1, double u2)
{
    switch (d.kind) {
    case LatencyKind::Constant: return static_cast<double>(d.rtt);
    case LatencyKind::Uniform: return static_cast<double>(d.min) + u1 * static_cast<double>(d.max - d.min);
    case LatencyKind::LogNormal: {
        // Box-Muller, as the store's round trips draw them: median x exp(sigma x z).
        const double z = std::sqrt(-2.0 * std::log(1.0 - u1)) * std::cos(2.0 * 3.14159265358979323846 * u2);
        return static_cast<double>(d.rtt) * std::exp(d.sigma * z);
    }
    }
    return 0;
}

}  // namespace

BackendQueue::BackendQueue(const BackendSpec& spec, Placement placement, const Scenario& scenario)
    : m_spec(spec), m_placement(placement), m_seed(mixSeed(scenario.seed, kServiceSalt)), m_start(scenario.start),
      m_end(scenario.start + scenario.duration), m_bucketUs(scenario.metrics.bucket)
{
    for (const BackendStage& stage : m_spec.stages) {
        if (stage.service.kind == LatencyKind::Constant)
            m_constantService += stage.service.rtt;
        else
            m_allConstant = false;
    }
    m_freeAt.assign(static_cast<std::size_t>(spec.workers), scenario.start);
    const auto buckets = static_cast<std::size_t>(ceilDivPositive(scenario.duration, scenario.metrics.bucket));
    m_busyUs.assign(buckets, 0);
    m_stats.placement = nameOf(kPlacements, int(placement));
    m_stats.workers = spec.workers;
    m_stats.queueWaitP99Series.assign(buckets, 0);
    m_stats.latencyP99Series.assign(buckets, 0);
}

Duration BackendQueue::serviceTime(SimTime t, std::uint32_t client, std::uint32_t attempt) const
{
    if (m_allConstant)
        return std::max<Duration>(1, m_constantService);
    const std::uint64_t identity =
        mixSeed(mixSeed(m_seed, static_cast<std::uint64_t>(t)), (static_cast<std::uint64_t>(client) << 16) ^ attempt);
    double total = static_cast<double>(m_constantService);
    for (std::size_t i = 0; i < m_spec.stages.size(); ++i) {
        const LatencySpec& d = m_spec.stages[i].service;
        if (d.kind != LatencyKind::Constant)
            total += draw(d, unitOf(mixSeed(identity, 2 * i)), unitOf(mixSeed(identity, 2 * i + 1)));
    }
    return std::max<Duration>(1, std::llround(total));
}

void BackendQueue::decided(SimTime t, std::uint32_t client, std::uint32_t attempt, bool allowed, Duration delayUs)
{
    if (m_placement == Placement::Before && !allowed)
        return;
    const SimTime at = m_placement == Placement::Before ? t + delayUs : t;
    if (at >= m_end) {
        ++m_stats.enteredAfterEnd;
        return;
    }
    // Whatever waits in the heap to enter by now was decided earlier, so it goes first.
    if (!m_reorder.empty())
        enterDueBy(t);
    const Entry e{at, m_sequence++, serviceTime(t, client, attempt), allowed};
    if (at <= t) {
        enter(e);
        return;
    }
    m_reorder.push_back(e);
    std::push_heap(m_reorder.begin(), m_reorder.end(), Later{});
}

void BackendQueue::enterDueBy(SimTime t)
{
    while (!m_reorder.empty() && m_reorder.front().at <= t) {
        std::pop_heap(m_reorder.begin(), m_reorder.end(), Later{});
        const Entry e = m_reorder.back();
        m_reorder.pop_back();
        enter(e);
    }
}

void BackendQueue::enter(const Entry& e)
{
    const auto bucket = static_cast<std::size_t>((e.at - m_start) / m_bucketUs);
    if (bucket != m_bucket)
        closeBucketsBefore(bucket);
    std::pop_heap(m_freeAt.begin(), m_freeAt.end(), std::greater<>{});
    const SimTime start = std::max(e.at, m_freeAt.back());
    const SimTime finish = start + e.service;
    m_freeAt.back() = finish;
    std::push_heap(m_freeAt.begin(), m_freeAt.end(), std::greater<>{});

    // Starts never fall (each takes the earliest free worker), so the waiting requests are the
    // latest ones, and those started by now are at the front.
    while (!m_waitingUntil.empty() && m_waitingUntil.front() <= e.at)
        m_waitingUntil.pop();
    if (start > e.at) {
        m_waitingUntil.push(start);
        m_stats.maxQueueLength = std::max<std::int64_t>(m_stats.maxQueueLength, static_cast<std::int64_t>(m_waitingUntil.size()));
    }
    addBusy(start, finish);
    ++m_stats.entered;
    if (!e.allowed) {
        ++m_stats.enteredRejected;
        return;
    }
    m_wait.add(start - e.at);
    m_latency.add(finish - e.at);
    m_bucketWait.add(start - e.at);
    m_bucketLatency.add(finish - e.at);
}

// The busy time [from, to) of one worker, split over the buckets it covers within the run.
void BackendQueue::addBusy(SimTime from, SimTime to)
{
    to = std::min(to, m_end);
    while (from < to) {
        const auto bucket = static_cast<std::size_t>((from - m_start) / m_bucketUs);
        const SimTime bucketEnd = std::min(to, m_start + static_cast<SimTime>(bucket + 1) * m_bucketUs);
        m_busyUs[bucket] += bucketEnd - from;
        from = bucketEnd;
    }
}

void BackendQueue::closeBucketsBefore(std::size_t bucket)
{
    m_stats.queueWaitP99Series[m_bucket] = m_bucketWait.percentile(0.99);
    m_stats.latencyP99Series[m_bucket] = m_bucketLatency.percentile(0.99);
    m_bucketWait.clear();
    m_bucketLatency.clear();
    m_bucket = bucket;
}

void BackendQueue::finish()
{
    enterDueBy(m_end);
    closeBucketsBefore(m_bucket);
    m_stats.queueWaitUs = {m_wait.percentile(0.50), m_wait.percentile(0.99), m_wait.max()};
    m_stats.latencyUs = {m_latency.percentile(0.50), m_latency.percentile(0.99), m_latency.max()};
    std::int64_t busy = 0;
    m_stats.utilizationSeries.resize(m_busyUs.size());
    for (std::size_t b = 0; b < m_busyUs.size(); ++b) {
        const SimTime from = m_start + static_cast<SimTime>(b) * m_bucketUs;
        const Duration length = std::min(m_end, from + m_bucketUs) - from;
        m_stats.utilizationSeries[b] =
            static_cast<double>(m_busyUs[b]) / (static_cast<double>(m_stats.workers) * static_cast<double>(length));
        busy += m_busyUs[b];
    }
    m_stats.utilization =
        static_cast<double>(busy) / (static_cast<double>(m_stats.workers) * static_cast<double>(m_end - m_start));
}

}  // namespace ratelab
