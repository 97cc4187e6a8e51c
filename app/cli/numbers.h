#pragma once
// How ratelab-cli writes a share in its tables and summaries: "93.5%" (one decimal in the run
// tables, two in the advisor's, whose shares are promises a replay must meet).

#include <string>

namespace ratelab::cli {

// `share` (0 to 1) as a percentage with `decimals` decimals.
std::string percent(double share, int decimals);

}  // namespace ratelab::cli
