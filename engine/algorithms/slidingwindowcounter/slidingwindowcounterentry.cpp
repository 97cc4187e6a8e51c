// The sliding window counter's entry in the catalog (catalog/catalog.h): what `ratelab-cli list` shows of
// it, and how a limiter is built from its parameters.

#include "engine/algorithms/limiter/params.h"
#include "engine/algorithms/slidingwindowcounter/slidingwindowcounter.h"

namespace ratelab {
namespace {

std::unique_ptr<RateLimiter> buildSlidingWindowCounter(const ParamReader& p)
{
    return std::make_unique<SlidingWindowCounter>(SlidingWindowCounter::Params{p.integer("limit", 1), p.duration("window")});
}

}  // namespace

AlgorithmEntry slidingWindowCounterEntry()
{
    return {{"sliding_window_counter",
             "sliding_window_counter",
             false,
             "Two counters: est = floor(prev x (W - elapsed) / W) + curr; reject iff est + cost > limit.",
             "the classic two-counter Redis Lua script",
             {param::limit(), param::window()},
             true},
            &buildSlidingWindowCounter};
}

}  // namespace ratelab
