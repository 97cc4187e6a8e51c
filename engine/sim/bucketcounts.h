#pragma once
// A scenario's traffic counted per bucket of a chosen width, for one key or for every key: per
// lane, the cost offered, allowed and rejected in each bucket, and each bucket's peak burst.
// Compare's chart A reads it to show one key's bursts at a finer bucket than the report's (a
// fixed window's 2x at a window boundary hides inside a 1 s bucket). Front ends include
// engine/engine.h, which brings this.
//
// Counts are in cost units, as the report's series (report.md): a request of cost 3 counts 3.
// Every key, at the report's bucket, gives exactly the report's series and peak burst.

#include "engine/core/runcontrol.h"
#include "engine/scenario/scenario.h"

#include <optional>
#include <string>
#include <vector>

namespace ratelab {

// The most buckets a count may have (each lane keeps a few words per bucket): 10 ms buckets
// cover 2,000 s, 1 s buckets 55 h.
inline constexpr std::int64_t kMaxCountBuckets = 200'000;

// The largest burst of the key set admitted within a bucket: at an allowed request, the cost its
// key had admitted in the trailing nominal window (ending at that request, the request
// included), against the nominal limit for that window (PeakBurst in report.h, bucket by bucket).
struct BucketPeak {
    double ratio = 0;               // admittedCost / the nominal limit; 0: nothing allowed in the bucket
    std::int64_t admittedCost = 0;  // in the trailing window
    SimTime atUs = 0;               // the request's time, from the scenario start
    std::uint32_t key = 0;          // its key: an index into LaneCounts::peakKeys
    double nominal = 0;             // the nominal limit it is against, exactly (PeakBurst::nominal)
};

// The selected key's nominal limit in cost per second (its rate; a window algorithm's limit over
// its window), from a time on: it changes with a scheduled limit change.
struct LimitStep {
    SimTime fromUs = 0;  // from the scenario start: the key's first decision under this limit
    double costPerSecond = 0;
};

struct LaneCounts {
    std::string algorithmId;
    // Per bucket: fresh requests by arrival time (the key as this lane keys requests), and
    // decisions (fresh requests and retries) by decision time.
    std::vector<std::int64_t> offered;
    std::vector<std::int64_t> allowed;
    std::vector<std::int64_t> rejected;
    std::vector<BucketPeak> peaks;
    std::vector<std::string> peakKeys;  // the keys the peaks name
    Duration burstWindowUs = 0;         // the trailing window of the peaks
    std::vector<LimitStep> limit;       // one key only, once it has a decision; empty for every key
};

struct BucketCounts {
    std::optional<std::string> key;  // none: every key
    Duration bucketUs = 0;
    std::vector<LaneCounts> lanes;  // in scenario order
};

// Replays `scenario` once through every lane, streaming (memory grows with the buckets and the
// live keys, not with the requests), and counts `key`'s requests (every key's when none) in
// buckets of `bucketUs` from the scenario's start; the last bucket ends at the scenario's end
// and also holds the decisions of calls still in flight there, as the report's does.
// Throws ScenarioError as runScenario does (runner.h: checkRunnable), std::invalid_argument
// for a bucket under 1 us or more than kMaxCountBuckets buckets, Cancelled once `control` is
// cancelled; reports progress as "counts".
BucketCounts bucketCounts(const Scenario& scenario, const std::optional<std::string>& key, Duration bucketUs,
                          RunControl& control);

// The buckets `bucketUs` cuts a scenario of `durationUs` into.
std::int64_t bucketCountFor(Duration durationUs, Duration bucketUs);

}  // namespace ratelab
