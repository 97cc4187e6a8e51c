// throttled_gcra's entry in the catalog (catalog/catalog.h): what `ratelab-cli list` shows of
// it, and how a limiter is built from its parameters.

#include "engine/algorithms/limiter/params.h"
#include "engine/algorithms/presets/throttledgcra/throttledgcra.h"

namespace ratelab {
namespace {

std::unique_ptr<RateLimiter> buildThrottledGcra(const ParamReader& p)
{
    ThrottledGcra::Params params{p.rate("rate"), p.integer("max_burst", 0)};
    // throttled's emission interval is whole nanoseconds: period / N truncated.
    if (Int128{params.rate.unitUs} * 1000 * params.rate.decimalScale() < params.rate.countScaled)
        p.fail("rate", "above 1 per nanosecond, throttled's emission interval (whole nanoseconds) would be 0");
    p.checkTimeScale("rate", timeFor(params.maxBurst + 1, params.rate),
                     "refilling max_burst + 1 = " + std::to_string(params.maxBurst + 1));
    return std::make_unique<ThrottledGcra>(params);
}

}  // namespace

AlgorithmEntry throttledGcraEntry()
{
    return {{"throttled_gcra",
             "gcra",
             true,
             "throttled/throttled GCRA: max_burst + 1 requests at once, integer nanoseconds.",
             "throttled/throttled rate.go",
             {param::rate("rate", "Quota MaxRate, e.g. 10/s (PerSec(10))."),
              param::integer("max_burst", "MaxBurst: max_burst + 1 requests pass at once.")}},
            &buildThrottledGcra};
}

}  // namespace ratelab
