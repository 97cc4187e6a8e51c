#pragma once
// Scenario JSON (schema "ratelab.scenario/1", resources/docs/scenario.md): load with full
// validation, every problem reported with its JSON path, and save.

#include "engine/scenario/scenario.h"

#include <istream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ratelab {

inline constexpr const char* kScenarioSchema = "ratelab.scenario/1";

struct ScenarioProblem {
    std::string path;     // e.g. "algorithms[2].params.burst"
    std::string message;  // e.g. "must be >= 1"
};

// Each problem's path and message are cut to about 240 characters, keeping both ends.
class ScenarioError : public std::runtime_error {
public:
    ScenarioError(std::string source, std::vector<ScenarioProblem> problems);
    const std::string& source() const { return m_source; }
    const std::vector<ScenarioProblem>& problems() const { return m_problems; }

private:
    std::string m_source;
    std::vector<ScenarioProblem> m_problems;
};

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
