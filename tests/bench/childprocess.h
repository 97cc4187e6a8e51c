#pragma once
// Another program run to its end for `ratelab-bench all`: its standard output, exit code, wall
// time and peak resident memory (wait4's ru_maxrss), standard error passed through.

#include <string>
#include <utility>
#include <vector>

namespace ratelab::bench {

struct ChildRun {
    int exitCode = -1;  // -1: it could not be started or was killed
    std::string out;
    double wallSeconds = 0;
    long peakKiB = 0;
};

// Runs argv[0] (searched in PATH) with `env` added to the environment; `quiet`: its standard
// error goes nowhere (a probe for whether something is installed).
ChildRun runChild(const std::vector<std::string>& argv, const std::vector<std::pair<std::string, std::string>>& env = {},
                  bool quiet = false);

}  // namespace ratelab::bench
