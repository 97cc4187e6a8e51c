// The sliding window log's entry in the catalog (catalog/catalog.h): what `ratelab-cli list` shows of
// it, and how a limiter is built from its parameters.

#include "engine/algorithms/limiter/params.h"
#include "engine/algorithms/slidingwindowlog/slidingwindowlog.h"

namespace ratelab {
namespace {

std::unique_ptr<RateLimiter> buildSlidingWindowLog(const ParamReader& p)
{
    SlidingWindowLog::Params params;
    params.limit = p.integer("limit", 1, std::int64_t{1} << 24);
    params.windowUs = p.duration("window");
    params.boundary =
        p.choice("boundary") == "inclusive" ? SlidingWindowLog::Boundary::Inclusive : SlidingWindowLog::Boundary::Exclusive;
    return std::make_unique<SlidingWindowLog>(params);
}

}  // namespace

AlgorithmEntry slidingWindowLogEntry()
{
    return {{"sliding_window_log",
             "sliding_window_log",
             false,
             "Exact log of admitted cost; allow iff cost in the last window + cost <= limit.",
             "Redis ZSET + ZREMRANGEBYSCORE; python limits moving window",
             {param::limit(), param::window(),
              param::choice("boundary", "exclusive: an entry exactly W old no longer counts; inclusive: it still counts.",
                            {"exclusive", "inclusive"})},
             true},
            &buildSlidingWindowLog};
}

}  // namespace ratelab
