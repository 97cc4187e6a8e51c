#include "engine/traffic/logsource.h"

#include "engine/trace/tracereader.h"


namespace ratelab {

LogSource::LogSource(const SourceSpec& spec, const Scenario& scenario, KeyInterner& keys)
    : m_start(scenario.start)
{
    ImportOptions options;
    if (const auto problems = applyLogOptions(spec.logOptions, options); !problems.empty())
        throw InputError(spec.file, 0, problems.front().option, problems.front().message);
    // A regular file is mapped and scanned in place; anything else readable (a pipe) streams.
    std::optional<MappedFile> mapped = [&] {
        try {
            return mapIfRegularFile(spec.file);
        } catch (const ImportError& e) {
            throw InputError(spec.file, 0, "file", e.what());
        }
    }();
    if (!mapped) {
        m_file.open(spec.file, std::ios::binary);
        if (!m_file)
            throw InputError(spec.file, 0, "file", "cannot open the log");
    }
    try {
        if (mapped)
            m_reader.emplace(std::move(*mapped), options, keys);
        else
            m_reader.emplace(m_file, options, keys);
    } catch (const ImportError& e) {
        throw InputError(spec.file, 0, "format", e.what());
    }
}

bool LogSource::next(Arrival& out)
{
    ImportedRequest r;
    if (!m_reader->next(r))
        return false;
    if (m_first == kNever)
        m_first = r.t;
    out.t = m_start + (r.t - m_first);
    out.recordedKey = r.key;
    out.client = r.key;
    out.endpoint = 0;
    out.cost = 1;
    return true;
}

} // namespace ratelab
