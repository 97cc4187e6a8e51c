#pragma once
// What an import reports: counts, the first problems with their line numbers, the time span.

#include "engine/core/simtime.h"
#include "engine/logs/logfields.h"
#include "engine/logs/logformat.h"

#include <array>
#include <string>
#include <vector>

namespace ratelab {

struct LineWarning {
    std::int64_t line = 0;  // 1-based
    LineProblem problem = LineProblem::MissingField;
    std::string field;      // where in the line ("time", "http_user_agent")
    std::string excerpt;    // the start of the line, control bytes shown as '?'
};

struct TierCount {
    std::string tier;
    std::int64_t requests = 0;
};

struct ImportSummary {
    LogFormat format = LogFormat::Auto;
    std::string detection;          // "combined: 20/20 lines match", or "chosen: combined"
    std::int64_t bytesRead = 0;
    std::int64_t linesRead = 0;     // every line, including blank lines and directives
    std::int64_t requestsImported = 0;
    std::int64_t blankLines = 0;
    std::int64_t directiveLines = 0;  // comments, W3C directives, CSV header rows
    std::array<std::int64_t, kLineProblemCount> skipped{};  // lines not imported, by reason
    std::vector<LineWarning> problems;  // the first ImportOptions::maxReportedProblems, in line order
    SimTime firstTime = kNever;         // of the imported requests
    SimTime lastTime = kNever;
    std::int64_t distinctKeys = 0;
    std::int64_t reorderedLines = 0;  // imported records that came after a later one (moved back into order)
    std::int64_t backwardSteps = 0;   // records earlier than the record on the line before them
    Duration lookBackUs = 0;
    std::vector<TierCount> tiers;     // requests per tier, when a tier map was given

    std::int64_t skippedTotal() const;
    std::int64_t skippedFor(LineProblem p) const { return skipped[static_cast<std::size_t>(p)]; }
    std::int64_t problemsNotListed() const { return skippedTotal() - static_cast<std::int64_t>(problems.size()); }
};

// "2015-05-17T10:05:00Z" (with ".123456" when there are microseconds).
std::string formatUtc(SimTime t);

// The summary as a few lines of text for a terminal (what `ratelab-cli import` prints).
std::string formatSummary(const ImportSummary& summary);

} // namespace ratelab
