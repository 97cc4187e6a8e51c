#pragma once
// The result of a run: plain, immutable data of std:: types (schema ratelab.report/1,
// documented field by field in resources/docs/report.md). `ratelab-cli run` writes it as
// report.json + series.csv; the GUI reads the same struct in memory.

#include "engine/algorithms/catalog/catalog.h"
#include "engine/core/simtime.h"

#include <optional>
#include <string>
#include <vector>

namespace ratelab {

inline constexpr const char* kReportSchema = "ratelab.report/1";

struct PeakBurst {
    Duration windowUs = 0;         // the trailing window
    std::int64_t allowedCost = 0;  // most cost one key had admitted within it
    std::int64_t limit = 0;        // the nominal limit for that window
    double ratio = 0;              // allowedCost / limit
    SimTime atUs = 0;              // when (end of the window), from the scenario start
    std::string key;               // which key
    double nominal = 0;            // the nominal limit exactly, `limit` unrounded (2.5 for 2.5/s
                                   // over 1 s); report.json has `limit` only
};

struct Disagreement {
    std::int64_t falseAllow = 0;   // allowed, though the exact log of what it admitted was full
    std::int64_t falseReject = 0;  // rejected, though the exact log had room
};

// The state one place holds: a cluster's shared store, or one of its instances.
struct HeldState {
    std::int64_t peakLiveKeys = 0;
    std::int64_t peakStateBytes = 0;
};

struct MemoryStats {
    double stateBytesPerKey = 0;    // model bytes per live key (mean at the peak for logs)
    std::int64_t peakLiveKeys = 0;  // every place together (a cluster: store and instances)
    std::int64_t peakStateBytes = 0;
    // What a key of our Lua script for this algorithm holds in Redis (redis-server 7.0.15,
    // engine/limitconfig/redismemory.h): its size, or for the sliding log the most, a full
    // window of `limit` entries. None for an algorithm without a script (the presets).
    std::optional<double> redisBytesPerKey;
    // Where the state is held: "instance" (a single-instance run), or in a cluster "store",
    // "instances" or "store_and_instances"; then `store` and `instances` (by index) say how
    // much each place held.
    std::string heldBy = "instance";
    std::optional<HeldState> store;
    std::vector<HeldState> instances;
};

struct DelayStats {
    std::int64_t p50 = 0, p99 = 0, max = 0;  // microseconds, over accepted requests
    // The distribution for plotting: (upper bound in us, accepted requests up to it), rising.
    std::vector<std::pair<std::int64_t, std::int64_t>> cumulative;
};

struct ClosedLoopStats {
    double amplification = 1;      // attempts / unique requests
    double retryAfterSuccess = 0;  // share of retries sent at Retry-After that passed
    std::int64_t uniqueRequests = 0;
    std::int64_t attempts = 0;
    std::int64_t retries = 0;
    std::int64_t retriesAtRetryAfter = 0;
    std::int64_t gaveUp = 0;  // requests abandoned after max_retries or a -1
};

struct ClientStats {
    std::int64_t clients = 0;           // distinct real clients that sent requests
    std::int64_t throttled = 0;         // with at least one rejection
    std::int64_t wronglyThrottled = 0;  // throttled, though a limit of their own never rejected them
};

struct ClusterStats {
    std::int64_t instances = 1;
    std::string store;   // storage mode
    std::string policy;  // failure policy
    // Allowed cost beyond the global limit: admitted requests that one exact limiter of the
    // same algorithm, fed in true time with what the cluster admitted, would have refused.
    std::int64_t globalLimitOvershoot = 0;
    // Rejected cost that one exact limiter of the same algorithm, deciding every request itself
    // in true time, admitted.
    std::int64_t wronglyRejected = 0;
    std::int64_t allowedDuringOutage = 0;  // decided by the failure policy: store failed or breaker open
    std::int64_t rejectedDuringOutage = 0;
    std::int64_t storeRoundTrips = 0;
    double roundTripsPerDecision = 0;
    std::int64_t casRetries = 0;          // CAS writes that found the key changed
    std::int64_t casExhausted = 0;        // requests refused after cas_retries conflicting attempts
    std::int64_t storeFailures = 0;       // calls that failed (outage, timeout)
    std::int64_t breakerOpened = 0;       // times a circuit breaker opened
    std::int64_t callsSkipped = 0;        // store calls an open breaker saved
    std::int64_t waitedOnStore = 0;       // requests that waited beyond one round trip (lock queue, CAS retry)
    std::int64_t decisionLatencyP50 = 0;  // us from arrival to decision
    std::int64_t decisionLatencyP99 = 0;
    std::int64_t decisionLatencyMax = 0;
    std::vector<std::int64_t> instanceRequests;
    std::vector<std::int64_t> instanceAllowed;
    // Per metric bucket of each request's arrival at its instance, as the offered load is
    // bucketed (AlgorithmReport's series count a request in the bucket of its decision, a round
    // trip later): allowed and rejected cost, allowed cost per instance, overshoot, wrongly
    // rejected cost, and the policy's decisions.
    std::vector<std::int64_t> allowedByArrival;
    std::vector<std::int64_t> rejectedByArrival;
    std::vector<std::vector<std::int64_t>> instanceAllowedSeries;
    std::vector<std::int64_t> overshootSeries;
    std::vector<std::int64_t> wronglyRejectedSeries;
    std::vector<std::int64_t> outageAllowedSeries;
    std::vector<std::int64_t> outageRejectedSeries;
    // Per instance, for algorithms with epoch-aligned windows (fixed_window with align=epoch,
    // redis_incr_expire, the sliding window counters): the true times from the scenario start
    // at which another of the windows its decisions read begins (on its own clock, or on the
    // store's when a store-side script reads the store's clock), in order. Empty for other
    // algorithms, and when an instance would have more than kMaxWindowStarts.
    std::vector<std::vector<SimTime>> instanceWindowStarts;
    static constexpr std::size_t kMaxWindowStarts = 20'000;
};

struct BackendLoad {
    std::int64_t limiterBefore = 0;  // cost reaching the backend with the limiter in front
    std::int64_t limiterAfter = 0;   // cost the backend processes with the limiter behind it
};

// One endpoint's share of an algorithm's decisions (attempts, retries included), reported when
// the scenario has more than one endpoint.
struct EndpointStats {
    std::string endpoint;  // "GET /search"
    std::string limit;     // the per_endpoint path whose limit decides it; empty: the algorithm's params
    std::int64_t requests = 0, allowed = 0, rejected = 0;
    std::int64_t allowedCost = 0, rejectedCost = 0;
};

// Persistent connections as one limit saw them (traffic with a connections source).
struct ConnectionStats {
    std::int64_t handshakesRefused = 0;  // connections this limit kept from opening
    std::int64_t neverSent = 0;          // the messages those connections would have sent (not counted as requests)
    std::int64_t unchecked = 0;          // arrivals outside the limit's "applies_to": passed, counted as allowed
};

struct Percentiles {
    std::int64_t p50 = 0, p99 = 0, max = 0;  // microseconds
};

// The backend model (scenario "backend"): `workers` servers taking requests first come, first
// served. With the limiter before it only allowed requests enter, after it every request does
// the work and the limiter then rejects some. Waits and latencies are of allowed requests,
// from entering the backend to starting (wait) and to finishing (latency), percentiles from a
// log-linear histogram (bucket error under 1.6%, delayhistogram.h).
struct BackendStats {
    std::string placement;  // "before" or "after": the algorithm's, else the scenario's
    std::int64_t workers = 0;
    std::int64_t entered = 0;          // requests that did the work
    std::int64_t enteredRejected = 0;  // of them, rejected by the limiter after the work
    std::int64_t enteredAfterEnd = 0;  // allowed, forwarded (shaped) past the run's end: no work
    double utilization = 0;            // busy worker time within the run / (workers x duration)
    Percentiles queueWaitUs;
    Percentiles latencyUs;
    std::int64_t maxQueueLength = 0;  // most requests waiting for a worker at once
    // Per metric bucket: the busy share of the workers, and the p99 of the allowed requests
    // that entered in that bucket (0 when none did).
    std::vector<double> utilizationSeries;
    std::vector<std::int64_t> queueWaitP99Series;
    std::vector<std::int64_t> latencyP99Series;
};

struct AlgorithmReport {
    std::string id;
    std::string algorithm;
    std::string family;                 // colour and explanation family
    std::optional<std::string> preset;  // set when `algorithm` is a preset
    ParamValues params;
    std::string keys;  // key strategy name

