#include "engine/logs/reading/parallelimport.h"

#include "engine/logs/parsers/formatdetect.h"
#include "engine/logs/parsers/textscan.h"
#include "engine/logs/reading/importtally.h"
#include "engine/logs/reading/lineprocessor.h"
#include "engine/logs/reading/logfile.h"
#include "engine/logs/reading/logreader.h"
#include "engine/logs/reading/requestordering.h"

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

// Memory does not grow with the thread count: the chunks read ahead of the merge hold at
// most kInFlightBytes of the file between them (2 per thread, each 1 MiB down to 256 KiB),
// and the keys are kept once, by the merge.
constexpr std::size_t kInFlightBytes = 32 << 20;
constexpr std::size_t kMaxChunkBytes = 1 << 20;  // a worker's unit of work; progress is reported per chunk
constexpr std::size_t kMinChunkBytes = 256 << 10;
constexpr std::size_t kResolveAhead = 16;  // requests between fetching a key's table slot and resolving the key

bool isStateful(LogFormat f)
{
    return f == LogFormat::W3c || f == LogFormat::Csv || f == LogFormat::Tsv;
}

// A request as a parsing thread leaves it: its key copied and hashed, not yet interned.
// The merge interns it, in file order, so that ids follow first appearance as on one
// thread; the parsing threads share no key table. The key is copied so that the merge reads
// it from the requests it reads anyway, in order, not from lines another core read.
struct ParsedRequest {
    static constexpr std::size_t kShortKey = 16;  // every IPv4 address

    SimTime t = 0;
    std::uint64_t keyHash = 0;     // KeyResolver::hashOf(key)
    std::uint32_t line = 0;        // 1-based, in the chunk
    std::uint32_t lineOffset = 0;  // where the line starts in the chunk's text (to quote it if too old)
    std::uint32_t keyLength = 0;
    std::uint32_t keyOffset = 0;  // of a longer key, in the chunk's longKeys
    char shortKey[kShortKey];     // a key of up to kShortKey bytes
};

// One chunk of whole lines, read from the file, and what a worker made of it: its requests
// with chunk-local line numbers, and the chunk's counts and first problems. A slot's buffers
// are reused by every chunk it holds.
struct ChunkResult {
    std::unique_ptr<char[]> buffer;  // a line left over from the chunk before, then what was read
    std::string_view text;           // the chunk's lines, in `buffer`
    std::int64_t fileEnd = 0;        // the file offset after the chunk's lines
    std::int64_t lines = 0;
    std::vector<ParsedRequest> requests;
    std::string longKeys;  // the keys longer than ParsedRequest::kShortKey, one after another
    ImportSummary counts;  // blank, directive and skipped lines; problems
    bool ready = false;

    void keep(const LineProcessor::Record& record)
    {
        const std::string_view key = record.key();
        ParsedRequest& r = requests.emplace_back();
        r.t = record.t;
        r.keyHash = record.keyHash();
        r.line = static_cast<std::uint32_t>(record.line);
        r.lineOffset = static_cast<std::uint32_t>(record.text.data() - text.data());
        r.keyLength = static_cast<std::uint32_t>(key.size());
        if (key.size() <= ParsedRequest::kShortKey) {
            std::memcpy(r.shortKey, key.data(), key.size());
        } else {
            r.keyOffset = static_cast<std::uint32_t>(longKeys.size());
            longKeys.append(key);
        }
    }
    std::string_view keyOf(const ParsedRequest& r) const
    {
        if (r.keyLength <= ParsedRequest::kShortKey)
            return {r.shortKey, r.keyLength};
        return {longKeys.data() + r.keyOffset, r.keyLength};
    }
    std::string_view lineOf(const ParsedRequest& r) const
    {
        const std::size_t end = textscan::findChar(text, '\n', r.lineOffset);
        return text.substr(r.lineOffset, end == textscan::npos ? end : end - r.lineOffset);
    }
};

// One parsing thread's own parser, kept across chunks so that its caches stay warm.
struct Worker {
    ImportSummary counts;
    LineProcessor processor;

    Worker(LogFormat format, const ImportOptions& options) : processor(format, options, counts, nullptr) {}

    void parse(std::size_t maxLine, ChunkResult& out)
    {
        counts.blankLines = counts.directiveLines = 0;
        counts.skipped = {};
        counts.problems.clear();
        out.requests.clear();
        out.longKeys.clear();
        out.lines = 0;
        const std::string_view chunk = out.text;
        const auto keep = [&](const LineProcessor::Record& record) { out.keep(record); };
        for (std::size_t pos = 0; pos < chunk.size();) {
            const std::size_t nl = textscan::findChar(chunk, '\n', pos);
            const std::size_t end = nl == textscan::npos ? chunk.size() : nl;
            const std::string_view line = chunk.substr(pos, end - pos);
            pos = end + 1;
            ++out.lines;
            if (line.size() > maxLine) {
                processor.reject(out.lines, LineProblem::LineTooLong, "line", line);
                continue;
            }
            processor.add(line, out.lines);
            processor.makeRoom(keep);
        }
        processor.drain(keep);
        out.counts.blankLines = counts.blankLines;
        out.counts.directiveLines = counts.directiveLines;
        out.counts.skipped = counts.skipped;
        out.counts.problems.swap(counts.problems);
    }
};

