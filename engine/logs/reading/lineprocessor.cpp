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

LineProcessor::LineProcessor(LogFormat format, const ImportOptions& options, KeyInterner& keys, ImportSummary& counts,
                             KeyIndex::Owner keysOwner)
    : m_parser(parserFor(format, options.parser)), m_keyExtractor(options.key),
      m_keyName(keyKindName(options.key.kind).data())  // a string literal
      ,
      m_tiers(options.tiers.get()), m_keys(keys), m_index(keys, keysOwner), m_counts(counts),
      m_maxReported(options.maxReportedProblems)
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
        held.ownKey.assign(key);
        key = held.ownKey;
    }
    held.t = m_fields.time;
    held.line = lineNumber;
    held.text = line;
    held.key = key;
    held.hash = KeyIndex::hashOf(key);
    m_index.prefetch(held.hash);
    ++m_held;
}

ImportedRequest LineProcessor::request(const Record& record)
{
    if (!m_hasLastKey || record.hash != m_lastHash || record.key != m_lastKey) {
        m_lastKeyId = m_index.intern(record.key, record.hash);
        m_lastKey.assign(record.key);
        m_lastHash = record.hash;
        m_hasLastKey = true;
    }
    ImportedRequest out;
    out.t = record.t;
    out.key = m_lastKeyId;
    out.line = record.line;
    out.tier = 0;
    if (m_tiers) {
        while (m_tierOfKey.size() <= out.key)
            m_tierOfKey.push_back(m_tiers->tierOf(m_keys.name(static_cast<KeyId>(m_tierOfKey.size()))));
        out.tier = m_tierOfKey[out.key];
    }
    return out;
}

}  // namespace ratelab
