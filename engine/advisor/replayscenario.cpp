#include "engine/advisor/replayscenario.h"

#include "engine/core/units.h"
#include "engine/logs/logoptions.h"

#include <stdexcept>

namespace ratelab {

namespace {

// The smallest round bucket that splits the span into at most about 600 points: enough for a
// chart's width, few enough to draw at once.
Duration bucketFor(Duration span)
{
    constexpr Duration kBuckets[] = {kMicrosPerSecond,      10 * kMicrosPerSecond, kMicrosPerMinute,
                                     10 * kMicrosPerMinute, kMicrosPerHour,        6 * kMicrosPerHour,
                                     24 * kMicrosPerHour};
    for (Duration b : kBuckets)
        if (span / b <= 600)
            return b;
    return 7 * 24 * kMicrosPerHour;
}

std::string fileName(const std::string& path)
{
    const std::size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

} // namespace

Scenario replayScenario(const AdvisorResult& result, const std::string& logPath, const ImportOptions& options)
{
    if (result.requests == 0 || result.firstTime == kNever)
        throw std::invalid_argument("the advisor saw no requests: nothing to replay");
    Scenario s;
    s.name = "replay of " + fileName(logPath);
    s.description = "The imported log replayed through the advisor's recommendations (keep ";
    s.description.append(std::to_string(result.options.targetPpm / 10'000)).append("% of ");
    s.description.append(result.options.by == AdvisorTarget::Keys ? "keys" : "requests").append(" never throttled).");
    s.start = result.firstTime;
    s.duration = result.lastTime - result.firstTime + 1;  // the last request inside [start, start + duration)
    s.keys = KeyStrategy::Recorded;
    s.metrics.bucket = bucketFor(s.duration);

    SourceSpec source;
    source.kind = SourceKind::Log;
    source.label = fileName(logPath);
    source.file = logPath;
    source.logOptions = logOptionsOf(options);
    s.traffic.push_back(std::move(source));

    for (const Recommendation& r : result.recommendations) {
        AlgorithmSpec a;
        a.id = r.algorithm;
        a.algorithm = r.algorithm;
        a.params = r.params;
        s.algorithms.push_back(std::move(a));
    }
    return s;
}

} // namespace ratelab