// The pipeline: chunks are read off the file in order and parsed by whichever thread is
// free; the calling thread merges them strictly in file order (and parses too while the
// next chunk to merge is not ready). At most 2 chunks per thread are read ahead of the merge.
class ParallelImport {
public:
    ParallelImport(LogFile& file, LogFormat format, const ImportOptions& options, KeyInterner& keys, unsigned threads,
                   ImportSummary& summary)
        : m_file(file), m_options(options), m_summary(summary), m_format(format),
          m_maxLine(std::max<std::size_t>(options.maxLineBytes, 64)), m_slots(2 * threads),
          m_chunkBytes(std::clamp(kInFlightBytes / m_slots.size(), kMinChunkBytes, kMaxChunkBytes)),
          m_resolver(keys, options.tiers.get()), m_ordering(options.lookBackUs, summary), m_tally(summary, options.tiers.get())
    {
        for (unsigned i = 0; i < threads; ++i)  // each worker's processor refers to its counts: never moved
            m_workers.push_back(std::make_unique<Worker>(format, options));
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
        refuseWhenOnlyBadLines(m_summary, true);
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
    bool claim(std::size_t& index)
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
    // is rejected there, as LogReader does) and the rest of it is read and dropped, a chunk
    // of no line at a time. True when the file is all read. Only the thread that set m_reading calls it.
    bool readChunk(ChunkResult& chunk)
    {
        if (!chunk.buffer)
            chunk.buffer = std::make_unique<char[]>(m_maxLine + m_chunkBytes);
        char* const buffer = chunk.buffer.get();
        if (m_carryLength > 0)  // m_carry is null before the first chunk
            std::memcpy(buffer, m_carry, m_carryLength);
        std::size_t begin = 0;
        const std::size_t end = m_carryLength + m_file.read(buffer + m_carryLength, m_chunkBytes);
        const bool atEnd = end - m_carryLength < m_chunkBytes;
        m_carryLength = 0;
        if (m_skippingLongLine) {
            const std::size_t nl = textscan::findChar(std::string_view(buffer, end), '\n');
            if (nl == textscan::npos && !atEnd) {
                // Still inside it: a chunk of no line, so that progress, a cancel and the stop
                // after 64 MiB of bad lines come at each chunk as on one thread.
                chunk.text = {};
                chunk.fileEnd = m_file.offset();
                return false;
            }
            begin = nl == textscan::npos ? end : nl + 1;
            m_skippingLongLine = false;
        }
        if (m_atFileStart) {  // a byte order mark is no part of the first line
            m_atFileStart = false;
            begin = end - textscan::withoutByteOrderMark(std::string_view(buffer, end)).size();
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
            m_workers[worker]->parse(m_maxLine, slot);
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
            if (!claim(index))
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
                if (claim(index))
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

    // The chunk's requests in line order through the shared ordering, as LogReader does;
    // each kept request's key is interned here, in file order.
    void merge(ChunkResult& chunk, const RequestSink& sink)
    {
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
            if (i + kResolveAhead < count)  // the key table outgrows the cache: fetch ahead
                m_resolver.prefetch(chunk.requests[i + kResolveAhead].keyHash);
            const ParsedRequest& parsed = chunk.requests[i];
            const std::int64_t line = m_summary.linesRead + parsed.line;
            if (!m_ordering.admit(parsed.t)) {  // too old: reported, its key not interned
                m_summary.skip(line, LineProblem::TooOld, "time", chunk.lineOf(parsed), m_options.maxReportedProblems);
                continue;
            }
            const KeyResolver::Resolved key = m_resolver.resolve(chunk.keyOf(parsed), parsed.keyHash);
            const ImportedRequest r{parsed.t, key.id, key.tier, line};
            m_ordering.push(r, [&](const ImportedRequest& ready) { emit(ready, sink); });
        }
        m_summary.linesRead += chunk.lines;
        m_summary.bytesRead = chunk.fileEnd;
    }

    void emit(const ImportedRequest& r, const RequestSink& sink)
    {
        m_tally.count(r);
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

    LogFile& m_file;
    const ImportOptions& m_options;
    ImportSummary& m_summary;
    LogFormat m_format;
    std::size_t m_maxLine;
    std::vector<std::unique_ptr<Worker>> m_workers;  // [0] is the calling thread's
    std::vector<ChunkResult> m_slots;
    std::size_t m_chunkBytes;
    KeyResolver m_resolver;  // the merge's alone
    RequestOrdering m_ordering;
    ImportTally m_tally;

    // The reading thread's own (claim: m_reading makes it the only one).
    const char* m_carry = nullptr;  // the start of a line the last chunk read ends in, in its buffer
    std::size_t m_carryLength = 0;
    bool m_skippingLongLine = false;  // inside a line too long to carry, whose head has been read
    bool m_atFileStart = true;        // the next chunk read is the first

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
        const Detection detection = detectFormat(textscan::withoutByteOrderMark(head), options.parser);
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
