#pragma once
// What Compare's charts A and B read: requests per bucket for every lane, either the report's
// own series (every key, the report's bucket) or bucketCounts' for the key and bucket picked in
// the view; each lane's measure per bucket in the view's mode; a lane's peak burst within a time
// range, and chart B's peaks; the per-key limit line the lanes share.

#include "app/models/plotdata/chartinput.h"
#include "engine/report/report.h"
#include "engine/sim/bucketcounts.h"

#include <optional>
#include <vector>

namespace ratelab {

// The report's series as counts: every key at the report's bucket, no peaks per bucket (the
// report has only the run's) and no limit (it is per key).
BucketCounts countsOfReport(const Report& report);

// The lane "difference from the exact sliding log" subtracts: the first sliding_window_log.
std::optional<std::size_t> exactLogLane(const Report& report);

enum class CountsMeasure {
    Allowed,          // allowed cost per second
    Rejected,         // rejected cost per second
    AllowedMinusLog,  // allowed per second minus the exact log lane's
    Share,            // allowed / decided in %, NaN for a bucket with no decision
};

// Lane `lane`'s `measure` in each bucket; AllowedMinusLog needs `logLane`.
std::vector<double> measurePerBucket(const BucketCounts& counts, std::size_t lane, CountsMeasure measure,
                                     std::optional<std::size_t> logLane);

// The lane whose offered load chart A draws: the first with any (lanes that key requests
// otherwise than the picked key's lane have none of it).
std::size_t offeredLane(const BucketCounts& counts);

// The largest peak burst among the buckets that overlap [fromUs, toUs) (from the scenario
// start), as the report states one; none without per-bucket peaks or an allowed request there.
std::optional<PeakBurst> peakBetween(const LaneCounts& lane, Duration bucketUs, SimTime fromUs, SimTime toUs);

// Chart B's bars: each algorithm's peak burst, within chart A's range from the counts' peaks
// where the counts have them (a key or a bucket of the view's own), else the report's; and
// whether every peak is against one nominal limit over one window (B's axis then names them once).
struct BurstPeaks {
    std::vector<std::optional<PeakBurst>> peaks;  // in report order; none: nothing allowed in the range
    bool fromCounts = false;                      // the counts' peaks, not the report's
    bool sameLimit = true;
};
BurstPeaks burstPeaks(const ChartInput& input);

// The key's limit steps when every lane in `lanes` that decided the key has the same (the
// chart draws one line); none for every key, or when they differ.
std::optional<std::vector<LimitStep>> sharedLimit(const BucketCounts& counts, const std::vector<std::size_t>& lanes);

}  // namespace ratelab
