// libFuzzer target: the trace reader over arbitrary bytes, each row decided by one algorithm
// or preset of the catalog (the first byte picks it, with the parameters the property tests
// use). A trace is either read to its end or refused with an InputError naming its line and
// field; decisions keep their contract (remaining >= 0; retry -1 or >= 0, and 0 when
// allowed). Any other exception, a crash or a sanitizer report is a finding.

#include "engine/algorithms/catalog/catalog.h"
#include "engine/core/keyinterner.h"
#include "engine/randomtrace.h"
#include "engine/tracecsv/tracereader.h"

#include <cstdint>
#include <sstream>
#include <string>

using namespace ratelab;

namespace {

// "capacity=10 refill=10/s" as parameters.
ParamValues paramsFrom(const std::string& text)
{
    ParamValues values;
    std::istringstream words(text);
    for (std::string kv; words >> kv;) {
        const std::size_t eq = kv.find('=');
        values[kv.substr(0, eq)] = kv.substr(eq + 1);
    }
    return values;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    const auto& cases = test::everyLimiter();
    const test::LimiterCase& c = cases[data[0] % cases.size()];
    BuiltLimiter built = makeLimiter(c.name, paramsFrom(c.params));
    KeyInterner keys;
    std::istringstream in(std::string(reinterpret_cast<const char*>(data + 1), size - 1));
    try {
        TraceReader reader(in, "fuzz.csv");
        TraceRow row;
        while (reader.next(row)) {
            if (!built.limiter->acceptsCost(row.cost))
                continue;
            const Decision d = built.limiter->decide(keys.intern(row.key), row.t, row.cost);
            if (d.remaining < 0 || d.retryAfterUs < -1 || d.delayUs < 0 || (d.allowed && d.retryAfterUs != 0))
                __builtin_trap();
        }
    } catch (const InputError& e) {
        if (e.line() < 1 || e.field().empty())
            __builtin_trap();
    }
    return 0;
}