    std::int64_t requests = 0, allowed = 0, rejected = 0;  // attempts, by count
    std::int64_t allowedCost = 0, rejectedCost = 0;
    double acceptance = 0;             // allowed / requests
    std::int64_t neverAdmissible = 0;  // rejected attempts the limit can never admit (retry_after_us -1)

    PeakBurst peakBurst;
    std::optional<Disagreement> disagreement;  // window algorithms only
    MemoryStats memory;
    std::optional<DelayStats> delay;  // shaping algorithms only
    std::optional<ClusterStats> cluster;
    std::optional<ClosedLoopStats> closedLoop;
    std::optional<ClientStats> clients;
    std::optional<ConnectionStats> connections;
    BackendLoad backend;
    std::optional<BackendStats> backendModel;  // with a scenario backend only
    std::vector<EndpointStats> endpoints;      // single-instance runs of scenarios with several endpoints

    // Per metric bucket, from the scenario start, in cost units.
    std::vector<std::int64_t> allowedSeries;
    std::vector<std::int64_t> rejectedSeries;
    std::vector<std::int64_t> liveKeysSeries;    // at each bucket's end
    std::vector<std::int64_t> stateBytesSeries;  // at each bucket's end

    // A shard's run only (ShardInfo), what merging shards needs: the live keys at the end of
    // each millisecond, as (ms from the epoch, count) where the count changes (within a
    // millisecond the count only rises, keys expire on its boundaries, so the shards' counts
    // add millisecond by millisecond), and the keys live at each bucket's end.
    std::vector<std::pair<std::int64_t, std::int64_t>> liveKeysProfile;
    std::vector<std::int64_t> liveKeysAtBucketEnd;
};

struct ShadowExample {
    SimTime atUs = 0;  // from the scenario start
    std::string key;
    std::int64_t seq = 0;  // the request's place in the whole traffic, from 0 (orders shards' examples)
};

// For two algorithms on the same fresh requests: where their decisions differ.
struct ShadowPair {
    std::string a, b;
    std::int64_t aRejectsBAllows = 0;
    std::int64_t bRejectsAAllows = 0;
    std::vector<ShadowExample> aRejectsBAllowsExamples;
    std::vector<ShadowExample> bRejectsAAllowsExamples;
};

struct SkippedLine {
    std::int64_t line = 0;  // 1-based, in the log
    std::string reason;     // "unterminated_quote", "too_old", ... (problemId)
    std::string field;      // where in the line, e.g. "http_user_agent"; may be empty
};

// What a log source imported, as far as the run read the log: the run stops reading at the
// first request past its end (plus the look-back window parsed ahead), so `complete` says
// whether the whole log was read.
struct SourceImport {
    std::string format;  // the format read, e.g. "combined"
    bool complete = false;
    std::int64_t linesRead = 0;         // every line, blank lines and directives included
    std::int64_t requestsImported = 0;  // requests handed to the run
    std::int64_t blankLines = 0;
    std::int64_t directiveLines = 0;                                    // comments, W3C directives, CSV header rows
    std::int64_t skipped = 0;                                           // lines not imported
    std::vector<std::pair<std::string, std::int64_t>> skippedByReason;  // reason -> lines, non-zero only
    std::vector<SkippedLine> firstSkipped;                              // the first 20, in line order
    std::int64_t reorderedLines = 0;                                    // moved back into time order
    std::int64_t shrankFrom = -1;  // the file's size when opened, if it shrank while read; else -1
    std::int64_t shrankTo = -1;    // its size when found shorter
};

struct SourceInfo {
    std::string kind;  // the scenario's kind: "poisson", "trace", "log", ...
    std::string label;
    std::optional<SourceImport> import;  // log sources only
};

struct ScenarioInfo {
    std::string name;
    std::uint64_t seed = 0;
    Duration durationUs = 0;
    SimTime startUs = 0;
    std::vector<SourceInfo> sources;  // in scenario order
};

// A run of one shard of the keys (`--shard index/count`, sim/shardfilter.h).
struct ShardInfo {
    std::uint32_t index = 0;
    std::uint32_t count = 1;
    std::string key;                  // the key strategy whose names are hashed: "user", "ip", ...
    std::int64_t shadowExamples = 0;  // the scenario's shadow_examples: how many a merge keeps
};

struct Report {
    std::string schema = kReportSchema;
    ScenarioInfo scenario;
    Duration bucketUs = 0;
    std::vector<std::int64_t> offeredSeries;  // fresh request cost per bucket
    std::int64_t uniqueRequests = 0;
    std::int64_t distinctClients = 0;
    std::vector<AlgorithmReport> algorithms;
    std::vector<ShadowPair> shadow;
    std::optional<ShardInfo> shard;  // a shard's run only
};

}  // namespace ratelab
