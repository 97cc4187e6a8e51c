#pragma once
// The per-line work of an import, shared by the sequential and the parallel importer:
// parse, choose the key, hash it, count the problems. Records come out in input order;
// putting them in time order is the caller's job (RequestOrdering). A record's key is
// interned only when the caller asks for its request, so a record the caller refuses (too
// old to put in order) leaves no key behind. Without a KeyResolver (the parallel import's
// parsing threads), the caller interns the record's key() itself, elsewhere.
//
// Requests are held back a few lines: a line's key is hashed and its slot in the key table
// fetched when the line is parsed, and looked up only some lines later, so the table's
// cache misses overlap with parsing instead of stalling each line in turn.

#include "engine/logs/importoptions.h"
#include "engine/logs/keys/keyextractor.h"
#include "engine/logs/keys/keyresolver.h"
#include "engine/logs/parsers/lineparser.h"
#include "engine/logs/reading/importedrequest.h"
#include "engine/logs/summary/importsummary.h"

#include <array>
#include <memory>
#include <string>
#include <vector>

namespace ratelab {

class LineProcessor {
public:
    // Parses `format` (throws ImportError for an invalid log_format) and keys and the problems
    // listed as `options` say; counts go into `counts`. `keys`, when given, must outlive it.
    LineProcessor(LogFormat format, const ImportOptions& options, ImportSummary& counts, KeyResolver* keys);

    // Parses a line (without its '\n'; a '\r' before it is dropped here); a request is held
    // back, anything else is counted. The line's text must stay in place until its request
    // is emitted.
    void add(std::string_view line, std::int64_t lineNumber);

    // A parsed record on its way out: its time, line number, text and key; request() gives
    // it its key's id.
    struct Record {
        SimTime t = 0;
        std::int64_t line = 0;
        std::string_view text;  // the line

        std::string_view key() const { return m_key; }    // valid while the record is
        std::uint64_t keyHash() const { return m_hash; }  // KeyResolver::hashOf(key())

    private:
        friend class LineProcessor;
        std::string_view m_key;  // into `text`, or into `m_ownKey` when the key was composed
        std::uint64_t m_hash = 0;
        std::string m_ownKey;
    };

    // The record's request, its key interned (and its tier found) by the KeyResolver.
    // Inline, so that the request stays in registers: returned from a call, through memory,
    // it cost about 2 ns per request, 1.7% of a one-thread import.
    ImportedRequest request(const Record& record)
    {
        const KeyResolver::Resolved key = m_keys->resolve(record.m_key, record.m_hash);
        return {record.t, key.id, key.tier, record.line};
    }

    // The records are emitted in line order to deliver(const Record&): the oldest after each
    // add() once kHeld are held (so that each key's slot has had kHeld lines to arrive; with
    // no KeyResolver there is no slot to wait for, and each record leaves at once) ...
    template <typename Emit>
    void makeRoom(Emit&& deliver)
    {
        if (m_held == m_holdLimit)
            emitOldest(deliver);
    }
    // ... and all of them before the text moves, and at the end.
    template <typename Emit>
    void drain(Emit&& deliver)
    {
        while (m_held > 0)
            emitOldest(deliver);
    }

    // Counts a line that was not parsed (too long) or not kept (too old).
    void reject(std::int64_t lineNumber, LineProblem problem, const char* field, std::string_view line);

    LineParser& parser() { return *m_parser; }

private:
    static constexpr std::size_t kHeld = 8;  // lines parsed ahead of their key lookups

    void hold(std::string_view line, std::int64_t lineNumber);

    template <typename Emit>
    void emitOldest(Emit& deliver)
    {
        const Record& oldest = m_ring[m_oldest];  // stays in place until the next add()
        m_oldest = (m_oldest + 1) % kHeld;
        --m_held;
        deliver(oldest);
    }

    std::unique_ptr<LineParser> m_parser;
    KeyExtractor m_keyExtractor;
    const char* m_keyName;
    KeyResolver* m_keys;  // null: the caller interns
    std::size_t m_holdLimit;
    ImportSummary& m_counts;
    std::size_t m_maxReported;
    LogFields m_fields;
    std::array<Record, kHeld> m_ring;  // m_held requests from m_oldest on
    std::size_t m_oldest = 0;
    std::size_t m_held = 0;
};

}  // namespace ratelab
