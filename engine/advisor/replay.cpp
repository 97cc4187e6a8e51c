#include "engine/advisor/replay.h"

#include <algorithm>

namespace ratelab {

namespace {

double share(std::int64_t part, std::int64_t whole, double empty)
{
    return whole == 0 ? empty : static_cast<double>(part) / static_cast<double>(whole);
}

} // namespace

double ReplayOutcome::keysUnthrottledShare() const { return share(keysUnthrottled, keys, 1.0); }
double ReplayOutcome::requestsRejectedShare() const { return share(requestsRejected, requests, 0.0); }
double ReplayOutcome::requestsOfUnthrottledKeysShare() const { return share(requestsOfUnthrottledKeys, requests, 1.0); }

ReplayOutcome replay(const RequestSet& set, const std::string& algorithm, const ParamValues& params)
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
    std::vector<Decision> decisions(kBatch);
    for (std::size_t start = 0; start < set.requests.size(); start += kBatch) {
        const std::size_t n = std::min(kBatch, set.requests.size() - start);
        const Request* batch = set.requests.data() + start;
        built.limiter->decideBatch(batch, n, decisions.data());
        for (std::size_t i = 0; i < n; ++i) {
            const KeyId k = batch[i].key;
            ++requestsPerKey[k];
            if (decisions[i].allowed)
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

} // namespace ratelab
