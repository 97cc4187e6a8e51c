#pragma once
// The requests the advisor works on, held in memory: (t_us, key id, cost) sorted by time
// (ties keep their input order), with the key names. Loaded from an access log through the
// importer, or from a trace in the `decide` format (t_us,key,cost).

#include "engine/algorithms/limiter/ratelimiter.h"
#include "engine/core/keyinterner.h"
#include "engine/core/runcontrol.h"
#include "engine/core/shard.h"
#include "engine/logs/reading/importedrequest.h"
#include "engine/logs/reading/logimporter.h"
#include "engine/logs/summary/importsummary.h"

#include <istream>
#include <optional>
#include <string>
#include <vector>

namespace ratelab {

struct RequestSet {
    std::vector<Request> requests;               // sorted by t
    KeyInterner keys;                            // key id -> name
    std::optional<ImportSummary> importSummary;  // set when loaded from a log

    std::size_t keyCount() const { return keys.size(); }
    std::int64_t totalCost() const;
};

// Imports a log file (format detection, keys, reordering as `options` says). Throws
// ImportError, std::invalid_argument (bad options), or Cancelled.
RequestSet loadRequestsFromLog(const std::string& path, const ImportOptions& options, RunControl* control = nullptr,
                               unsigned threads = 1);
// The same from a stream (standard input), on one thread.
RequestSet loadRequestsFromLog(std::istream& in, const ImportOptions& options, RunControl* control = nullptr);

// The set an import's requests make (what the Logs view holds after importing): the same set
// loadRequestsFromLog builds from the file. `requests` sorted by time, as imports hand them on.
RequestSet requestSetFromImport(const std::vector<ImportedRequest>& requests, const KeyInterner& keys,
                                const ImportSummary& summary);

// Reads a decide-format trace. Throws InputError naming the file, line and field, or Cancelled.
RequestSet loadRequestsFromTrace(std::istream& in, const std::string& fileName, RunControl* control = nullptr);

// Keeps only the requests whose key falls in `shard` (core/shard.h), their keys renumbered
// in their order; the import summary, if any, stays the whole input's.
void keepShard(RequestSet& set, ShardSpec shard);

// True if `firstLine` (without its '\n') is that header; a byte order mark and a '\r' are allowed.
bool isTraceHeader(std::string firstLine);

}  // namespace ratelab
