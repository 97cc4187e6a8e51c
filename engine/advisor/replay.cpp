#include "engine/advisor/replay.h"

#include <algorithm>
#include <memory>

namespace ratelab {

namespace {

double share(std::int64_t part, std::int64_t whole, double empty)
{
    return whole == 0 ? empty : static_cast<double>(part) / static_cast<double>(whole);
}

}  // namespace

double ReplayOutcome::keysUnthrottledShare() const
{
    return share(keysUnthrottled, keys, 1.0);
}
double ReplayOutcome::requestsRejectedShare() const
{
    return share(requestsRejected, requests, 0.0);
}
double ReplayOutcome::requestsOfUnthrottledKeysShare() const
{
    return share(requestsOfUnthrottledKeys, requests, 1.0);
}

// Times and their differences in unsigned arithmetic: a trace may span more than 2^63 us.
IdleGaps idleGaps(const RequestSet& set, Duration windowUs)
{
    IdleGaps gaps;
    const auto w = static_cast<std::uint64_t>(windowUs);
    std::uint64_t shift = 0;
    for (std::size_t i = 1; i < set.requests.size(); ++i) {
        const std::uint64_t gap =
            static_cast<std::uint64_t>(set.requests[i].t) - static_cast<std::uint64_t>(set.requests[i - 1].t);
        if (gap / 3 < w)  // gap < 3W, without overflow
            continue;
        shift += (gap - 2 * w) / w * w;
        gaps.steps.push_back({i, shift});
    }
    return gaps;
}

ReplayOutcome replay(const RequestSet& set, const std::string& algorithm, const ParamValues& params)
{
    return replay(set, IdleGaps{}, algorithm, params);
}

ReplayOutcome replay(const RequestSet& set, const IdleGaps& gaps, const std::string& algorithm, const ParamValues& params)
{
    constexpr std::size_t kBatch = 4096;
    BuiltLimiter built = makeLimiter(algorithm, params);
    const std::size_t keys = set.keyCount();
    ReplayOutcome out;
    out.requests = static_cast<std::int64_t>(set.requests.size());
    out.keys = static_cast<std::int64_t>(keys);
    out.rejectedPerKey.assign(keys, 0);
    out.firstRejection.assign(keys, kNever);
    std::vector<std::int64_t> requestsPerKey(keys, 0);
    // Only whether each request passes is read: the allow-only path (ratelimiter.h).
    const auto allowed = std::make_unique<bool[]>(kBatch);
    // With gaps to shorten, each batch is decided from a copy at the shortened times.
    std::vector<Request> shortened(gaps.steps.empty() ? 0 : kBatch);
    std::size_t step = 0;
    std::uint64_t shift = 0;
    for (std::size_t start = 0; start < set.requests.size(); start += kBatch) {
        const std::size_t n = std::min(kBatch, set.requests.size() - start);
        const Request* batch = set.requests.data() + start;
        const Request* decided = batch;
        if (!shortened.empty()) {
            for (std::size_t i = 0; i < n;) {  // runs of one shift, up to the next step
                const bool stepHere = step < gaps.steps.size() && gaps.steps[step].from < start + n;
                const std::size_t end = stepHere ? gaps.steps[step].from - start : n;
                for (; i < end; ++i) {
                    shortened[i] = batch[i];
                    shortened[i].t = static_cast<SimTime>(static_cast<std::uint64_t>(batch[i].t) - shift);
                }
                if (stepHere)
                    shift = gaps.steps[step++].shift;
            }
            decided = shortened.data();
        }
        built.limiter->allowBatch(decided, n, allowed.get());
        for (std::size_t i = 0; i < n; ++i) {
            const KeyId k = batch[i].key;
            ++requestsPerKey[k];
            if (allowed[i])
                continue;
            ++out.requestsRejected;
            if (out.rejectedPerKey[k]++ == 0)
                out.firstRejection[k] = batch[i].t;
        }
    }
    for (std::size_t k = 0; k < keys; ++k) {
        if (out.rejectedPerKey[k] == 0) {
            ++out.keysUnthrottled;
            out.requestsOfUnthrottledKeys += requestsPerKey[k];
        }
    }
    return out;
}

}  // namespace ratelab
