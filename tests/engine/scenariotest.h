#pragma once
// Helpers for the tests that run whole scenarios: an embedded scenario by name, a run, and
// one algorithm's report by id, and the problems of a scenario that does not load.

#include "engine/engine.h"
#include "engine/scenario/scenarioio.h"

#include <QStringList>

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

// The problems of loading `json`, as "path: message" lines; empty when it loads.
inline QStringList problemsOf(const std::string& json)
{
    try {
        loadScenario(json, "t.json");
    } catch (const ScenarioError& e) {
        QStringList lines;
        for (const ScenarioProblem& p : e.problems())
            lines << QString::fromStdString(p.path + ": " + p.message);
        return lines;
    }
    return {};
}

}  // namespace ratelab::test
