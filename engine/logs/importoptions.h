#pragma once
// How an access-log import reads its input: the format, how a line becomes a key, and the
// limits that keep its memory bounded.

#include "engine/core/simtime.h"
#include "engine/logs/keys/keyextractor.h"
#include "engine/logs/keys/tiermap.h"
#include "engine/logs/parsers/logformat.h"

#include <memory>
#include <stdexcept>

namespace ratelab {

struct ImportOptions {
    LogFormat format = LogFormat::Auto;  // Auto: detected from the first lines
    ParserOptions parser;
    KeyOptions key;
    std::shared_ptr<const TierMap> tiers;         // optional key -> tier map
    Duration lookBackUs = 60 * kMicrosPerSecond;  // how far back out-of-order records are reordered
    std::size_t maxLineBytes = 256 * 1024;        // longer lines are skipped (LineTooLong)
    std::size_t maxReportedProblems = 20;         // problems listed with line numbers; the rest are counted
    std::int64_t totalBytes = -1;                 // input size for progress; -1: found by seeking if possible
};

// Thrown when an import cannot start: the format is not detected, or an option is invalid.
class ImportError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace ratelab
