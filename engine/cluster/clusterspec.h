#pragma once
// The cluster part of a scenario (design.md section 5): instances behind a load balancer, each
// with its own clock, a shared store with latency, outages on a schedule and a failure
// policy. Absent from a scenario, the run is a single instance with local state.

#include "engine/core/simtime.h"

#include <optional>
#include <vector>

namespace ratelab {

enum class Balancer { RoundRobin, Random, Hash, LeastLoaded };

struct ClockStep {
    SimTime at = 0;   // true time from the scenario start
    Duration by = 0;  // signed: +250 ms jumps forward, -250 ms back
};

struct ClockSpec {
    Duration offset = 0;  // signed
    double driftPpm = 0;  // the clock gains driftPpm us per second of true time
    std::vector<ClockStep> steps;
};

enum class StoreMode { Local, RedisAtomic, RedisGetSet, LocalSync, Cas, SqlRowLock, Memcached };
enum class StoreClock { Instance, Store };
enum class LatencyKind { Constant, Uniform, LogNormal };

struct LatencySpec {
    LatencyKind kind = LatencyKind::Constant;
    Duration rtt = 1'000;             // constant: the round trip; lognormal: the median
    Duration min = 500, max = 2'000;  // uniform bounds
    double sigma = 0.5;               // lognormal shape
};

struct StoreSpec {
    StoreMode mode = StoreMode::Local;
    StoreClock clock = StoreClock::Instance;
    LatencySpec latency;
    Duration syncInterval = 1'000'000;  // local_sync
    std::int64_t casRetries = 10;       // cas (and memcached's gets/cas): attempts before the request is refused
    Duration timeout = 100'000;         // a round trip longer than this fails
};

enum class OutageKind { Down, Slow, Flapping };

struct OutageSpec {
    SimTime from = 0, to = 0;  // from the scenario start
    OutageKind kind = OutageKind::Down;
    Duration extraLatency = 50'000;       // slow
    Duration flap = 1'000'000;            // flapping: down and up for this long in turn
    std::vector<std::int64_t> instances;  // a partition: only these; empty = all
};

enum class FailurePolicy { FailOpen, FailClosed, LocalFallback };

// What decided one request of a cluster: the store (its script, or the instance on what it
// read), the instance alone (local, local_sync), or the failure policy when the store did
// not answer or the breaker was open.
enum class ClusterDecider { Store, Instance, FailOpen, FailClosed, LocalFallback };

struct PolicySpec {
    FailurePolicy onFailure = FailurePolicy::FailOpen;
    std::optional<std::int64_t> breakerFailures;  // open after this many failures in a row
    Duration breakerOpenFor = 5'000'000;          // then half-open: one probe
};

struct ClusterSpec {
    std::int64_t instances = 1;
    Balancer balancer = Balancer::RoundRobin;
    std::vector<ClockSpec> clocks;  // per instance; missing ones are exact
    StoreSpec store;
    std::vector<OutageSpec> outages;
    PolicySpec policy;
};

}  // namespace ratelab
