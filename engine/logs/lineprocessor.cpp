#include "engine/logs/lineprocessor.h"

namespace ratelab {

namespace {
constexpr std::size_t kExcerptBytes = 80;
}

std::string lineExcerpt(std::string_view line)
{
    std::string out;
    const std::size_t n = std::min(line.size(), kExcerptBytes);
    out.reserve(n + 3);
    for (std::size_t i = 0; i < n; ++i) {
        const auto c = static_cast<unsigned char>(line[i]);
        out += c < 0x20 || c >= 0x7F ? '?' : static_cast<char>(c);
    }
    if (line.size() > kExcerptBytes)
        out += "...";
    return out;
}

LineProcessor::LineProcessor(std::unique_ptr<LineParser> parser, const KeyOptions& keyOptions, const TierMap* tiers,
                             KeyInterner& keys, ImportSummary& counts, std::size_t maxReportedProblems)
    : m_parser(std::move(parser))
    , m_keyExtractor(keyOptions)
    , m_keyName(keyKindName(keyOptions.kind).data())  // a string literal
    , m_tiers(tiers)
    , m_keys(keys)
    , m_index(keys)
    , m_counts(counts)
    , m_maxReported(maxReportedProblems)
{
}

void LineProcessor::reject(std::int64_t lineNumber, LineProblem problem, const char* field, std::string_view line)
{
    ++m_counts.skipped[static_cast<std::size_t>(problem)];
    if (m_counts.problems.size() < m_maxReported)
        m_counts.problems.push_back({lineNumber, problem, field, lineExcerpt(line)});
}

KeyId LineProcessor::intern(std::string_view key)
{
    if (m_hasLastKey && key == m_lastKey)
        return m_lastKeyId;
    m_lastKeyId = m_index.intern(key);
    m_lastKey.assign(key);
    m_hasLastKey = true;
    return m_lastKeyId;
}

bool LineProcessor::process(std::string_view line, std::int64_t lineNumber, ImportedRequest& out)
{
    const LineOutcome outcome = m_parser->parse(line, m_fields);
    switch (outcome.kind) {
    case LineKind::Record: break;
    case LineKind::Blank: ++m_counts.blankLines; return false;
    case LineKind::Directive: ++m_counts.directiveLines; return false;
    case LineKind::Malformed: reject(lineNumber, outcome.problem, outcome.field, line); return false;
    }
    const std::string_view key = m_keyExtractor.keyOf(m_fields);
    if (key.empty()) {
        reject(lineNumber, LineProblem::NoKey, m_keyName, line);
        return false;
    }
    out.t = m_fields.time;
    out.key = intern(key);
    out.line = lineNumber;
    out.tier = 0;
    if (m_tiers) {
        while (m_tierOfKey.size() <= out.key)
            m_tierOfKey.push_back(m_tiers->tierOf(m_keys.name(static_cast<KeyId>(m_tierOfKey.size()))));
        out.tier = m_tierOfKey[out.key];
    }
    return true;
}

} // namespace ratelab
