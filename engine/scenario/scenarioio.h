#pragma once
// Scenario JSON (schema "ratelab.scenario/1", resources/docs/scenario.md): load with full
// validation, every problem reported with its JSON path, and save.

#include "engine/scenario/scenario.h"
#include "engine/scenario/scenarioerror.h"

#include <istream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ratelab {

inline constexpr const char* kScenarioSchema = "ratelab.scenario/1";

// A scenario file is at most this large (loadScenarioFile).
inline constexpr std::size_t kMaxScenarioBytes = 4 << 20;

// `source` names the file in messages; relative trace paths resolve against `baseDir`.
// Throws ScenarioError listing every problem found: what() is one line per problem,
// "source: path: message".
Scenario loadScenario(std::string_view json, const std::string& source, const std::string& baseDir = ".");
Scenario loadScenarioFile(const std::string& path);
// A scenario read from a stream (standard input), at most kMaxScenarioBytes of it.
Scenario loadScenarioStream(std::istream& in, const std::string& source, const std::string& baseDir);
std::string saveScenario(const Scenario& scenario);

// Problems of a scenario built in code (the GUI's editor); loadScenario runs the same checks.
std::vector<ScenarioProblem> validateScenario(const Scenario& scenario);

// The scenarios shipped in resources/scenarios, embedded in the binary: name -> JSON text.
const std::vector<std::pair<std::string, std::string>>& embeddedScenarios();
Scenario defaultScenario();

}  // namespace ratelab
