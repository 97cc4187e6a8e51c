// The fixed window's entry in the catalog (catalog/catalog.h): what `ratelab-cli list` shows of
// it, and how a limiter is built from its parameters.

#include "engine/algorithms/fixedwindow/fixedwindow.h"
#include "engine/algorithms/limiter/params.h"

namespace ratelab {
namespace {

std::unique_ptr<RateLimiter> buildFixedWindow(const ParamReader& p)
{
    FixedWindowParams params;
    params.limit = p.integer("limit", 1);
    params.windowUs = p.duration("window");
    params.countRejected = p.boolean("count_rejected");
    if (p.choice("align") == "first")
        return std::make_unique<FixedWindowFirst<ExactExpiry>>(params);
    return std::make_unique<FixedWindowEpoch>(params);
}

}  // namespace

AlgorithmEntry fixedWindowEntry()
{
    return {
        {"fixed_window",
         "fixed_window",
         false,
         "One counter per window; allow iff used + cost <= limit.",
         "Redis INCR + EXPIRE pattern; python limits storage/memory.py",
         {param::limit(), param::window(),
          param::boolean("count_rejected", "Add the cost of rejected requests too (the INCR-first pattern)."),
          param::choice("align", "epoch: windows [kW, (k+1)W); first: a window opens at the first request.", {"epoch", "first"})},
         true},
        &buildFixedWindow};
}

}  // namespace ratelab
