// limits_sliding_window_counter's entry in the catalog (catalog/catalog.h): what `ratelab-cli list` shows of
// it, and how a limiter is built from its parameters.

#include "engine/algorithms/limiter/params.h"
#include "engine/algorithms/presets/limitsslidingwindowcounter/limitsslidingwindowcounter.h"

namespace ratelab {
namespace {

std::unique_ptr<RateLimiter> buildLimitsSlidingWindowCounter(const ParamReader& p)
{
    return std::make_unique<LimitsSlidingWindowCounter>(
        LimitsSlidingWindowCounter::Params{p.integer("limit", 1), p.wholeSeconds("window")});
}

}  // namespace

AlgorithmEntry limitsSlidingWindowCounterEntry()
{
    return {{"limits_sliding_window_counter",
             "sliding_window_counter",
             true,
             LimitsSlidingWindowCounter::kSummary,
             LimitsSlidingWindowCounter::kReference,
             {param::limit(), param::wholeSecondWindow()}},
            &buildLimitsSlidingWindowCounter};
}

}  // namespace ratelab
