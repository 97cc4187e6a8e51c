#pragma once
// Access-log import, pulled one request at a time: next() yields the requests of a stream
// of log lines sorted by (t, line), and summary() counts what was read. This is the one
// import loop: importLog (logimporter.h) drains it into a sink, a scenario's log source
// replays it.
//
// Bad lines never stop it: each is counted by reason and the first few are listed with
// their line numbers. Memory does not grow with the input: the stream is read in blocks of
// 1 MiB, lines longer than maxLineBytes are skipped without being buffered, and only the
// keys and one look-back window of records are kept (a request leaves the reorder buffer
// when next() asks for it). Nothing is allocated per request once the buffer has grown.
// A file is read the same way, with read(2) (logfile.h). When it shrinks during the import
// (logrotate's copytruncate), the import ends after the last whole line read before it did,
// and the summary says so (ImportSummary::shrankFrom).
//
// Progress: RunControl::report(permille, "import") after every block (a few thousand
// lines) and 1000 at the end; cancel() is honoured at the same points by throwing
// ratelab::Cancelled. A progress observer, if set, gets the bytes, lines and bad lines so
// far (importprogress.h) at the same points.

#include "engine/core/keyinterner.h"
#include "engine/core/runcontrol.h"
#include "engine/logs/importoptions.h"
#include "engine/logs/reading/importedrequest.h"
#include "engine/logs/reading/importprogress.h"
#include "engine/logs/reading/importtally.h"
#include "engine/logs/reading/lineprocessor.h"
#include "engine/logs/reading/logfile.h"
#include "engine/logs/reading/requestordering.h"
#include "engine/logs/summary/importsummary.h"

#include <istream>
#include <memory>
#include <optional>

namespace ratelab {

class LogReader {
public:
    // Reads the first block and chooses the format (options.format, or detected). Keys are
    // interned into `keys` (which may already hold keys). Throws ImportError when the format
    // is not detected or the log_format is invalid, std::invalid_argument for a malformed
    // trusted proxy, Cancelled when `control` was cancelled while the block was read. An
    // empty input is no error: it yields nothing.
    LogReader(std::istream& in, const ImportOptions& options, KeyInterner& keys, RunControl* control = nullptr);
    LogReader(LogFile file, const ImportOptions& options, KeyInterner& keys, RunControl* control = nullptr);
    LogReader(const LogReader&) = delete;
    LogReader& operator=(const LogReader&) = delete;

    // Called after every block and at the end (on the thread calling next()).
    void setProgressObserver(ImportProgressFn observer) { m_observer = std::move(observer); }

    // The next request in (t, line) order; false at the end of the input. Throws Cancelled.
    bool next(ImportedRequest& out);

    // The counts of what has been read and yielded so far; complete once next() returned false.
    const ImportSummary& summary() const { return m_summary; }
    // True once next() has returned false.
    bool finished() const { return m_finished; }

private:
    void start(const ImportOptions& options, KeyInterner& keys);
    void fill();
    std::size_t readInput(std::size_t length);
    bool scanLine();
    void handle(std::string_view line);
    void order(const LineProcessor::Record& record);
    void endOfBlock();
    void finish();
    void notify(bool finished) const;

    std::istream* m_in;             // the stream read into m_buffer, or null ...
    std::optional<LogFile> m_file;  // ... for a file
    RunControl* m_control;
    ImportProgressFn m_observer;
    std::shared_ptr<const TierMap> m_tiers;  // kept alive for the key resolver and the tally
    ImportSummary m_summary;                 // linesRead doubles as the current line number
    std::int64_t m_totalBytes;
    std::size_t m_maxLine;

    // The buffer holds one block plus one partial line of up to m_maxLine bytes.
    std::size_t m_capacity;
    std::unique_ptr<char[]> m_buffer;
    std::size_t m_begin = 0;  // [m_begin, m_end) of m_buffer is read and not yet scanned
    std::size_t m_end = 0;
    bool m_eof = false;
    bool m_skippingLongLine = false;  // inside a line already reported as too long
    bool m_inputEnded = false;        // every line is read: the reorder buffer lets all go
    bool m_finished = false;

    std::optional<KeyResolver> m_keys;         // absent for an empty input, as are
    std::optional<LineProcessor> m_processor;  // the processor
    std::optional<ImportTally> m_tally;
    RequestOrdering m_ordering;
};

}  // namespace ratelab
