#pragma once
// A scenario: the traffic, the keys, the algorithms to compare and the metric settings of one
// run. A plain struct; scenarioio.h loads and saves it as JSON (schema ratelab.scenario/1,
// documented in resources/docs/scenario.md) and validates it.

#include "engine/algorithms/catalog/catalog.h"
#include "engine/cluster/clusterspec.h"
#include "engine/core/simtime.h"
#include "engine/core/units.h"
#include "engine/traffic/trafficspec.h"

#include <optional>
#include <string>
#include <vector>

namespace ratelab {

enum class Placement { Before, After };

struct LimitChange {
    SimTime at = 0;  // from the scenario start
    ParamValues params;
    StatePolicy state = StatePolicy::Keep;
};

// The expensive work behind the limiter: `workers` identical servers taking requests first
// come, first served; a request's service time is the sum of one draw per stage (auth,
// database, logic, ...), each stage's distribution a LatencySpec (its `rtt` is the constant
// time or the lognormal median).
struct BackendStage {
    std::string name;
    LatencySpec service;
};

struct BackendSpec {
    std::int64_t workers = 1;
    std::vector<BackendStage> stages;
};

// A limit of its own for the endpoints whose path matches `path` (exact, or a prefix ending
// in `*`): the algorithm's params with these on top.
struct EndpointLimit {
    std::string path;
    ParamValues params;
};

struct AlgorithmSpec {
    std::string id;         // unique label, e.g. "token_bucket" or "gcra (burst 20)"
    std::string algorithm;  // an algorithm or preset name from the catalog
    ParamValues params;
    std::optional<KeyStrategy> keys;                              // overrides the scenario's
    std::optional<ClientBehaviour> clients;                       // overrides the scenario's
    std::optional<StoreSpec> store;                               // cluster runs: overrides the cluster's store
    std::optional<PolicySpec> policy;                             // cluster runs: overrides the failure policy
    std::vector<std::pair<std::string, ParamValues>> tierParams;  // tiered keys: params per tier
    std::vector<LimitChange> changes;
    // The arrivals this limit decides ("applies_to"); the others pass it unchecked, e.g. a
    // limit on handshakes lets every message of an open connection through.
    ArrivalKinds appliesTo = kEveryArrivalKind;
    std::optional<Placement> placement;         // overrides the scenario's
    std::vector<EndpointLimit> endpointLimits;  // per-endpoint keys: limits by path, first match wins
};

struct MetricSpec {
    Duration bucket = 1'000'000;          // acceptance-over-time bucket
    std::optional<Duration> burstWindow;  // trailing window for rate-based algorithms (default 1 s)
    std::int64_t shadowExamples = 5;
};

struct Scenario {
    std::string name = "untitled";
    std::string description;
    std::uint64_t seed = 1;
    Duration duration = 60'000'000;
    SimTime start = 0;
    PopulationSpec population;
    std::vector<EndpointSpec> endpoints;  // empty: one endpoint GET /
    std::vector<SourceSpec> traffic;
    KeyStrategy keys = KeyStrategy::Ip;
    ClientBehaviour clients;
    Placement placement = Placement::Before;
    std::vector<AlgorithmSpec> algorithms;
    MetricSpec metrics;
    std::optional<ClusterSpec> cluster;  // absent: one instance, local state
    std::optional<BackendSpec> backend;  // absent: no backend model (only the load counters)
};

const char* keyStrategyName(KeyStrategy strategy);
const char* sourceKindName(SourceKind kind);  // "poisson", "trace", "log", ...
bool hasConnections(const Scenario& s);       // whether a source is "connections"

}  // namespace ratelab
