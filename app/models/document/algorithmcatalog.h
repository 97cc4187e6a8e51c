#pragma once
// The algorithm catalog (engine/algorithms/catalog/catalog.h) as the app reads it: its entries, the
// entry of a scenario's algorithm by its id, and the check of typed parameters, which gives the
// engine's reason as a value instead of throwing it (the dock validates as you type).

#include "engine/algorithms/catalog/catalog.h"
#include "engine/scenario/scenario.h"

#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace ratelab::catalog {

// Algorithms, then presets, as `ratelab-cli list` shows them.
const std::vector<AlgorithmInfo>& entries();
// Null for an unknown name.
const AlgorithmInfo* find(const std::string& name);
// The entry of the scenario's algorithm with this id; null when there is none or it is unknown.
const AlgorithmInfo* findById(const Scenario& scenario, const std::string& id);
// Its family (colours follow it); empty when findById() finds nothing.
std::string familyById(const Scenario& scenario, const std::string& id);

// A new entry of `info` for `scenario`: its id is the algorithm's name, made unique with " 2",
// " 3", ...; each required parameter gets a sample value ("capacity" 10, "refill" 5/s, a
// duration 1s, a rate 10/s, else 1) and the rest keep their defaults.
AlgorithmSpec newSpec(const Scenario& scenario, const AlgorithmInfo& info);

struct ParamProblem {
    QString field;   // the parameter's name ("capacity"); otherwise what the engine names ("algorithm")
    QString reason;  // the engine's one-line reason
};
// What is wrong with `params` for `algorithm`, or nothing when they build a limiter.
std::optional<ParamProblem> checkParams(const std::string& algorithm, const ParamValues& params);

}  // namespace ratelab::catalog
