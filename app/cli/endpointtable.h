#pragma once
// `ratelab-cli run`'s breakdown by endpoint: for each algorithm, each endpoint's requests,
// allowed and rejected, and which limit decided it. Printed when the scenario has more than
// one endpoint (the report then carries the breakdown).

#include "engine/report/report.h"

#include <ostream>

namespace ratelab::cli {

void printEndpointTable(const Report& report, std::ostream& out);

}  // namespace ratelab::cli
