#pragma once
// The practitioner's decision tree for picking a rate limiting algorithm, as data, and a
// walk through it: answers in, the path of questions and answers out, ending at a
// recommendation (algorithm, storage, key strategy, export target). Each branch names the
// shipped scenario that shows why (evidence.h runs it). resources/docs/choosing.md is the
// tree in words.

#include "engine/algorithms/catalog/catalog.h"
#include "engine/limitconfig/limitexport.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ratelab::choose {

enum class Question { Instances, Bursts, Redis, Exact, Keys, Database };

// A shipped scenario whose run shows why a branch goes the way it does.
enum class Evidence { None, LocalLeak, GetSetRace, BoundaryAttack, ZipfMemory, RowLockLatency };

struct QuestionText {
    Question question;
    const char* flag;  // the CLI's option, e.g. "--instances"
    const char* text;  // the question as the guide asks it
    const char* yes;   // the answer that takes the first branch ("1", "yes", "more than 100000")
    const char* no;
};
const QuestionText& questionText(Question q);

// More keys than this and memory per key decides (the guide's 100k).
inline constexpr std::int64_t kManyKeys = 100'000;

struct Answers {
    std::optional<bool> singleInstance;
    std::optional<bool> bursts;
    bool burstsByDefault = true;  // an unanswered bursts question takes the tolerant branch (the CLI's default)
    std::optional<bool> redis;
    std::optional<bool> exact;
    std::optional<std::int64_t> keys;
    std::optional<bool> database;
    std::int64_t limit = 100;  // the limit the recommendation's parameters and export carry
    std::string per = "s";     // per one of this unit: "s", "m" or "h" (a window of 1s, 1m or 1h)
};

struct Step {
    Question question;
    bool yes = false;        // which branch the answer took
    bool defaulted = false;  // not answered: the question's default
    Evidence evidence = Evidence::None;
};

struct Recommendation {
    std::string leaf;       // stable id: "token_bucket_memory", "gcra_redis", ...
    std::string algorithm;  // the catalog's name
    ParamValues params;     // for the answers' limit and window
    std::string storage;
    std::string keyStrategy;
    std::optional<ExportTarget> exportTarget;  // none: no target RateLab exports fits
    std::string why;                           // one sentence
};

struct Walk {
    std::vector<Step> path;
    std::optional<Recommendation> recommendation;  // set when the walk reached a leaf
    std::optional<Question> missing;               // else the question that has no answer
};

Walk walk(const Answers& answers);

// The export text of a recommendation, or why there is none.
std::string exportSnippet(const Recommendation& r);

}  // namespace ratelab::choose
