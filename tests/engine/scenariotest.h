#pragma once
// Helpers for the tests that run whole scenarios: an embedded scenario by name, a run, and
// one algorithm's report by id.

#include "engine/engine.h"
#include "engine/scenario/scenarioio.h"

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

inline const AlgorithmReport& lane(const Report& r, const std::string& id)
{
    for (const AlgorithmReport& a : r.algorithms) {
        if (a.id == id)
            return a;
    }
    throw std::runtime_error("no lane " + id);
}

} // namespace ratelab::test
