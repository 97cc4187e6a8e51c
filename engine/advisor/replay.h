#pragma once
// One exact replay of a RequestSet through a limiter built from the catalog (the same code
// `ratelab-cli decide` runs), with what the advisor needs per key: how many requests were
// rejected and when the first one was.

#include "engine/advisor/requestset.h"
#include "engine/algorithms/catalog/catalog.h"

#include <string>
#include <vector>

namespace ratelab {

struct ReplayOutcome {
    std::int64_t requests = 0;
    std::int64_t requestsRejected = 0;
    std::int64_t keys = 0;
    std::int64_t keysUnthrottled = 0;  // keys none of whose requests was rejected
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

// The idle stretches a replay of the advisor's families at window W may shorten. Each family
// (parameterfamily.h) forgets a key's past after 2W without a request: a bucket refills and
// a leaky bucket drains within W, GCRA's tau is W, a log's window reaches back W and a
// counter's previous window at most 2W. The epoch-aligned windows keep their phase when time
// moves by whole windows. So a gap of G >= 3W between two consecutive requests (of any keys)
// may become 2W + (G mod W) without changing one decision, and a replay then spans at most
// 3W per request, whatever the log's span: a fixed window's 2^31 windows and GCRA's scaled
// times hold for any span the importer accepts (a log running to year 9999).
struct IdleGaps {
    struct Step {
        std::size_t from = 0;     // requests from this index on ...
        std::uint64_t shift = 0;  // ... move back by this much (every gap shortened before them)
    };
    std::vector<Step> steps;  // by `from`, ascending; empty when no gap reaches 3W
};
IdleGaps idleGaps(const RequestSet& set, Duration windowUs);

// The same replay with the idle gaps shortened; `gaps` from idleGaps() for the window of the
// family `params` belong to. Equal to replay(set, algorithm, params) where both run, first
// rejections included (they keep the requests' own times).
ReplayOutcome replay(const RequestSet& set, const IdleGaps& gaps, const std::string& algorithm, const ParamValues& params);

}  // namespace ratelab
