#pragma once
// Import of a log file, on one core or several. With several threads the file is read in
// chunks of up to 1 MiB cut at line ends (with read(2), logfile.h: a file that shrinks
// meanwhile just ends early), which the threads parse as they become free (each with its own
// parser and key interner) while the calling thread merges the parsed chunks strictly in file
// order (parsing too whenever the next chunk is not ready): local key ids are mapped to
// `keys` in order of first kept request, line numbers are made global, and the requests go
// through the same ordering as LogReader's (requestordering.h). The result is identical to
// one thread's on the same file; progress is reported per merged chunk. The memory the
// threads add is bounded whatever their number: 32 MiB of chunks in flight and 64 MiB of key
// tables between them (parallelimport.cpp).
//
// Formats whose lines depend on earlier lines (W3C #Fields, the CSV/TSV header), and
// anything that is not a regular file, are read by one thread (a LogReader). Throws
// ImportError with the OS reason when the file cannot be opened or read.

#include "engine/logs/reading/logimporter.h"

#include <string>

namespace ratelab {

// The threads an import uses unless told otherwise: the machine's cores (1 to 64). The
// result does not depend on it.
unsigned defaultImportThreads();

ImportSummary importLogFile(const std::string& path, const ImportOptions& options, KeyInterner& keys, const RequestSink& sink,
                            RunControl* control = nullptr, unsigned threads = 1, const ImportProgressFn& onProgress = {});

}  // namespace ratelab
