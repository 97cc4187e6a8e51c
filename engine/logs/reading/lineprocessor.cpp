#include "engine/logs/reading/lineprocessor.h"

#include "engine/logs/parsers/logformat.h"
#include "engine/logs/parsers/nginxformat.h"

#include <functional>

namespace ratelab {

namespace {
std::unique_ptr<LineParser> parserFor(LogFormat format, const ParserOptions& options)
{
    try {
        return makeParser(format, options);
    } catch (const LogFormatError& e) {
        throw ImportError(std::string("log_format: ") + e.what());
    }
}
}  // namespace

LineProcessor::LineProcessor(LogFormat format, const ImportOptions& options, ImportSummary& counts, KeyResolver* keys)
    : m_parser(parserFor(format, options.parser)), m_keyExtractor(options.key),
      m_keyName(keyKindName(options.key.kind).data()),  // a string literal
      m_keys(keys), m_holdLimit(keys ? kHeld : 1), m_counts(counts), m_maxReported(options.maxReportedProblems)
{}

void LineProcessor::reject(std::int64_t lineNumber, LineProblem problem, const char* field, std::string_view line)
{
    m_counts.skip(lineNumber, problem, field, line, m_maxReported);
}

void LineProcessor::add(std::string_view line, std::int64_t lineNumber)
{
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    const LineOutcome outcome = m_parser->parse(line, m_fields);
    switch (outcome.kind) {
    case LineKind::Record: hold(line, lineNumber); return;
    case LineKind::Blank: ++m_counts.blankLines; return;
    case LineKind::Directive: ++m_counts.directiveLines; return;
    case LineKind::Malformed: reject(lineNumber, outcome.problem, outcome.field, line); return;
    }
}

// The parsed record in m_fields is held, its key's table slot on its way to the cache.
void LineProcessor::hold(std::string_view line, std::int64_t lineNumber)
{
    std::string_view key = m_keyExtractor.keyOf(m_fields);
    if (key.empty()) {
        reject(lineNumber, LineProblem::NoKey, m_keyName, line);
        return;
    }
    Record& held = m_ring[(m_oldest + m_held) % kHeld];
    // A key composed in the extractor's buffer is gone by the next line: keep a copy.
    const std::less_equal<const char*> atOrBefore;
    if (!atOrBefore(line.data(), key.data()) || !atOrBefore(key.data() + key.size(), line.data() + line.size())) {
        held.m_ownKey.assign(key);
        key = held.m_ownKey;
    }
    held.t = m_fields.time;
    held.line = lineNumber;
    held.text = line;
    held.m_key = key;
    held.m_hash = KeyResolver::hashOf(key);
    if (m_keys)
        m_keys->prefetch(held.m_hash);
    ++m_held;
}

}  // namespace ratelab
