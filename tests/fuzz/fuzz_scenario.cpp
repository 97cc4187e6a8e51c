// libFuzzer target: the scenario loader over arbitrary bytes. A scenario either loads, and
// saves to JSON that loads again to the same JSON, or is refused with a ScenarioError that
// names at least one problem. Any other exception, a crash or a sanitizer report is a
// finding. Files the scenario names resolve against a folder that does not exist, so
// nothing outside the input is read.

#include "engine/scenario/scenarioio.h"

#include <cstdint>
#include <string>

using namespace ratelab;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string json(reinterpret_cast<const char*>(data), size);
    try {
        const Scenario scenario = loadScenario(json, "fuzz.json", "/nonexistent-ratelab-fuzz");
        const std::string saved = saveScenario(scenario);
        if (saveScenario(loadScenario(saved, "saved.json", "/nonexistent-ratelab-fuzz")) != saved)
            __builtin_trap();  // save and load must round-trip
    } catch (const ScenarioError& e) {
        if (e.problems().empty())
            __builtin_trap();
    }
    return 0;
}
