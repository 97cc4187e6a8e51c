#include "engine/logs/parallelimport.h"

#include "engine/logs/formatdetect.h"
#include "engine/logs/importtally.h"
#include "engine/logs/lineprocessor.h"
#include "engine/logs/logreader.h"
#include "engine/logs/mappedfile.h"
#include "engine/logs/requestordering.h"
#include "engine/logs/textscan.h"

#include <algorithm>
#include <condition_variable>
#include <exception>
#include <fstream>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace ratelab {

namespace {

// Memory does not grow with the thread count. The chunks parsed ahead of the merge hold at
// most kInFlightBytes of the file between them (2 per thread, each 1 MiB down to 256 KiB);
// the threads' key tables hold at most kWorkerKeyBytes between them: a thread whose table
// outgrows its share starts a new one at its next chunk (a key it meets again is then new to
// it, and mapped to the same global id by the merge).
constexpr std::size_t kInFlightBytes = 32 << 20;
constexpr std::size_t kMaxChunkBytes = 1 << 20;  // a worker's unit of work; progress is reported per chunk
constexpr std::size_t kMinChunkBytes = 256 << 10;
constexpr std::size_t kWorkerKeyBytes = 64 << 20;
// A key in a thread's tables: its interner's name and map node, its lookup slot, and the
// merge's copy of the name and its id mapping; the name itself in each.
constexpr std::size_t kKeyOverheadBytes = 256;
constexpr KeyId kUnmapped = ~KeyId{0};

bool isStateful(LogFormat f) { return f == LogFormat::W3c || f == LogFormat::Csv || f == LogFormat::Tsv; }

// The end of the line that contains text[pos - 1]: the index after its '\n' (or the end).
std::size_t afterLineEnd(std::string_view text, std::size_t pos)
{
    if (pos == 0 || pos >= text.size())
        return std::min(pos, text.size());
    if (text[pos - 1] == '\n')
        return pos;
    const std::size_t nl = textscan::findChar(text, '\n', pos);
    return nl == textscan::npos ? text.size() : nl + 1;
}

// What a worker made of one chunk: its requests with chunk-local line numbers and
// worker-local key ids, the offset of each request's line (to quote it if it proves too
// old), and the chunk's counts and first problems.
struct ChunkResult {
    std::size_t begin = 0;  // in the file
    std::size_t end = 0;
    unsigned worker = 0;
    std::int64_t lines = 0;
    std::vector<ImportedRequest> requests;
    std::vector<std::uint32_t> lineOffsets;  // per request, from `begin`
    ImportSummary counts;                    // blank, directive and skipped lines; problems
    std::vector<std::string> newKeys;        // names of the worker's keys first seen in this chunk
    bool keysRestarted = false;              // the worker started a new key table for this chunk
    bool ready = false;
};

// One parsing thread's own parser and key interner, kept across chunks so that its caches
// stay warm.
struct Worker {
    KeyInterner keys;
    ImportSummary counts;
    std::unique_ptr<LineProcessor> processor;
    std::size_t keyBytes = 0;  // estimated, of `keys` and what the merge keeps for them
    std::size_t keyBudget = 0;

    Worker(LogFormat format, const ImportOptions& options, std::size_t budget)
        : processor(std::make_unique<LineProcessor>(format, options, keys, counts))
        , keyBudget(budget)
    {
    }

