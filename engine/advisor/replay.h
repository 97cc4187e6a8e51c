#pragma once
// One exact replay of a RequestSet through a limiter built from the catalog (the same code
// `ratelab-cli decide` runs), with what the advisor needs per key: how many requests were
// rejected and when the first one was.

#include "engine/advisor/requestset.h"
#include "engine/algorithms/catalog.h"

#include <string>
#include <vector>

namespace ratelab {

struct ReplayOutcome {
    std::int64_t requests = 0;
    std::int64_t requestsRejected = 0;
    std::int64_t keys = 0;
    std::int64_t keysUnthrottled = 0;       // keys none of whose requests was rejected
    std::int64_t requestsOfUnthrottledKeys = 0;
    std::vector<std::int64_t> rejectedPerKey;  // indexed by key id
    std::vector<SimTime> firstRejection;       // kNever when none

    // count / total as a double; 0 of 0 is 0 for rejections and 1 for unthrottled keys.
    double keysUnthrottledShare() const;
    double requestsRejectedShare() const;
    double requestsOfUnthrottledKeysShare() const;
};

// Throws ParamError for bad parameters.
ReplayOutcome replay(const RequestSet& set, const std::string& algorithm, const ParamValues& params);

} // namespace ratelab
