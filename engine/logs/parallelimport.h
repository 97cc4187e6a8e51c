#pragma once
// Import of a log file on several cores. The file is memory-mapped and read in rounds of
// a few MiB; each round is cut at line boundaries into one chunk per thread, the chunks are
// parsed in parallel (each thread with its own parser and key interner), then merged in
// line order on the calling thread: local key ids are mapped to `keys`, line numbers are
// made global, and the records go through the same look-back reordering as importLog.
// The result is identical to importLog's on the same file.
//
// Formats whose lines depend on earlier lines (W3C #Fields, the CSV/TSV header) are read
// by importLog on one thread, as is everything when threads <= 1.

#include "engine/logs/logimporter.h"

#include <string>

namespace ratelab {

ImportSummary importLogFile(const std::string& path, const ImportOptions& options, KeyInterner& keys,
                            const RequestSink& sink, RunControl* control = nullptr, unsigned threads = 1);

} // namespace ratelab
