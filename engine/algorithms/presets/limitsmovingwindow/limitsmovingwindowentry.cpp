// limits_moving_window's entry in the catalog (catalog/catalog.h): what `ratelab-cli list` shows of
// it, and how a limiter is built from its parameters.

#include "engine/algorithms/limiter/params.h"
#include "engine/algorithms/presets/limitsmovingwindow/limitsmovingwindow.h"

namespace ratelab {
namespace {

std::unique_ptr<RateLimiter> buildLimitsMovingWindow(const ParamReader& p)
{
    return std::make_unique<LimitsMovingWindow>(
        LimitsMovingWindow::Params{p.integer("limit", 1, std::int64_t{1} << 24), p.wholeSeconds("window")});
}

}  // namespace

AlgorithmEntry limitsMovingWindowEntry()
{
    return {{"limits_moving_window",
             "sliding_window_log",
             true,
             "python limits 2.8.0 MovingWindowRateLimiter: inclusive log, float seconds.",
             "python limits 2.8.0 limits/storage/memory.py acquire_entry()",
             {param::limit(), param::wholeSecondWindow()}},
            &buildLimitsMovingWindow};
}

}  // namespace ratelab
