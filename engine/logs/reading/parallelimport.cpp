#include "engine/logs/reading/parallelimport.h"

#include "engine/logs/parsers/formatdetect.h"
#include "engine/logs/parsers/textscan.h"
#include "engine/logs/reading/lineprocessor.h"
#include "engine/logs/reading/logfile.h"
#include "engine/logs/reading/logreader.h"
#include "engine/logs/reading/requestordering.h"
#include "engine/logs/summary/importtally.h"

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace ratelab {

namespace {

// Memory does not grow with the thread count. The chunks read ahead of the merge hold at
// most kInFlightBytes of the file between them (2 per thread, each 1 MiB down to 256 KiB);
// the threads' key tables hold at most kWorkerKeyBytes between them: a thread whose table
// outgrows its share starts a new one at its next chunk (a key it meets again is then new to
// it, and mapped to the same global id by the merge).
constexpr std::size_t kInFlightBytes = 32 << 20;
constexpr std::size_t kMaxChunkBytes = 1 << 20;  // a worker's unit of work; progress is reported per chunk
constexpr std::size_t kMinChunkBytes = 256 << 10;
constexpr std::size_t kWorkerKeyBytes = 64 << 20;
// A key in a thread's tables: its interner's name, its lookup slots, and the merge's copy
// of the name, its hash and its id mapping; the name itself in each (an upper estimate).
constexpr std::size_t kKeyOverheadBytes = 256;
constexpr KeyId kUnmapped = ~KeyId{0};
constexpr std::size_t kMapAhead = 16;  // requests between fetching a key's id mapping and using it

bool isStateful(LogFormat f)
{
    return f == LogFormat::W3c || f == LogFormat::Csv || f == LogFormat::Tsv;
}

// One chunk of whole lines, read from the file, and what a worker made of it: its requests
// with chunk-local line numbers and worker-local key ids, the offset of each request's line
// (to quote it if it proves too old), and the chunk's counts and first problems. A slot's
// buffer is reused by every chunk it holds.
struct ChunkResult {
    std::unique_ptr<char[]> buffer;  // a line left over from the chunk before, then what was read
    std::string_view text;           // the chunk's lines, in `buffer`
    std::int64_t fileEnd = 0;        // the file offset after the chunk's lines
    unsigned worker = 0;
    std::int64_t lines = 0;
    std::vector<ImportedRequest> requests;
    std::vector<std::uint32_t> lineOffsets;   // per request, into `text`
    ImportSummary counts;                     // blank, directive and skipped lines; problems
    std::vector<std::string> newKeys;         // names of the worker's keys first seen in this chunk
    std::vector<std::uint64_t> newKeyHashes;  // and their KeyInterner::hashOf, for the merge
    bool keysRestarted = false;               // the worker started a new key table for this chunk
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
        : processor(std::make_unique<LineProcessor>(format, options, keys, counts, KeyIndex::Owner::Exclusive)), keyBudget(budget)
    {}

    void parse(std::size_t maxLine, LogFormat format, const ImportOptions& options, ChunkResult& out)
    {
        out.keysRestarted = keyBytes > keyBudget;
        if (out.keysRestarted) {
            keys = KeyInterner{};
            processor = std::make_unique<LineProcessor>(format, options, keys, counts, KeyIndex::Owner::Exclusive);
            keyBytes = 0;
        }
        counts.blankLines = counts.directiveLines = 0;
        counts.skipped = {};
        counts.problems.clear();
        out.requests.clear();
        out.lineOffsets.clear();
        out.lines = 0;
        const std::size_t keysBefore = keys.size();
        const std::string_view chunk = out.text;
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
        out.newKeyHashes.clear();
        for (std::size_t k = keysBefore; k < keys.size(); ++k) {
            out.newKeys.emplace_back(keys.name(static_cast<KeyId>(k)));
            out.newKeyHashes.push_back(KeyInterner::hashOf(out.newKeys.back()));
            keyBytes += kKeyOverheadBytes + 3 * out.newKeys.back().size();
        }
    }
};

// The pipeline: chunks are read off the file in order and parsed by whichever thread is
// free; the calling thread merges them strictly in file order (and parses too while the
// next chunk to merge is not ready). At most 2 chunks per thread are read ahead of the merge.
class ParallelImport {
public:
    ParallelImport(LogFile& file, LogFormat format, const ImportOptions& options, KeyInterner& keys, unsigned threads,
                   ImportSummary& summary)
        : m_file(file), m_options(options), m_keys(keys), m_summary(summary), m_format(format),
          m_maxLine(std::max<std::size_t>(options.maxLineBytes, 64)), m_slots(2 * threads),
          m_chunkBytes(std::clamp(kInFlightBytes / m_slots.size(), kMinChunkBytes, kMaxChunkBytes)), m_keyMaps(threads),
          m_ordering(options.lookBackUs, summary), m_tally(summary, options.tiers.get())
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
    // Whether a thread may start reading the next chunk: none is being read, the file is not
    // all read, and a slot is free (the merge is less than a slot count behind). Under m_mutex.
    bool canClaim() const { return !m_reading && !m_inputEnded && !m_stopped && m_claimed - m_merged < m_slots.size(); }

    // Reads the next chunk into the next free slot. The read runs outside m_mutex, so the
    // other threads hand in and merge chunks meanwhile (held, it serialised a tenth of the
    // work); m_reading keeps reads one at a time, hence in file order. False when another
    // thread was reading first, or the read failed (the import then stops).
    bool claim(unsigned worker, std::size_t& index)
    {
        {
            std::lock_guard lock(m_mutex);
            if (!canClaim())
                return false;
            m_reading = true;
            index = m_claimed;
        }
        ChunkResult& slot = m_slots[index % m_slots.size()];  // merged already: no one else looks at it
        bool ended = false;
        std::exception_ptr failure;
        try {
            ended = readChunk(slot);
        } catch (...) {
            failure = std::current_exception();
        }
        {
            std::lock_guard lock(m_mutex);
            m_reading = false;
            if (failure) {
                if (!m_failure)
                    m_failure = failure;
                m_stopped = true;
            } else {
                m_inputEnded = ended;
                slot.worker = worker;
                slot.ready = false;
                ++m_claimed;
            }
        }
        m_changed.notify_all();
        return !failure;
    }

    // Fills `chunk` with the next whole lines of the file: the line carried over from the
    // chunk before, then m_chunkBytes read, up to the last line end; the rest is carried to
    // the next chunk. A line longer than maxLine is not carried: its head ends the chunk (and
    // is rejected there, as LogReader does) and the rest of it is read and dropped. True when
    // the file is all read. Only the thread that set m_reading calls it.
    bool readChunk(ChunkResult& chunk)
    {
        if (!chunk.buffer)
            chunk.buffer = std::make_unique<char[]>(m_maxLine + m_chunkBytes);
        char* const buffer = chunk.buffer.get();
        if (m_carryLength > 0)  // m_carry is null before the first chunk
            std::memcpy(buffer, m_carry, m_carryLength);
        std::size_t begin = 0;
        std::size_t end = m_carryLength + m_file.read(buffer + m_carryLength, m_chunkBytes);
        bool atEnd = end - m_carryLength < m_chunkBytes;
        m_carryLength = 0;
        while (m_skippingLongLine) {
            const std::size_t nl = textscan::findChar(std::string_view(buffer, end), '\n');
            if (nl != textscan::npos) {
                begin = nl + 1;
                m_skippingLongLine = false;
            } else if (atEnd) {
                begin = end;
                m_skippingLongLine = false;
            } else {
                end = m_file.read(buffer, m_chunkBytes);
                atEnd = end < m_chunkBytes;
            }
        }
        const std::string_view data(buffer + begin, end - begin);
        const std::size_t lastNl = data.rfind('\n');
        const std::size_t whole = lastNl == std::string_view::npos ? 0 : lastNl + 1;
        if (atEnd) {
            // The line cut off where the file shrank is not a line; the last line of a file
            // that did not is one, with or without a newline.
            chunk.text = m_file.shrunkTo() >= 0 ? data.substr(0, whole) : data;
        } else if (data.size() - whole > m_maxLine) {
            chunk.text = data;
            m_skippingLongLine = true;
        } else {
            chunk.text = data.substr(0, whole);
            m_carry = data.data() + whole;
            m_carryLength = data.size() - whole;
        }
        chunk.fileEnd = m_file.offset() - static_cast<std::int64_t>(data.size() - chunk.text.size());
        return atEnd;
    }

    void parseClaimed(unsigned worker, std::size_t index)
    {
        ChunkResult& slot = m_slots[index % m_slots.size()];
        try {
            m_workers[worker].parse(m_maxLine, m_format, m_options, slot);
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
            {
                std::unique_lock lock(m_mutex);
                m_changed.wait(lock, [&] { return m_stopped || m_inputEnded || canClaim(); });
                if (m_stopped || m_inputEnded)
                    return;  // stopped, or the whole file is read
            }
            std::size_t index = 0;
            if (!claim(worker, index))
                continue;  // another thread read first, or the read failed (then stopped)
            parseClaimed(worker, index);
            if (control && control->cancelled())
                stop();
        }
    }

    void mergeLoop(const RequestSink& sink, RunControl* control, const ImportProgressFn& onProgress)
    {
        for (;;) {
            bool parse = false;
            {
                std::unique_lock lock(m_mutex);
                const auto nextReady = [&] { return m_merged < m_claimed && m_slots[m_merged % m_slots.size()].ready; };
                // Merging comes first; only while the next chunk is not ready does this thread read and parse.
                m_changed.wait(lock, [&] {
                    return m_stopped || nextReady() || (m_merged == m_claimed && m_inputEnded) || (parse = canClaim());
                });
                if (m_stopped || (!parse && !nextReady()))
                    return;  // failed, cancelled, or everything merged
            }
            if (parse) {
                std::size_t index = 0;
                if (claim(0, index))
                    parseClaimed(0, index);
                continue;
            }
            merge(m_slots[m_merged % m_slots.size()], sink);
            refuseWhenOnlyBadLines(m_summary);
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
        std::vector<std::uint64_t>& hashes = m_keyMaps[chunk.worker].hashes;
        if (chunk.keysRestarted) {  // a worker's chunks merge in the order it parsed them
            names.clear();
            hashes.clear();
            toGlobal.clear();
        }
        for (std::string& name : chunk.newKeys)
            names.push_back(std::move(name));
        for (const std::uint64_t hash : chunk.newKeyHashes) {
            hashes.push_back(hash);
            m_keys.prefetch(hash);  // most of these keys are interned below: start their lookups now
        }
        toGlobal.resize(names.size(), kUnmapped);

        for (LineWarning& warning : chunk.counts.problems) {
            warning.line += m_summary.linesRead;
            m_summary.listProblem(std::move(warning), m_options.maxReportedProblems);
        }
        m_summary.blankLines += chunk.counts.blankLines;
        m_summary.directiveLines += chunk.counts.directiveLines;
        for (std::size_t p = 0; p < m_summary.skipped.size(); ++p)
            m_summary.skipped[p] += chunk.counts.skipped[p];

        const std::size_t count = chunk.requests.size();
        for (std::size_t i = 0; i < count; ++i) {
            if (i + kMapAhead < count)  // the id map is too big for the L1 cache: fetch ahead
                __builtin_prefetch(&toGlobal[chunk.requests[i + kMapAhead].key]);
            ImportedRequest r = chunk.requests[i];
            r.line += m_summary.linesRead;
            if (!m_ordering.admit(r.t)) {  // too old: reported, its key not interned
                const std::size_t start = chunk.lineOffsets[i];
                const std::size_t end = textscan::findChar(chunk.text, '\n', start);
                m_summary.skip(r.line, LineProblem::TooOld, "time",
                               chunk.text.substr(start, end == textscan::npos ? end : end - start),
                               m_options.maxReportedProblems);
                continue;
            }
            KeyId& global = toGlobal[r.key];
            if (global == kUnmapped) {  // first kept here, in file order: ids follow first appearance
                global = m_keys.intern(names[r.key], hashes[r.key]);
                m_tally.countKey(global);  // each request is emitted, below or at the end
            }
            r.key = global;
            m_ordering.push(r, [&](const ImportedRequest& ready) { emit(ready, sink); });
        }
        m_summary.linesRead += chunk.lines;
        m_summary.bytesRead = chunk.fileEnd;
    }

    void emit(const ImportedRequest& r, const RequestSink& sink)
    {
        m_tally.countRequest(r);  // its key was counted when first mapped
        sink(r);
    }

    void report(RunControl* control, const ImportProgressFn& onProgress) const
    {
        const std::int64_t total = m_file.size();
        const std::int64_t done = m_summary.bytesRead;
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
        std::vector<std::string> names;     // a worker's local key names, by local id
        std::vector<std::uint64_t> hashes;  // their KeyInterner::hashOf
        std::vector<KeyId> ids;             // local id -> id in m_keys, kUnmapped until first merged
    };

    LogFile& m_file;
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

    // The reading thread's own (claim: m_reading makes it the only one).
    const char* m_carry = nullptr;  // the start of a line the last chunk read ends in, in its buffer
    std::size_t m_carryLength = 0;
    bool m_skippingLongLine = false;  // inside a line too long to carry, whose head has been read

    std::mutex m_mutex;  // guards what follows, and the slots' `ready` flags
    std::condition_variable m_changed;
    bool m_reading = false;     // a thread is reading the next chunk (claim)
    bool m_inputEnded = false;  // the file is all read
    std::size_t m_claimed = 0;  // chunks read
    std::size_t m_merged = 0;   // chunks merged
    bool m_stopped = false;     // cancelled or failed
    std::exception_ptr m_failure;
};

}  // namespace

unsigned defaultImportThreads()
{
    return std::clamp(std::thread::hardware_concurrency(), 1u, 64u);
}

ImportSummary importLogFile(const std::string& path, const ImportOptions& options, KeyInterner& keys, const RequestSink& sink,
                            RunControl* control, unsigned threads, const ImportProgressFn& onProgress)
{
    LogFile file(path);
    const auto oneThread = [&] {
        LogReader reader(std::move(file), options, keys, control);
        reader.setProgressObserver(onProgress);
        return importAll(reader, sink);
    };
    if (!file.isRegular() || threads <= 1 || isStateful(options.format))
        return oneThread();  // a pipe or a device is read as a stream

    ImportSummary summary;
    summary.lookBackUs = options.lookBackUs;
    LogFormat format = options.format;
    if (format == LogFormat::Auto) {
        std::string head(std::min<std::int64_t>(file.size(), kMaxChunkBytes), '\0');
        head.resize(file.readHead(head.data(), head.size()));
        const Detection detection = detectFormat(head, options.parser);
        if (detection.format == LogFormat::Auto || isStateful(detection.format))
            return oneThread();  // it reports the failure, or reads the stateful format
        summary.detection = detection.reason;
        format = detection.format;
    } else {
        summary.detection = "chosen: " + std::string(formatName(format));
    }
    summary.format = format;

    ParallelImport(file, format, options, keys, threads, summary).run(sink, control, onProgress);
    if (file.shrunkTo() >= 0) {
        summary.shrankFrom = file.size();
        summary.shrankTo = file.shrunkTo();
    }
    if (control)
        control->report(1000, "import");
    if (onProgress)
        onProgress({summary.bytesRead, file.size(), summary.linesRead, summary.skippedTotal(), true});
    return summary;
}

}  // namespace ratelab
