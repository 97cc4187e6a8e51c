// GCRA's entry in the catalog (catalog/catalog.h): what `ratelab-cli list` shows of
// it, and how a limiter is built from its parameters.

#include "engine/algorithms/gcra/gcra.h"
#include "engine/algorithms/limiter/params.h"

namespace ratelab {
namespace {

std::unique_ptr<RateLimiter> buildGcra(const ParamReader& p)
{
    Gcra::Params params{p.rate("rate"), p.integer("burst", 1)};
    p.checkScaled("burst", params.burst, params.rate);
    p.checkTimeScale("rate", timeFor(params.burst, params.rate), "refilling burst " + std::to_string(params.burst));
    return std::make_unique<Gcra>(params);
}

}  // namespace

AlgorithmEntry gcraEntry()
{
    return {{"gcra",
             "gcra",
             false,
             "Generic cell rate algorithm: one theoretical arrival time per key; burst requests at once.",
             "go-redis/redis_rate lua.go (exact form)",
             {param::rate("rate", "Sustained rate, e.g. 10/s."), param::integer("burst", "Requests admitted at once from idle.")},
             true},
            &buildGcra};
}

}  // namespace ratelab
