#include "engine/scenario/scenarioerror.h"

#include "engine/core/cliptext.h"

namespace ratelab {
namespace {

// A message that quotes a huge value (a parameter, a log option) keeps its start and its end,
// where the reason is.
std::string clipMiddle(std::string text, std::size_t max)
{
    if (text.size() <= max)
        return text;
    const std::size_t head = max / 2;
    const std::size_t tail = max - head;
    return text.substr(0, head) + " ... (" + std::to_string(text.size() - head - tail) + " bytes) ... "
        + text.substr(text.size() - tail);
}

// Clips each problem in place; the one line per problem of what(), as a compiler writes them.
std::string describe(const std::string& source, std::vector<ScenarioProblem>& problems)
{
    std::string text;
    for (ScenarioProblem& p : problems) {
        p.path = clipMiddle(std::move(p.path), 2 * kQuotedBytes);
        p.message = clipMiddle(std::move(p.message), 2 * kQuotedBytes);
        text.append(text.empty() ? "" : "\n")
            .append(source)
            .append(": ")
            .append(p.path.empty() ? "" : p.path + ": ")
            .append(p.message);
    }
    return text;
}

}  // namespace

ScenarioError::ScenarioError(std::string source, std::vector<ScenarioProblem> problems)
    : std::runtime_error(describe(source, problems)), m_source(std::move(source)), m_problems(std::move(problems))
{}

}  // namespace ratelab
