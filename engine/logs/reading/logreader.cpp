#include "engine/logs/reading/logreader.h"

#include "engine/logs/parsers/formatdetect.h"
#include "engine/logs/parsers/textscan.h"

#include <cstring>

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

}  // namespace

LogReader::LogReader(std::istream& in, const ImportOptions& options, KeyInterner& keys, RunControl* control)
    : m_in(&in), m_control(control), m_tiers(options.tiers),
      m_totalBytes(options.totalBytes >= 0 ? options.totalBytes : streamSize(in)),
      m_maxLine(std::max<std::size_t>(options.maxLineBytes, 64)), m_capacity(kBlockBytes + m_maxLine),
      m_buffer(new char[m_capacity]), m_ordering(options.lookBackUs, m_summary)
{
    start(options, keys);
}

LogReader::LogReader(LogFile file, const ImportOptions& options, KeyInterner& keys, RunControl* control)
    : m_in(nullptr), m_file(std::move(file)), m_control(control), m_tiers(options.tiers),
      m_totalBytes(m_file->isRegular() ? m_file->size() : options.totalBytes),
      m_maxLine(std::max<std::size_t>(options.maxLineBytes, 64)), m_capacity(kBlockBytes + m_maxLine),
      m_buffer(new char[m_capacity]), m_ordering(options.lookBackUs, m_summary)
{
    start(options, keys);
}

void LogReader::start(const ImportOptions& options, KeyInterner& keys)
{
    m_summary.lookBackUs = options.lookBackUs;
    fill();
    if (m_control && m_control->cancelled())  // a read cut short by a stop: nothing to detect
        throw Cancelled{};

    // A byte order mark is no part of the first line (its first key, say).
    const std::string_view head = textscan::withoutByteOrderMark(std::string_view(m_buffer.get(), m_end));
    m_begin = m_end - head.size();

    // Detection from the head of the input.
    LogFormat format = options.format;
    if (format == LogFormat::Auto) {
        const Detection detection = detectFormat(head, options.parser);
        m_summary.detection = detection.reason;
        if (detection.format == LogFormat::Auto) {
            if (m_eof && textscan::isBlankLine(head)) {
                m_inputEnded = true;  // empty input: nothing to import, nothing wrong
                return;
            }
            throw ImportError("cannot detect the log format: " + detection.reason + "; choose one with --format");
        }
        format = detection.format;
    } else {
        m_summary.detection = "chosen: " + std::string(formatName(format));
    }
    m_summary.format = format;

    m_keys.emplace(keys, m_tiers.get());
    m_processor.emplace(format, options, m_summary, &*m_keys);
    m_tally.emplace(m_summary, m_tiers.get());
}

bool LogReader::next(ImportedRequest& out)
{
    while (!m_ordering.pop(out, m_inputEnded)) {
        if (m_inputEnded) {
            if (m_processor)  // not for an empty input
                refuseWhenOnlyBadLines(m_summary, true);
            finish();
            return false;
        }
        if (!scanLine())
            endOfBlock();
    }
    m_tally->count(out);
    return true;
}

void LogReader::fill()
{
    if (m_begin > 0) {
        std::memmove(m_buffer.get(), m_buffer.get() + m_begin, m_end - m_begin);
        m_end -= m_begin;
        m_begin = 0;
    }
    while (!m_eof && m_end < m_capacity) {
        const std::size_t got = readInput(m_capacity - m_end);
        m_end += got;
        m_summary.bytesRead += static_cast<std::int64_t>(got);
        if (got == 0)
            break;
    }
    if (m_eof && m_file && m_file->shrunkTo() >= 0 && m_summary.shrankFrom < 0) {
        m_summary.shrankFrom = m_file->size();
        m_summary.shrankTo = m_file->shrunkTo();
    }
}

