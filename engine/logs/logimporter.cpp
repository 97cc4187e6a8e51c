#include "engine/logs/logimporter.h"

#include "engine/logs/formatdetect.h"
#include "engine/logs/importtally.h"
#include "engine/logs/lineprocessor.h"
#include "engine/logs/nginxformat.h"
#include "engine/logs/reorderbuffer.h"
#include "engine/logs/textscan.h"

#include <cstring>
#include <vector>

namespace ratelab {

namespace {

constexpr std::size_t kBlockBytes = 1 << 20;  // read size; progress and cancellation are checked per block

std::int64_t streamSize(std::istream& in)
{
    const auto start = in.tellg();
    if (start == std::istream::pos_type(-1))
        return -1;
    in.seekg(0, std::ios::end);
    const auto end = in.tellg();
    in.seekg(start);
    if (!in || end == std::istream::pos_type(-1)) {
        in.clear();
        return -1;
    }
    return static_cast<std::int64_t>(end - start);
}

// Progress in permille of the bytes consumed, when the size is known.
int permilleOf(std::int64_t done, std::int64_t total)
{
    if (total <= 0)
        return 0;
    return static_cast<int>(std::min<std::int64_t>(1000, done * 1000 / total));
}

} // namespace

ImportSummary importLog(std::istream& in, const ImportOptions& options, KeyInterner& keys, const RequestSink& sink,
                        RunControl* control)
{
    ImportSummary summary;
    summary.lookBackUs = options.lookBackUs;
    const std::int64_t totalBytes = options.totalBytes >= 0 ? options.totalBytes : streamSize(in);
    const std::size_t maxLine = std::max<std::size_t>(options.maxLineBytes, 64);

    // The buffer holds one block plus one partial line of up to maxLine bytes.
    const std::size_t capacity = kBlockBytes + maxLine;
    std::unique_ptr<char[]> buffer(new char[capacity]);
    std::size_t begin = 0;
    std::size_t end = 0;
    bool eof = false;
    const auto fill = [&] {
        if (begin > 0) {
            std::memmove(buffer.get(), buffer.get() + begin, end - begin);
            end -= begin;
            begin = 0;
        }
        while (!eof && end < capacity) {
            in.read(buffer.get() + end, static_cast<std::streamsize>(capacity - end));
            const auto got = static_cast<std::size_t>(in.gcount());
            end += got;
            summary.bytesRead += static_cast<std::int64_t>(got);
            if (!in)
                eof = true;
            if (got == 0)
                break;
        }
    };
    fill();

    // Detection from the head of the input.
    LogFormat format = options.format;
    if (format == LogFormat::Auto) {
        const Detection detection = detectFormat(std::string_view(buffer.get(), end), options.parser);
        summary.detection = detection.reason;
        if (detection.format == LogFormat::Auto) {
            if (eof && textscan::isBlankLine(std::string_view(buffer.get(), end)))
                return summary;  // empty input: nothing to import, nothing wrong
            throw ImportError("cannot detect the log format: " + detection.reason + "; choose one with --format");
        }
        format = detection.format;
    } else {
        summary.detection = "chosen: " + std::string(formatName(format));
    }
    summary.format = format;

    std::unique_ptr<LineParser> parser;
    try {
        parser = makeParser(format, options.parser);
    } catch (const LogFormatError& e) {
        throw ImportError(std::string("log_format: ") + e.what());
    }
    ImportTally tally(summary, options.tiers.get());
    LineProcessor processor(std::move(parser), options.key, options.tiers.get(), keys, summary,
                            options.maxReportedProblems);
    ReorderBuffer reorder(options.lookBackUs);
    const auto emit = [&](const ImportedRequest& r) {
        tally.count(r);
        sink(r);
    };

    std::int64_t lineNumber = 0;
    bool skippingLongLine = false;  // inside a line already reported as too long
    ImportedRequest request;
    const auto handle = [&](std::string_view line) {
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (!processor.process(line, lineNumber, request))
            return;
        switch (reorder.push(request, emit)) {
        case ReorderBuffer::Push::InOrder: break;
        case ReorderBuffer::Push::Reordered: ++summary.reorderedLines; break;
        case ReorderBuffer::Push::TooOld: processor.reject(lineNumber, LineProblem::TooOld, "time", line); break;
        }
    };

    while (true) {
        while (true) {
            const char* data = buffer.get();
            const void* nl = std::memchr(data + begin, '\n', end - begin);
            if (nl) {
                const std::size_t nlPos = static_cast<std::size_t>(static_cast<const char*>(nl) - data);
                const std::string_view line(data + begin, nlPos - begin);
                begin = nlPos + 1;
                if (skippingLongLine) {
                    skippingLongLine = false;
                    continue;
                }
                ++lineNumber;
                if (line.size() > maxLine)
                    processor.reject(lineNumber, LineProblem::LineTooLong, "line", line);
                else
                    handle(line);
                continue;
            }
            const std::size_t remaining = end - begin;
            if (skippingLongLine) {
                begin = end;
            } else if (remaining > maxLine) {
                ++lineNumber;
                processor.reject(lineNumber, LineProblem::LineTooLong, "line", std::string_view(data + begin, remaining));
                skippingLongLine = true;
                begin = end;
            } else if (eof && remaining > 0) {
                ++lineNumber;  // the last line, without a newline
                handle(std::string_view(data + begin, remaining));
                begin = end;
            }
            break;
        }
        if (control) {
            if (control->cancelled())
                throw Cancelled{};
            control->report(permilleOf(summary.bytesRead - static_cast<std::int64_t>(end - begin), totalBytes), "import");
        }
        if (eof && begin == end)
            break;
        fill();
        if (eof && begin == end)
            break;
    }
    reorder.flush(emit);
    summary.linesRead = lineNumber;

    tally.finish();
    if (control)
        control->report(1000, "import");
    return summary;
}

} // namespace ratelab