    void parse(std::string_view text, std::size_t maxLine, LogFormat format, const ImportOptions& options,
               ChunkResult& out)
    {
        out.keysRestarted = keyBytes > keyBudget;
        if (out.keysRestarted) {
            keys = KeyInterner{};
            processor = std::make_unique<LineProcessor>(format, options, keys, counts);
            keyBytes = 0;
        }
        counts.blankLines = counts.directiveLines = 0;
        counts.skipped = {};
        counts.problems.clear();
        out.requests.clear();
        out.lineOffsets.clear();
        out.lines = 0;
        const std::size_t keysBefore = keys.size();
        const std::string_view chunk = text.substr(out.begin, out.end - out.begin);
        const auto keep = [&](const LineProcessor::Record& record) {
            out.requests.push_back(processor->request(record));
            out.lineOffsets.push_back(static_cast<std::uint32_t>(record.text.data() - chunk.data()));
        };
        for (std::size_t pos = 0; pos < chunk.size();) {
            const std::size_t nl = textscan::findChar(chunk, '\n', pos);
            const std::size_t end = nl == textscan::npos ? chunk.size() : nl;
            const std::string_view line = chunk.substr(pos, end - pos);
            pos = end + 1;
            ++out.lines;
            if (line.size() > maxLine) {
                processor->reject(out.lines, LineProblem::LineTooLong, "line", line);
                continue;
            }
            processor->add(line, out.lines);
            processor->makeRoom(keep);
        }
        processor->drain(keep);
        out.counts.blankLines = counts.blankLines;
        out.counts.directiveLines = counts.directiveLines;
        out.counts.skipped = counts.skipped;
        out.counts.problems.swap(counts.problems);
        out.newKeys.clear();
        for (std::size_t k = keysBefore; k < keys.size(); ++k) {
            out.newKeys.emplace_back(keys.name(static_cast<KeyId>(k)));
            keyBytes += kKeyOverheadBytes + 3 * out.newKeys.back().size();
        }
    }
};

// The pipeline: chunks are cut off the file in order and parsed by whichever thread is
// free; the calling thread merges them strictly in file order (and parses too while the
// next chunk to merge is not ready). At most 2 chunks per thread are parsed ahead of the merge.
class ParallelImport {
public:
    ParallelImport(std::string_view text, LogFormat format, const ImportOptions& options, KeyInterner& keys,
                   unsigned threads, ImportSummary& summary)
        : m_text(text)
        , m_options(options)
        , m_keys(keys)
        , m_summary(summary)
        , m_format(format)
        , m_maxLine(std::max<std::size_t>(options.maxLineBytes, 64))
        , m_slots(2 * threads)
        , m_chunkBytes(std::clamp(kInFlightBytes / m_slots.size(), kMinChunkBytes, kMaxChunkBytes))
        , m_keyMaps(threads)
        , m_ordering(options.lookBackUs, summary)
        , m_tally(summary, options.tiers.get())
    {
        m_workers.reserve(threads);  // never moved: each worker's processor refers to its members
        for (unsigned i = 0; i < threads; ++i)
            m_workers.emplace_back(format, options, kWorkerKeyBytes / threads);
    }

    void run(const RequestSink& sink, RunControl* control, const ImportProgressFn& onProgress)
    {
        std::vector<std::thread> helpers;
        for (unsigned i = 1; i < m_workers.size(); ++i)
            helpers.emplace_back([this, i, control] { parseLoop(i, control); });
        try {
            mergeLoop(sink, control, onProgress);
        } catch (...) {
            stop();
            for (std::thread& t : helpers)
                t.join();
            throw;
        }
        for (std::thread& t : helpers)
            t.join();
        if (m_failure)
            std::rethrow_exception(m_failure);
        if (control && control->cancelled())
            throw Cancelled{};
        m_ordering.flush([&](const ImportedRequest& r) { emit(r, sink); });
        m_tally.finish();
    }

private:
    // Cuts the next chunk and gives it a slot; false when the file is all cut or the merge
    // is all the slots behind. Called with m_mutex held.
    bool claim(unsigned worker, std::size_t& index)
    {
        if (m_cut >= m_text.size() || m_claimed - m_merged >= m_slots.size() || m_stopped)
            return false;
        index = m_claimed++;
        ChunkResult& slot = m_slots[index % m_slots.size()];
        slot.begin = m_cut;
        slot.end = afterLineEnd(m_text, std::min(m_text.size(), m_cut + m_chunkBytes));
        slot.worker = worker;
        slot.ready = false;
        m_cut = slot.end;
        return true;
    }

