// limits_fixed_window's: the fixed window opened at the first hit, with python limits' float expiry entry in the catalog (catalog/catalog.h): what `ratelab-cli list` shows of
// it, and how a limiter is built from its parameters.

#include "engine/algorithms/fixedwindow/fixedwindow.h"
#include "engine/algorithms/limiter/params.h"

namespace ratelab {
namespace {

std::unique_ptr<RateLimiter> buildLimitsFixedWindow(const ParamReader& p)
{
    FixedWindowParams params;
    params.limit = p.integer("limit", 1);
    params.windowUs = p.wholeSeconds("window");
    params.countRejected = true;
    return std::make_unique<FixedWindowFirst<PythonFloatExpiry>>(params);
}

}  // namespace

AlgorithmEntry limitsFixedWindowEntry()
{
    return {{"limits_fixed_window",
             "fixed_window",
             true,
             "python limits 2.8.0 FixedWindowRateLimiter: window opens at the first hit, counts rejected cost.",
             "python limits 2.8.0 limits/storage/memory.py incr()",
             {param::limit(), param::wholeSecondWindow()}},
            &buildLimitsFixedWindow};
}

}  // namespace ratelab
