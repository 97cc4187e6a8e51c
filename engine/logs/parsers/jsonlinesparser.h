#pragma once
// JSON lines: one JSON object per line (nginx `escape=json` log_formats, Caddy, Traefik).
// A small hand-written scanner walks each object once, tracking the dotted path of each
// value, and keeps the values whose path the FieldMapping names; nothing is allocated for
// fields that are not mapped. Strings with escapes are decoded (\uXXXX to UTF-8).
// Nesting deeper than 64 levels is rejected as bad JSON.

#include "engine/logs/parsers/fieldmapping.h"
#include "engine/logs/parsers/lineparser.h"

#include <array>
#include <string>
#include <unordered_map>

namespace ratelab {

class JsonLinesParser final : public LineParser {
public:
    explicit JsonLinesParser(const FieldMapping& mapping);
    LineOutcome parse(std::string_view line, LogFields& fields) override;

    enum Role : std::uint8_t { Time, Client, ForwardedFor, User, Method, Target, Request, Status, ApiKey, kRoleCount };

private:
    struct Candidate {
        Role role;
        std::uint8_t rank;  // position in the mapping's list: lower wins
    };
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
    };

    bool parseValue(std::string_view line, std::size_t& pos, int depth);
    // After the opening brace or bracket: the members or elements and the closing one.
    bool parseObject(std::string_view line, std::size_t& pos, int depth);
    bool parseArray(std::string_view line, std::size_t& pos, int depth);
    bool parseString(std::string_view line, std::size_t& pos, std::string_view& raw, bool& escaped);
    void offer(std::string_view raw, bool escaped);

    std::unordered_map<std::string, Candidate, Hash, std::equal_to<>> m_paths;
    std::string m_path;  // dotted path of the value being read
    std::array<std::string_view, kRoleCount> m_values{};
    std::array<std::uint8_t, kRoleCount> m_rank{};
    std::array<std::string, kRoleCount> m_decoded;  // storage for values that had escapes
};

}  // namespace ratelab