    void parseClaimed(unsigned worker, std::size_t index)
    {
        ChunkResult& slot = m_slots[index % m_slots.size()];
        try {
            m_workers[worker].parse(m_text, m_maxLine, m_format, m_options, slot);
        } catch (...) {
            std::lock_guard lock(m_mutex);
            if (!m_failure)
                m_failure = std::current_exception();
            m_stopped = true;
        }
        {
            std::lock_guard lock(m_mutex);
            slot.ready = true;
        }
        m_changed.notify_all();
    }

    void parseLoop(unsigned worker, const RunControl* control)
    {
        for (;;) {
            std::size_t index = 0;
            bool claimed = false;
            {
                std::unique_lock lock(m_mutex);
                m_changed.wait(lock, [&] { return m_stopped || m_cut >= m_text.size() || (claimed = claim(worker, index)); });
                if (!claimed)
                    return;  // stopped, or the whole file is cut
            }
            parseClaimed(worker, index);
            if (control && control->cancelled())
                stop();
        }
    }

    void mergeLoop(const RequestSink& sink, RunControl* control, const ImportProgressFn& onProgress)
    {
        for (;;) {
            std::size_t parseIndex = 0;
            bool parse = false;
            {
                std::unique_lock lock(m_mutex);
                const auto nextReady = [&] {
                    return m_merged < m_claimed && m_slots[m_merged % m_slots.size()].ready;
                };
                m_changed.wait(lock, [&] {
                    return m_stopped || nextReady() || (m_merged == m_claimed && m_cut >= m_text.size())
                        || (parse = claim(0, parseIndex));
                });
                if (m_stopped || (!parse && !nextReady()))
                    return;  // failed, cancelled, or everything merged
            }
            if (parse) {
                parseClaimed(0, parseIndex);
                continue;
            }
            merge(m_slots[m_merged % m_slots.size()], sink);
            {
                std::lock_guard lock(m_mutex);
                ++m_merged;
            }
            m_changed.notify_all();
            report(control, onProgress);
            if (control && control->cancelled()) {
                stop();
                return;
            }
        }
    }

    // The chunk's requests in line order through the shared ordering, as LogReader does.
    void merge(ChunkResult& chunk, const RequestSink& sink)
    {
        std::vector<KeyId>& toGlobal = m_keyMaps[chunk.worker].ids;
        std::vector<std::string>& names = m_keyMaps[chunk.worker].names;
        if (chunk.keysRestarted) {  // a worker's chunks merge in the order it parsed them
            names.clear();
            toGlobal.clear();
        }
        for (std::string& name : chunk.newKeys)
            names.push_back(std::move(name));
        toGlobal.resize(names.size(), kUnmapped);

        for (LineWarning& warning : chunk.counts.problems) {
            warning.line += m_summary.linesRead;
            m_summary.listProblem(std::move(warning), m_options.maxReportedProblems);
        }
        m_summary.blankLines += chunk.counts.blankLines;
        m_summary.directiveLines += chunk.counts.directiveLines;
        for (std::size_t p = 0; p < m_summary.skipped.size(); ++p)
            m_summary.skipped[p] += chunk.counts.skipped[p];

        for (std::size_t i = 0; i < chunk.requests.size(); ++i) {
            ImportedRequest r = chunk.requests[i];
            r.line += m_summary.linesRead;
            if (!m_ordering.admit(r.t)) {  // too old: reported, its key not interned
                const std::size_t start = chunk.begin + chunk.lineOffsets[i];
                const std::size_t end = textscan::findChar(m_text, '\n', start);
                m_summary.skip(r.line, LineProblem::TooOld, "time",
                               m_text.substr(start, end == textscan::npos ? end : end - start), m_options.maxReportedProblems);
                continue;
            }
            KeyId& global = toGlobal[r.key];
            if (global == kUnmapped)  // first kept here, in file order: ids follow first appearance
                global = m_keys.intern(names[r.key]);
            r.key = global;
            m_ordering.push(r, [&](const ImportedRequest& ready) { emit(ready, sink); });
        }
        m_summary.linesRead += chunk.lines;
        m_bytesMerged = chunk.end;
    }

