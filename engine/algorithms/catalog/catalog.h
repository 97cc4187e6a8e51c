#pragma once
// The catalog of algorithms and presets: names, parameters with their defaults and one-line
// help, and the factory that builds a limiter from CLI-syntax parameters. `ratelab-cli list`,
// the scenario loader and the GUI's parameter editor all read this one table. Each entry
// comes from its algorithm's folder (its *entry.cpp); registry.h lists them, one line each.

#include "engine/algorithms/limiter/params.h"

#include <memory>
#include <string_view>
#include <vector>

namespace ratelab {

const std::vector<AlgorithmInfo>& algorithmCatalog();
const AlgorithmInfo* findAlgorithm(std::string_view name);

struct BuiltLimiter {
    std::unique_ptr<RateLimiter> limiter;
    const AlgorithmInfo* info = nullptr;
    ParamValues params;  // every parameter, defaults filled in
};

// Throws ParamError.
BuiltLimiter makeLimiter(std::string_view name, const ParamValues& params);

}  // namespace ratelab
