#include "engine/scenario/replayscenario.h"

#include "engine/core/units.h"
#include "engine/logs/logoptions.h"

#include <stdexcept>

namespace ratelab {

namespace {

// The smallest round bucket that splits the span into at most 200 points: a readable curve of
// acceptance over time.
Duration bucketFor(Duration span)
{
    constexpr Duration kBuckets[] = {kMicrosPerSecond, 10 * kMicrosPerSecond, kMicrosPerMinute,   10 * kMicrosPerMinute,
                                     kMicrosPerHour,   6 * kMicrosPerHour,    24 * kMicrosPerHour};
    for (Duration b : kBuckets)
        if (span / b <= 200)
            return b;
    return 7 * 24 * kMicrosPerHour;
}

// 990000 -> "99%", 999000 -> "99.9%", 995500 -> "99.55%".
std::string percentOf(std::int64_t ppm)
{
    std::string text = std::to_string(ppm / 10'000);
    if (std::int64_t rest = ppm % 10'000; rest != 0) {
        std::string digits = std::to_string(10'000 + rest).substr(1);  // four digits, leading zeros kept
        digits.erase(digits.find_last_not_of('0') + 1);
        text.append(".").append(digits);
    }
    return text + "%";
}

std::string fileName(const std::string& path)
{
    const std::size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

Scenario replayScenario(const AdvisorResult& result, const std::string& path, const std::optional<ImportOptions>& log)
{
    if (result.requests == 0 || result.firstTime == kNever)
        throw std::invalid_argument("the advisor saw no requests: nothing to replay");
    Scenario s;
    s.name = "replay of " + fileName(path);
    s.description = log ? "The imported log" : "The trace";
    s.description.append(" replayed through the advisor's recommendations: keep ").append(percentOf(result.options.targetPpm));
    s.description.append(" of ")
        .append(result.options.by == AdvisorTarget::Keys ? "keys" : "requests")
        .append(" never throttled.");
    s.start = result.firstTime;
    s.duration = result.lastTime - result.firstTime + 1;  // the last request inside [start, start + duration)
    s.keys = KeyStrategy::Recorded;
    s.metrics.bucket = bucketFor(s.duration);
    s.metrics.burstWindow = result.options.windowUs;  // peak bursts over the families' window W

    SourceSpec source;
    source.kind = log ? SourceKind::Log : SourceKind::Trace;
    source.label = fileName(path);
    source.file = path;
    if (log)
        source.logOptions = logOptionsOf(*log);
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

}  // namespace ratelab
