#pragma once
// How far an import is, for a progress display with a live bad-line count and an ETA: the
// LogReader (logreader.h) reports it once per block it reads (1 MiB) and once at the end, on
// the thread that reads, so nothing is added to the per-line loop.

#include <cstdint>
#include <functional>

namespace ratelab {

struct ImportProgress {
    std::int64_t bytesDone = 0;    // bytes consumed: the lines before them have been handled
    std::int64_t totalBytes = -1;  // the input's size; -1 when unknown
    std::int64_t linesRead = 0;
    std::int64_t badLines = 0;  // lines not imported so far, every reason (ImportSummary::skippedTotal)
    bool finished = false;      // the last report: the counts are the final summary's
};

using ImportProgressFn = std::function<void(const ImportProgress&)>;

}  // namespace ratelab
