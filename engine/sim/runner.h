#pragma once
// runScenario: every algorithm of a scenario over the same traffic, in one pass, into a
// report. Front ends include engine/engine.h, which brings this.

#include "engine/core/runcontrol.h"
#include "engine/core/shard.h"
#include "engine/report/report.h"
#include "engine/scenario/scenario.h"

namespace ratelab {

// Whether a run may take more than kMaxDecisions decisions (scenario/workestimate.h).
enum class WorkLimit { Capped, Unlimited };

struct RunOptions {
    WorkLimit limit = WorkLimit::Capped;
    // The threads a run uses, the caller's included: the lanes (one per algorithm) decide each
    // chunk of traffic in parallel while the caller reads the next chunk. The report is the
    // same, byte for byte, whatever the number; more threads than lanes + 1 are not started.
    unsigned threads = 1;
    // Only the requests whose keys fall in this shard are decided (sim/shardfilter.h), and the
    // report carries what merging the shards needs (Report::shard); a scenario that cannot be
    // split by key throws ScenarioError.
    std::optional<ShardSpec> shard;
};

// The threads a run uses unless told otherwise: the machine's cores (1 to 64).
unsigned defaultRunThreads();

// Runs every algorithm of the scenario over the same traffic in one pass. Throws Cancelled
// when `control` was cancelled, ScenarioError (scenarioio.h) for a scenario that does not
// validate or, when capped, asks for more work than the cap (the estimate in the message),
// InputError for a bad replayed trace.
Report runScenario(const Scenario& scenario, RunControl& control, const RunOptions& options);
// The same on the calling thread alone.
Report runScenario(const Scenario& scenario, RunControl& control, WorkLimit limit = WorkLimit::Capped);

// What runScenario refuses before it reads any traffic: throws ScenarioError for a scenario
// that does not validate or, when capped, asks for more work than the cap. Whatever else
// reads a scenario's whole traffic (keyhistory.h, bucketcounts.h) refuses the same.
void checkRunnable(const Scenario& scenario, WorkLimit limit = WorkLimit::Capped);

}  // namespace ratelab
