#pragma once
// `run`'s second table, for the lanes that ran on a cluster: what the cluster cost against one
// exact limiter (overshoot, wrongly rejected), what the store did (failures, the failure
// policy's decisions) and how long a decision took (report.md, the cluster object).

#include "engine/report/report.h"

#include <iosfwd>

namespace ratelab::cli {

// Prints nothing when no lane ran on a cluster.
void printClusterTable(const Report& report, std::ostream& out);

}  // namespace ratelab::cli
