#pragma once
// What an import reports: counts, the first problems with their line numbers, the time span.

#include "engine/core/simtime.h"
#include "engine/logs/parsers/logfields.h"
#include "engine/logs/parsers/logformat.h"

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace ratelab {

struct LineWarning {
    std::int64_t line = 0;  // 1-based
    LineProblem problem = LineProblem::MissingField;
    std::string field;    // where in the line ("time", "http_user_agent")
    std::string excerpt;  // the start of the line, control bytes shown as '?'
};

struct TierCount {
    std::string tier;
    std::int64_t requests = 0;
};

struct ImportSummary {
    LogFormat format = LogFormat::Auto;
    std::string detection;  // "combined: 20/20 lines match", or "chosen: combined"
    std::int64_t bytesRead = 0;
    std::int64_t linesRead = 0;  // every line, including blank lines and directives
    std::int64_t requestsImported = 0;
    std::int64_t blankLines = 0;
    std::int64_t directiveLines = 0;                        // comments, W3C directives, CSV header rows
    std::array<std::int64_t, kLineProblemCount> skipped{};  // lines not imported, by reason
    std::vector<LineWarning> problems;                      // the first ImportOptions::maxReportedProblems, in line order
    SimTime firstTime = kNever;                             // of the imported requests
    SimTime lastTime = kNever;
    std::int64_t distinctKeys = 0;
    std::int64_t reorderedLines = 0;  // imported records that came after a later one (moved back into order)
    std::int64_t backwardSteps = 0;   // records earlier than the record on the line before them
    Duration lookBackUs = 0;
    std::vector<TierCount> tiers;  // requests per tier, when a tier map was given
    // A file that shrank while it was read (logrotate's copytruncate): its size when the
    // import opened it and when it was found shorter. The import ends after the last whole
    // line read before that (linesRead); -1 when the file did not shrink.
    std::int64_t shrankFrom = -1;
    std::int64_t shrankTo = -1;

    std::int64_t skippedTotal() const;
    std::int64_t skippedFor(LineProblem p) const { return skipped[static_cast<std::size_t>(p)]; }
    std::int64_t problemsNotListed() const { return skippedTotal() - static_cast<std::int64_t>(problems.size()); }

    // Counts a line not imported, and lists it when it is among the first `maxListed` by line
    // number. Lines may come out of order (a batch's too-old lines after a later malformed
    // one, a chunk merged after its parse): the list still ends up the first, in line order.
    void skip(std::int64_t line, LineProblem problem, const char* field, std::string_view text, std::size_t maxListed);
    // Lists a warning already counted (from a parallel chunk) under the same rule.
    void listProblem(LineWarning warning, std::size_t maxListed);
};

// Input that is nothing but bad lines this far in is not a log in its format (/dev/zero, a
// binary file, the wrong --format): the import stops there instead of reading on forever.
inline constexpr std::int64_t kOnlyBadLinesLimitBytes = std::int64_t{64} << 20;

// Throws ImportError when every line so far was skipped as bad (blank lines and directives
// aside): once `summary` has read kOnlyBadLinesLimitBytes, or at the end of the input
// (`atEnd`) whatever its size, so that a small log in the wrong format is refused as a large
// one is, not imported as nothing.
void refuseWhenOnlyBadLines(const ImportSummary& summary, bool atEnd = false);

// The first bytes of a line for a warning, control and non-ASCII bytes as '?'.
std::string lineExcerpt(std::string_view line);

// "2015-05-17T10:05:00Z" (with ".123456" when there are microseconds).
std::string formatUtc(SimTime t);

// "the file shrank from 2000000 to 0 bytes during the import; read up to line 9000", or
// empty when it did not shrink.
std::string shrinkNote(const ImportSummary& summary);

// The summary as a few lines of text for a terminal (what `ratelab-cli import` prints).
std::string formatSummary(const ImportSummary& summary);

}  // namespace ratelab
