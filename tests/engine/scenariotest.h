#pragma once
// Helpers for the tests that run whole scenarios: an embedded scenario by name, a run, and
// one algorithm's report by id.

#include "engine/engine.h"
#include "engine/scenario/scenarioio.h"

#include <fstream>
#include <stdexcept>
#include <string>

namespace ratelab::test {

inline Scenario embedded(const std::string& name)
{
    for (const auto& [n, json] : embeddedScenarios()) {
        if (n == name)
            return loadScenario(json, n);
    }
    throw std::runtime_error("no embedded scenario " + name);
}

inline Report run(const Scenario& s)
{
    RunControl control;
    return runScenario(s, control);
}

// The scenario `json`, whose traffic replays "trace.csv", loaded from `dir` with `trace`
// (t_us,key,cost lines) written there first.
inline Scenario traceScenario(const std::string& dir, const std::string& trace, const std::string& json)
{
    std::ofstream file(dir + "/trace.csv", std::ios::binary | std::ios::trunc);
    if (!(file << trace) || !file.flush())
        throw std::runtime_error("cannot write " + dir + "/trace.csv");
    return loadScenario(json, "inline", dir);
}

inline const AlgorithmReport& lane(const Report& r, const std::string& id)
{
    for (const AlgorithmReport& a : r.algorithms) {
        if (a.id == id)
            return a;
    }
    throw std::runtime_error("no lane " + id);
}

}  // namespace ratelab::test
