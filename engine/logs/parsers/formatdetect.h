#pragma once
// Automatic format detection: every candidate parser reads the first lines of the input
// (up to kDetectionLines lines that are not blank and not '#' comments; comments are fed
// too, so W3C sees its #Fields) and scores the lines it accepts as records or header rows.
// The highest score wins; ties go to the earlier candidate in this order: w3c, alb,
// haproxy, jsonl, combined, common, tsv, csv (and nginx first when a log_format is given).

#include "engine/logs/parsers/logformat.h"

#include <string>
#include <string_view>
#include <vector>

namespace ratelab {

inline constexpr int kDetectionLines = 20;

struct FormatScore {
    LogFormat format = LogFormat::Auto;
    int matched = 0;  // lines accepted
    int sampled = 0;  // lines tried
};

struct Detection {
    LogFormat format = LogFormat::Auto;  // Auto when nothing matched any line
    int matched = 0;
    int sampled = 0;
    std::vector<FormatScore> scores;  // every candidate, in trial order
    std::string reason;               // "combined: 20/20 lines match"
};

// `head` is the start of the input (whole lines; a partial last line is ignored unless it
// is all there is).
Detection detectFormat(std::string_view head, const ParserOptions& options);

}  // namespace ratelab
