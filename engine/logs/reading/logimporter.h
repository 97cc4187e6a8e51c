#pragma once
// Access-log import as a pure function: a stream of log lines to requests in time order
// (handed to a sink) and an ImportSummary. It drains a LogReader (logreader.h), which says
// how bad lines, out-of-order lines, memory, progress and cancellation are handled.

#include "engine/core/keyinterner.h"
#include "engine/core/runcontrol.h"
#include "engine/logs/importoptions.h"
#include "engine/logs/reading/importedrequest.h"
#include "engine/logs/reading/importprogress.h"
#include "engine/logs/summary/importsummary.h"

#include <istream>

namespace ratelab {

class LogReader;

// Reads `in` to its end. The keys of imported requests, and only those, are interned into
// `keys` (which may already hold keys); requests reach `sink` sorted by (t, line);
// `onProgress`, if set, hears how far it is once per block and at the end. Throws
// ImportError, or Cancelled.
ImportSummary importLog(std::istream& in, const ImportOptions& options, KeyInterner& keys, const RequestSink& sink,
                        RunControl* control = nullptr, const ImportProgressFn& onProgress = {});

// Drains `reader` into `sink`; then its complete summary.
ImportSummary importAll(LogReader& reader, const RequestSink& sink);

}  // namespace ratelab