    void emit(const ImportedRequest& r, const RequestSink& sink)
    {
        m_tally.count(r);
        sink(r);
    }

    void report(RunControl* control, const ImportProgressFn& onProgress) const
    {
        const auto total = static_cast<std::int64_t>(m_text.size());
        const auto done = static_cast<std::int64_t>(m_bytesMerged);
        if (control)
            control->report(static_cast<int>(total > 0 ? done * 1000 / total : 1000), "import");
        if (onProgress)
            onProgress({done, total, m_summary.linesRead, m_summary.skippedTotal(), false});
    }

    void stop()
    {
        {
            std::lock_guard lock(m_mutex);
            m_stopped = true;
        }
        m_changed.notify_all();
    }

    struct KeyMap {
        std::vector<std::string> names;  // a worker's local key names, by local id
        std::vector<KeyId> ids;          // local id -> id in m_keys, kUnmapped until first merged
    };

    std::string_view m_text;
    const ImportOptions& m_options;
    KeyInterner& m_keys;
    ImportSummary& m_summary;
    LogFormat m_format;
    std::size_t m_maxLine;
    std::vector<Worker> m_workers;  // [0] is the calling thread's
    std::vector<ChunkResult> m_slots;
    std::size_t m_chunkBytes;
    std::vector<KeyMap> m_keyMaps;  // per worker; the merge's alone
    RequestOrdering m_ordering;
    ImportTally m_tally;
    std::size_t m_bytesMerged = 0;

    std::mutex m_mutex;  // guards what follows, and the slots' `ready` flags
    std::condition_variable m_changed;
    std::size_t m_cut = 0;      // the file is cut into chunks up to here
    std::size_t m_claimed = 0;  // chunks cut
    std::size_t m_merged = 0;   // chunks merged
    bool m_stopped = false;     // cancelled or failed
    std::exception_ptr m_failure;
};

} // namespace

unsigned defaultImportThreads()
{
    return std::clamp(std::thread::hardware_concurrency(), 1u, 64u);
}

ImportSummary importLogFile(const std::string& path, const ImportOptions& options, KeyInterner& keys,
                            const RequestSink& sink, RunControl* control, unsigned threads,
                            const ImportProgressFn& onProgress)
{
    std::optional<MappedFile> file = mapIfRegularFile(path);
    if (!file) {  // a pipe or a device: read it as a stream
        std::ifstream in(path, std::ios::binary);
        if (!in)
            throw ImportError("cannot open the log file");
        return importLog(in, options, keys, sink, control, onProgress);
    }
    const auto oneThread = [&] {
        LogReader reader(std::move(*file), options, keys, control);
        reader.setProgressObserver(onProgress);
        return importAll(reader, sink);
    };
    if (threads <= 1 || isStateful(options.format))
        return oneThread();

    const std::string_view text = file->text();
    ImportSummary summary;
    summary.lookBackUs = options.lookBackUs;
    summary.bytesRead = static_cast<std::int64_t>(text.size());
    LogFormat format = options.format;
    if (format == LogFormat::Auto) {
        const Detection detection = detectFormat(text.substr(0, 1 << 20), options.parser);
        if (detection.format == LogFormat::Auto || isStateful(detection.format))
            return oneThread();  // it reports the failure, or reads the stateful format
        summary.detection = detection.reason;
        format = detection.format;
    } else {
        summary.detection = "chosen: " + std::string(formatName(format));
    }
    summary.format = format;

    ParallelImport(text, format, options, keys, threads, summary).run(sink, control, onProgress);
    if (control)
        control->report(1000, "import");
    if (onProgress)
        onProgress({summary.bytesRead, summary.bytesRead, summary.linesRead, summary.skippedTotal(), true});
    return summary;
}

} // namespace ratelab
