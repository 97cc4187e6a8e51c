#include "engine/traffic/logsource.h"

#include "engine/tracecsv/tracereader.h"

namespace ratelab {

LogSource::LogSource(const SourceSpec& spec, SimTime start, KeyInterner& keys) : m_file(spec.file), m_start(start)
{
    ImportOptions options;
    if (const auto problems = applyLogOptions(spec.logOptions, options); !problems.empty())
        throw InputError(spec.file, 0, problems.front().option, problems.front().message);
    // A file, a pipe or a device, read in blocks (a file that shrinks meanwhile ends early).
    std::optional<LogFile> file;
    try {
        file.emplace(spec.file);
    } catch (const ImportError& e) {
        throw InputError(spec.file, 0, "file", e.what());
    }
    try {
        m_reader.emplace(std::move(*file), options, keys);
    } catch (const ImportError& e) {
        throw InputError(spec.file, 0, "format", e.what());
    }
}

bool LogSource::next(Arrival& out)
{
    ImportedRequest r;
    try {
        if (!m_reader->next(r))
            return false;
    } catch (const ImportError& e) {  // nothing but bad lines: the source's format is wrong
        throw InputError(m_file, m_reader->summary().linesRead, "format", e.what());
    }
    if (m_first == kNever)
        m_first = r.t;
    out.t = m_start + (r.t - m_first);
    out.recordedKey = r.key;
    out.client = r.key;
    out.endpoint = 0;
    out.cost = 1;
    return true;
}

}  // namespace ratelab
