#pragma once
// Scenario JSON parsed strictly: a key given twice in one object (which nlohmann::json would
// let the last one win) and a syntax error or an out-of-range number are problems with the
// JSON path where they occur, nesting deeper than kMaxJsonDepth is refused.

#include "engine/scenario/scenarioerror.h"

#include <nlohmann/json.hpp>

#include <string_view>
#include <vector>

namespace ratelab {

inline constexpr std::size_t kMaxJsonDepth = 64;

// The document, or a discarded value when it cannot be parsed; either way every problem
// found is appended to `problems`.
nlohmann::json parseStrictJson(std::string_view text, std::vector<ScenarioProblem>& problems);

}  // namespace ratelab
