#pragma once
// Access-log import: a pure function from a stream of log lines to requests in time order
// (handed to a sink) and an ImportSummary. Bad lines never stop it: each is counted by
// reason and the first few are reported with their line numbers. Memory does not grow
// with the input: the stream is read in blocks, lines longer than maxLineBytes are
// skipped without being buffered, and only the keys and one look-back window of records
// are kept.
//
// Progress: RunControl::report(permille, "import") after every block (about 1 MiB, a few
// thousand lines); cancel() is honoured at the same points by throwing ratelab::Cancelled.

#include "engine/core/keyinterner.h"
#include "engine/core/runcontrol.h"
#include "engine/logs/importedrequest.h"
#include "engine/logs/importsummary.h"
#include "engine/logs/keyextractor.h"
#include "engine/logs/logformat.h"
#include "engine/logs/tiermap.h"

#include <istream>
#include <memory>
#include <stdexcept>

namespace ratelab {

struct ImportOptions {
    LogFormat format = LogFormat::Auto;  // Auto: detected from the first lines
    ParserOptions parser;
    KeyOptions key;
    std::shared_ptr<const TierMap> tiers;             // optional key -> tier map
    Duration lookBackUs = 60 * kMicrosPerSecond;      // how far back out-of-order records are reordered
    std::size_t maxLineBytes = 256 * 1024;            // longer lines are skipped (LineTooLong)
    std::size_t maxReportedProblems = 20;             // problems listed with line numbers; the rest are counted
    std::int64_t totalBytes = -1;                     // input size for progress; -1: found by seeking if possible
};

// Thrown when an import cannot start: the format is not detected, or an option is invalid.
class ImportError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Reads `in` to its end. Keys are interned into `keys` (which may already hold keys);
// requests reach `sink` sorted by (t, line). Throws ImportError, or Cancelled.
ImportSummary importLog(std::istream& in, const ImportOptions& options, KeyInterner& keys, const RequestSink& sink,
                        RunControl* control = nullptr);

} // namespace ratelab