// Reads up to `length` bytes at m_end; sets m_eof at the end of the input.
std::size_t LogReader::readInput(std::size_t length)
{
    char* into = m_buffer.get() + m_end;
    if (m_file) {
        const std::size_t got = m_file->read(into, length);
        m_eof = got < length;
        return got;
    }
    m_in->read(into, static_cast<std::streamsize>(length));
    if (!*m_in)
        m_eof = true;
    return static_cast<std::size_t>(m_in->gcount());
}

// Handles the next whole line in the buffer. False when there is none: then the head of a
// line too long to buffer has been reported and dropped, or the last line (at the end of
// the input, without a newline) handled.
bool LogReader::scanLine()
{
    const char* data = m_buffer.get();
    const std::size_t nlFrom = textscan::findChar(std::string_view(data + m_begin, m_end - m_begin), '\n');
    if (nlFrom != textscan::npos) {
        const std::size_t nlPos = m_begin + nlFrom;
        const std::string_view line(data + m_begin, nlPos - m_begin);
        m_begin = nlPos + 1;
        if (m_skippingLongLine) {
            m_skippingLongLine = false;
            return true;
        }
        ++m_summary.linesRead;
        if (line.size() > m_maxLine)
            m_processor->reject(m_summary.linesRead, LineProblem::LineTooLong, "line", line);
        else
            handle(line);
        return true;
    }
    const std::size_t remaining = m_end - m_begin;
    if (m_skippingLongLine) {
        m_begin = m_end;
    } else if (remaining > m_maxLine) {
        ++m_summary.linesRead;
        m_processor->reject(m_summary.linesRead, LineProblem::LineTooLong, "line", std::string_view(data + m_begin, remaining));
        m_skippingLongLine = true;
        m_begin = m_end;
    } else if (m_eof && remaining > 0 && m_summary.shrankFrom >= 0) {
        // Cut off where the file shrank: the rest of the line is gone, so it is not a line.
        m_summary.bytesRead -= static_cast<std::int64_t>(remaining);
        m_begin = m_end;
    } else if (m_eof && remaining > 0) {
        ++m_summary.linesRead;  // the last line, without a newline
        handle(std::string_view(data + m_begin, remaining));
        m_begin = m_end;
    }
    return false;
}

void LogReader::handle(std::string_view line)
{
    m_processor->add(line, m_summary.linesRead);
    m_processor->makeRoom([this](const LineProcessor::Record& record) { order(record); });
}

// A parsed record goes to the reorder buffer; one too old for it is reported with its line,
// its key not interned.
void LogReader::order(const LineProcessor::Record& record)
{
    if (!m_ordering.admit(record.t)) {
        m_processor->reject(record.line, LineProblem::TooOld, "time", record.text);
        return;
    }
    m_ordering.insert(m_processor->request(record));
}

// The buffer holds no whole line: report progress, then read the next block, or mark the
// end of the input.
void LogReader::endOfBlock()
{
    // The held requests go before the buffer's text moves.
    m_processor->drain([this](const LineProcessor::Record& record) { order(record); });
    refuseWhenOnlyBadLines(m_summary);
    if (m_control) {
        if (m_control->cancelled())
            throw Cancelled{};
        m_control->report(permilleOf(m_summary.bytesRead - static_cast<std::int64_t>(m_end - m_begin), m_totalBytes), "import");
    }
    notify(false);
    if (!(m_eof && m_begin == m_end))
        fill();
    if (m_eof && m_begin == m_end)
        m_inputEnded = true;  // next() now takes every request the reorder buffer holds
}

void LogReader::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    if (m_tally)
        m_tally->finish();
    if (m_control)
        m_control->report(1000, "import");
    notify(true);
}

void LogReader::notify(bool finished) const
{
    if (m_observer)
        m_observer({m_summary.bytesRead - static_cast<std::int64_t>(m_end - m_begin), m_totalBytes, m_summary.linesRead,
                    m_summary.skippedTotal(), finished});
}

}  // namespace ratelab
