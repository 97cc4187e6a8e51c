#include "engine/logs/parallelimport.h"

#include "engine/logs/formatdetect.h"
#include "engine/logs/importtally.h"
#include "engine/logs/lineprocessor.h"
#include "engine/logs/logreader.h"
#include "engine/logs/mappedfile.h"
#include "engine/logs/nginxformat.h"
#include "engine/logs/reorderbuffer.h"
#include "engine/logs/textscan.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <thread>
#include <vector>

namespace ratelab {

namespace {

constexpr std::size_t kRoundBytesPerThread = 8 << 20;  // work per thread between merges and progress reports
constexpr std::int64_t kCancelCheckLines = 4096;

// One thread's state, kept across rounds so its interner and parser caches stay warm.
struct Worker {
    KeyInterner localKeys;
    ImportSummary counts;  // blank/directive lines and problems, with chunk-local line numbers
    std::unique_ptr<LineProcessor> processor;
    std::vector<ImportedRequest> records;  // this round's, with local key ids and line numbers
    std::vector<KeyId> toGlobal;           // local key id -> id in the caller's interner
    std::int64_t lines = 0;                // lines in this round's chunk

    void run(std::string_view chunk, std::size_t maxLine, const RunControl* control)
    {
        records.clear();
        counts.problems.clear();
        lines = 0;
        ImportedRequest r;
        std::size_t pos = 0;
        while (pos < chunk.size()) {
            const std::size_t nl = textscan::findChar(chunk, '\n', pos);
            const std::size_t end = nl == textscan::npos ? chunk.size() : nl;
            std::string_view line = chunk.substr(pos, end - pos);
            pos = end + 1;
            ++lines;
            if (line.size() > maxLine) {
                processor->reject(lines, LineProblem::LineTooLong, "line", line);
                continue;
            }
            if (!line.empty() && line.back() == '\r')
                line.remove_suffix(1);
            if (processor->process(line, lines, r))
                records.push_back(r);
            if (lines % kCancelCheckLines == 0 && control && control->cancelled())
                return;
        }
    }
};

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

bool isStateful(LogFormat f) { return f == LogFormat::W3c || f == LogFormat::Csv || f == LogFormat::Tsv; }

} // namespace

ImportSummary importLogFile(const std::string& path, const ImportOptions& options, KeyInterner& keys,
                            const RequestSink& sink, RunControl* control, unsigned threads)
{
    const auto sequential = [&] {
        if (!std::filesystem::is_regular_file(path)) {  // a pipe or a device: read it as a stream
            std::ifstream in(path, std::ios::binary);
            if (!in)
                throw ImportError(path + ": cannot open the log file");
            return importLog(in, options, keys, sink, control);
        }
        LogReader reader(MappedFile(path), options, keys, control);
        ImportedRequest request;
        while (reader.next(request))
            sink(request);
        return reader.summary();
    };
    if (threads <= 1 || isStateful(options.format))
        return sequential();

    MappedFile file(path);
    const std::string_view text = file.text();
    ImportSummary summary;
    summary.lookBackUs = options.lookBackUs;
    summary.bytesRead = static_cast<std::int64_t>(text.size());

    LogFormat format = options.format;
    if (format == LogFormat::Auto) {
        const Detection detection = detectFormat(text.substr(0, 1 << 20), options.parser);
        if (detection.format == LogFormat::Auto || isStateful(detection.format))
            return sequential();  // importLog reports the failure, or reads the stateful format
        summary.detection = detection.reason;
        format = detection.format;
    } else {
        summary.detection = "chosen: " + std::string(formatName(format));
    }
    summary.format = format;

    const std::size_t maxLine = std::max<std::size_t>(options.maxLineBytes, 64);
    std::vector<Worker> workers(threads);
    for (Worker& w : workers) {
        std::unique_ptr<LineParser> parser;
        try {
            parser = makeParser(format, options.parser);
        } catch (const LogFormatError& e) {
            throw ImportError(std::string("log_format: ") + e.what());
        }
        w.processor = std::make_unique<LineProcessor>(std::move(parser), options.key, options.tiers.get(), w.localKeys,
                                                      w.counts, options.maxReportedProblems);
    }

    ImportTally tally(summary, options.tiers.get());
    ReorderBuffer reorder(options.lookBackUs);
    const auto emit = [&](const ImportedRequest& r) {
        tally.count(r);
        sink(r);
    };

    std::vector<std::string_view> chunks(threads);
    std::vector<LineWarning> tooOld;
    std::int64_t linesBefore = 0;
    SimTime previousTime = kNever;
    std::size_t pos = 0;
    while (pos < text.size()) {
        // Cut this round into one chunk per thread, each ending at a line end.
        const std::size_t roundEnd = afterLineEnd(text, std::min(text.size(), pos + kRoundBytesPerThread * threads));
        const std::size_t share = (roundEnd - pos) / threads;
        std::size_t chunkStart = pos;
        for (unsigned i = 0; i < threads; ++i) {
            const std::size_t chunkEnd = i + 1 == threads ? roundEnd : afterLineEnd(text, std::max(chunkStart, pos + share * (i + 1)));
            chunks[i] = text.substr(chunkStart, chunkEnd - chunkStart);
            chunkStart = chunkEnd;
        }

        std::vector<std::thread> helpers;
        for (unsigned i = 1; i < threads; ++i)
            helpers.emplace_back([&, i] { workers[i].run(chunks[i], maxLine, control); });
        workers[0].run(chunks[0], maxLine, control);
        for (std::thread& t : helpers)
            t.join();
        if (control && control->cancelled())
            throw Cancelled{};

        // Merge in line order.
        for (unsigned i = 0; i < threads; ++i) {
            Worker& w = workers[i];
            while (w.toGlobal.size() < w.localKeys.size())
                w.toGlobal.push_back(keys.intern(w.localKeys.name(static_cast<KeyId>(w.toGlobal.size()))));
            for (LineWarning warning : w.counts.problems) {
                warning.line += linesBefore;
                summary.problems.push_back(std::move(warning));
            }
            for (ImportedRequest r : w.records) {
                r.key = w.toGlobal[r.key];
                r.line += linesBefore;
                if (previousTime != kNever && r.t < previousTime)
                    ++summary.backwardSteps;
                previousTime = r.t;
                switch (reorder.push(r, emit)) {
                case ReorderBuffer::Push::InOrder: break;
                case ReorderBuffer::Push::Reordered: ++summary.reorderedLines; break;
                case ReorderBuffer::Push::TooOld:
                    ++summary.skipped[static_cast<std::size_t>(LineProblem::TooOld)];
                    summary.problems.push_back({r.line, LineProblem::TooOld, "time", {}});
                    break;
                }
            }
            linesBefore += w.lines;
        }
        std::stable_sort(summary.problems.begin(), summary.problems.end(),
                         [](const LineWarning& a, const LineWarning& b) { return a.line < b.line; });
        if (summary.problems.size() > options.maxReportedProblems)
            summary.problems.resize(options.maxReportedProblems);
        pos = roundEnd;
        if (control) {
            if (control->cancelled())
                throw Cancelled{};
            control->report(static_cast<int>(static_cast<double>(pos) * 1000.0 / static_cast<double>(text.size())),
                            "import");
        }
    }
    reorder.flush(emit);

    summary.linesRead = linesBefore;
    for (const Worker& w : workers) {
        summary.blankLines += w.counts.blankLines;
        summary.directiveLines += w.counts.directiveLines;
        for (std::size_t p = 0; p < summary.skipped.size(); ++p)
            summary.skipped[p] += w.counts.skipped[p];
    }
    tally.finish();
    if (control)
        control->report(1000, "import");
    return summary;
}

} // namespace ratelab
