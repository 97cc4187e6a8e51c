// libFuzzer target: the parameter parser. The input is an algorithm name on its first line
// and `name=value` pairs on the following ones, as `--param` takes them; the catalog either
// builds a limiter or refuses with a ParamError naming the field. A built limiter then
// decides a few requests at times from t = 0 up to a day later, all of which must keep the
// decision's contract. Any other exception, a crash or a sanitizer report is a finding.

#include "engine/algorithms/catalog/catalog.h"

#include <cstdint>
#include <sstream>
#include <string>

using namespace ratelab;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    std::string name;
    std::getline(in, name);
    ParamValues params;
    for (std::string line; std::getline(in, line);) {
        const std::size_t eq = line.find('=');
        if (eq != std::string::npos)
            params[line.substr(0, eq)] = line.substr(eq + 1);
    }
    BuiltLimiter built;
    try {
        built = makeLimiter(name, params);
    } catch (const ParamError& e) {
        if (e.field().empty() || std::string(e.what()).empty())
            __builtin_trap();
        return 0;
    }
    const SimTime day = 86'400 * kMicrosPerSecond;
    for (const SimTime t : {SimTime(0), SimTime(0), SimTime(1), SimTime(999'999), SimTime(1'000'000), day / 2, day}) {
        for (const Cost cost : {Cost(1), Cost(2), Cost(1'000'000)}) {
            if (!built.limiter->acceptsCost(cost))
                continue;
            const Decision d = built.limiter->decide(0, t, cost);
            if (d.remaining < 0 || d.retryAfterUs < -1 || d.delayUs < 0 || (d.allowed && d.retryAfterUs != 0))
                __builtin_trap();
        }
    }
    return 0;
}
