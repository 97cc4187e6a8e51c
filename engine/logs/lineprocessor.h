#pragma once
// The per-line work of an import, shared by the sequential and the parallel importer:
// parse, choose the key, intern it, count the problems. Records come out in input order;
// putting them in time order is the caller's job (ReorderBuffer).

#include "engine/core/keyinterner.h"
#include "engine/logs/importedrequest.h"
#include "engine/logs/importsummary.h"
#include "engine/logs/keyextractor.h"
#include "engine/logs/keyindex.h"
#include "engine/logs/lineparser.h"
#include "engine/logs/tiermap.h"

#include <memory>
#include <string>
#include <vector>

namespace ratelab {

class LineProcessor {
public:
    LineProcessor(std::unique_ptr<LineParser> parser, const KeyOptions& keyOptions, const TierMap* tiers,
                  KeyInterner& keys, ImportSummary& counts, std::size_t maxReportedProblems);

    // True when the line is a request; `out` then holds it (line number included).
    bool process(std::string_view line, std::int64_t lineNumber, ImportedRequest& out);

    // Counts a line that was not parsed (too long) or not kept (too old).
    void reject(std::int64_t lineNumber, LineProblem problem, const char* field, std::string_view line);

    LineParser& parser() { return *m_parser; }

private:
    KeyId intern(std::string_view key);

    std::unique_ptr<LineParser> m_parser;
    KeyExtractor m_keyExtractor;
    const char* m_keyName;
    const TierMap* m_tiers;
    KeyInterner& m_keys;
    KeyIndex m_index;
    ImportSummary& m_counts;
    std::size_t m_maxReported;
    LogFields m_fields;
    std::string m_lastKey;   // consecutive lines often share a key: skip the hash lookup
    KeyId m_lastKeyId = 0;
    bool m_hasLastKey = false;
    std::vector<std::uint32_t> m_tierOfKey;  // tier per key id, filled as keys appear
};

// The first bytes of a line for a warning, control and non-ASCII bytes as '?'.
std::string lineExcerpt(std::string_view line);

} // namespace ratelab
