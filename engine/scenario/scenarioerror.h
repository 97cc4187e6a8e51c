#pragma once
// A scenario's problems, each with its JSON path, and the error that carries them: what
// loading, validating or building a scenario throws (scenarioio.h and the readers under it).

#include <stdexcept>
#include <string>
#include <vector>

namespace ratelab {

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

}  // namespace ratelab
