#pragma once
// The names an enumerated scenario field accepts, for editors that offer a list instead of a
// text box: "traffic[2].kind" gives the source kinds, "cluster.store.mode" the store modes.

#include <string>
#include <string_view>
#include <vector>

namespace ratelab {

// The accepted names in the scenario file's order, or empty for a field that takes free text
// or a number. `path` is a JSON path as validateScenario names problems ("traffic[0].kind").
std::vector<std::string> scenarioFieldChoices(std::string_view path);

}  // namespace ratelab
