#pragma once
// The expensive work behind a lane's limiter (scenario "backend", report.h BackendStats):
// `workers` identical servers and one first-come, first-served queue. A request that enters at
// time e starts at max(e, the earliest time a worker is free) and holds that worker for its
// service time, the sum of one draw per stage. The draws come from a hash of the run's seed
// and the request's identity (its time, client and attempt number), not from a lane's random
// stream, so every lane gives the same request the same service time.
//
// With the limiter before the backend an allowed request enters when the limiter forwards it
// (its decision time plus any shaping delay); with the limiter after, every request enters at
// its decision time and the limiter's answer only says whether its latency counts. Entries
// reach the queue in time order through a small reorder heap (shaped requests enter later than
// they were decided); everything a request does is known when it enters, so no events are
// scheduled and memory grows only with the requests waiting at once.

#include "engine/core/ringqueue.h"
#include "engine/metrics/delayhistogram.h"
#include "engine/report/report.h"
#include "engine/scenario/scenario.h"

#include <vector>

namespace ratelab {

class BackendQueue {
public:
    BackendQueue(const BackendSpec& spec, Placement placement, const Scenario& scenario);

    // The limiter decided the attempt `attempt` of `client` at `t`; `delayUs` is its shaping
    // delay. Decisions come in time order.
    void decided(SimTime t, std::uint32_t client, std::uint32_t attempt, bool allowed, Duration delayUs);
    // Enters what is still waiting in the reorder heap and closes the series.
    void finish();
    BackendStats take() { return std::move(m_stats); }

    // The service time of a request: the same for the same (seed, t, client, attempt).
    Duration serviceTime(SimTime t, std::uint32_t client, std::uint32_t attempt) const;

private:
    struct Entry {
        SimTime at;
        std::uint64_t sequence;  // ties enter in the order they were decided
        Duration service;
        bool allowed;
    };
    struct Later {
        bool operator()(const Entry& a, const Entry& b) const { return a.at != b.at ? a.at > b.at : a.sequence > b.sequence; }
    };

    void enterDueBy(SimTime t);
    void enter(const Entry& e);
    void closeBucketsBefore(std::size_t bucket);
    void addBusy(SimTime from, SimTime to);

    BackendSpec m_spec;
    Placement m_placement;
    std::uint64_t m_seed;
    SimTime m_start, m_end;
    Duration m_bucketUs;
    Duration m_constantService = 0;  // the sum of the constant stages
    bool m_allConstant = true;

    std::vector<Entry> m_reorder;  // a min-heap by (at, sequence)
    std::uint64_t m_sequence = 0;
    std::vector<SimTime> m_freeAt;      // a min-heap: when each worker is free
    RingQueue<SimTime> m_waitingUntil;  // start times of the requests waiting, rising

    std::vector<std::int64_t> m_busyUs;  // worker-microseconds per bucket
    std::size_t m_bucket = 0;            // the bucket of the latest entry
    DelayHistogram m_wait, m_latency;    // the whole run
    DelayHistogram m_bucketWait, m_bucketLatency;
    BackendStats m_stats;
};

}  // namespace ratelab
