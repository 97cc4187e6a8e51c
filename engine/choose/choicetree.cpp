#include "engine/choose/choicetree.h"

#include <array>
#include <stdexcept>

namespace ratelab::choose {

namespace {

constexpr std::array<QuestionText, 6> kQuestions = {{
    {Question::Instances, "--instances", "Does one instance serve the API?", "1", "many"},
    {Question::Bursts, "--bursts", "Should a client be able to burst above the rate?", "yes", "no"},
    {Question::Redis, "--redis", "Is Redis available to every instance?", "yes", "no"},
    {Question::Exact, "--exact", "Must every window hold exactly (billing, compliance)?", "yes", "no"},
    {Question::Keys, "--keys", "How many keys are live at once?", "more than 100000", "100000 or fewer"},
    {Question::Database, "--database", "Is a round trip per request to a database or Memcached acceptable?", "yes", "no"},
}};

enum class Leaf {
    TokenBucketMemory,
    LeakyBucketMemory,
    SlidingLogRedis,
    GcraRedis,
    SlidingCounterRedis,
    FixedWindowDatabase,
    Gateway
};

// A branch: a question, where each answer leads (another branch's index, or a leaf) and the
// scenario that shows why.
struct Next {
    int branch = -1;  // -1: a leaf
    Leaf leaf = Leaf::Gateway;
};
struct Branch {
    Question question;
    Next yes, no;
    Evidence evidence;
};

constexpr Next to(int branch)
{
    return {branch, Leaf::Gateway};
}
constexpr Next at(Leaf leaf)
{
    return {-1, leaf};
}

// The guide's tree, top to bottom; branch 0 is the start.
constexpr std::array<Branch, 6> kTree = {{
    {Question::Instances, to(1), to(2), Evidence::LocalLeak},
    {Question::Bursts, at(Leaf::TokenBucketMemory), at(Leaf::LeakyBucketMemory), Evidence::None},
    {Question::Redis, to(3), to(5), Evidence::GetSetRace},
    {Question::Exact, at(Leaf::SlidingLogRedis), to(4), Evidence::BoundaryAttack},
    {Question::Keys, at(Leaf::GcraRedis), at(Leaf::SlidingCounterRedis), Evidence::ZipfMemory},
    {Question::Database, at(Leaf::FixedWindowDatabase), at(Leaf::Gateway), Evidence::RowLockLatency},
}};

constexpr const char* kKeyStrategy =
    "per API key (rl:{api_key}), per endpoint where limits differ; per IP only for unauthenticated calls, "
    "since many clients share one IP behind NAT";

// The answer to a question, or nothing when it is not given. Bursts are tolerated unless
// answered no, or asked for (burstsByDefault false).
std::optional<bool> answerTo(Question q, const Answers& a, bool& defaulted)
{
    defaulted = false;
    switch (q) {
    case Question::Instances: return a.singleInstance;
    case Question::Bursts:
        if (!a.bursts && !a.burstsByDefault)
            return std::nullopt;
        defaulted = !a.bursts;
        return a.bursts.value_or(true);
    case Question::Redis: return a.redis;
    case Question::Exact: return a.exact;
    case Question::Keys:
        if (!a.keys)
            return std::nullopt;
        return *a.keys > kManyKeys;
    case Question::Database: return a.database;
    }
    return std::nullopt;
}

std::string perSecond(const Answers& a)
{
    return std::to_string(a.limit) + "/" + a.per;
}

Recommendation recommend(Leaf leaf, const Answers& a)
{
    const std::string limit = std::to_string(a.limit);
    const std::string window = "1" + a.per;
    const ParamValues windowParams = {{"limit", limit}, {"window", window}};
    switch (leaf) {
    case Leaf::TokenBucketMemory:
        return {"token_bucket_memory",
                "token_bucket",
                {{"capacity", limit}, {"refill", perSecond(a)}},
                "in the process's memory (one instance holds every key)",
                kKeyStrategy,
                ExportTarget::Envoy,
                "One instance sees every request, so local state is the whole truth; a bucket of `capacity` "
                "lets a quiet client burst."};
    case Leaf::LeakyBucketMemory:
        return {"leaky_bucket_memory",
                "leaky_bucket",
                {{"rate", perSecond(a)}, {"burst", "0"}},
                "in the process's memory (one instance holds every key)",
                kKeyStrategy,
                ExportTarget::Nginx,
                "One instance sees every request; the leaky bucket holds clients to an even rate."};
    case Leaf::SlidingLogRedis:
        return {"sliding_log_redis",
                "sliding_window_log",
                windowParams,
                "Redis, one atomic script per decision (a sorted log per key)",
                kKeyStrategy,
                ExportTarget::RedisLua,
                "Only the log admits at most the limit in every window; it pays with one entry per admitted request."};
    case Leaf::GcraRedis:
        return {"gcra_redis",
                "gcra",
                {{"rate", perSecond(a)}, {"burst", limit}},
                "Redis, one atomic script per decision (one timestamp per key)",
                kKeyStrategy,
                ExportTarget::RedisLua,
                "The guide picks GCRA for its one timestamp per key: 8 B against a counter's 16 B in "
                "memory of your own, but in Redis our scripts hold 181 B a key either way, so there the "
                "choice is about smooth pacing, not memory."};
    case Leaf::SlidingCounterRedis:
        return {"sliding_counter_redis",
                "sliding_window_counter",
                windowParams,
                "Redis, one atomic script per decision (two counters per key)",
                kKeyStrategy,
                ExportTarget::RedisLua,
                "Close to the exact log on ordinary traffic at constant memory per key."};
    case Leaf::FixedWindowDatabase:
        return {"fixed_window_database",
                "fixed_window",
                windowParams,
                "a SQL table of counters, each decision under the key's row lock (SELECT ... FOR UPDATE); or "
                "Memcached, one key per window: add, then incr (no scripts, so a counter is the state it keeps "
                "exactly)",
                kKeyStrategy,
                std::nullopt,
                "A counter per window is one row to lock and increment, where every decision on a hot key queues "
                "on its lock, or one Memcached key to add and incr, where refused requests count too; any other "
                "state on Memcached needs gets and cas, whose retries run out under contention."};
    case Leaf::Gateway:
        if (a.bursts.value_or(true))
            return {"gateway",
                    "token_bucket",
                    {{"capacity", limit}, {"refill", perSecond(a)}},
                    "the API gateway in front (Envoy, Kong, NGINX, a CDN)",
                    kKeyStrategy,
                    ExportTarget::Envoy,
                    "Without shared storage of your own, let the gateway in front of every instance limit."};
        return {"gateway",
                "leaky_bucket",
                {{"rate", perSecond(a)}, {"burst", "0"}},
                "the API gateway in front (Envoy, Kong, NGINX, a CDN)",
                kKeyStrategy,
                ExportTarget::Nginx,
                "Without shared storage of your own, let the gateway in front of every instance limit."};
    }
    throw std::logic_error("choose: unknown leaf");
}

}  // namespace

const QuestionText& questionText(Question q)
{
    for (const QuestionText& t : kQuestions) {
        if (t.question == q)
            return t;
    }
    throw std::logic_error("choose: unknown question");
}

Walk walk(const Answers& answers)
{
    Walk w;
    int at = 0;
    for (;;) {
        const Branch& b = kTree[static_cast<std::size_t>(at)];
        bool defaulted = false;
        const std::optional<bool> yes = answerTo(b.question, answers, defaulted);
        if (!yes) {
            w.missing = b.question;
            return w;
        }
        w.path.push_back({b.question, *yes, defaulted, b.evidence});
        const Next& next = *yes ? b.yes : b.no;
        if (next.branch < 0) {
            w.recommendation = recommend(next.leaf, answers);
            return w;
        }
        at = next.branch;
    }
}

std::string exportSnippet(const Recommendation& r)
{
    if (!r.exportTarget)
        return "No export: RateLab writes Redis Lua, nginx and Envoy configurations, none of them a SQL or Memcached counter.\n";
    return exportLimit(r.algorithm, r.params, *r.exportTarget);
}

}  // namespace ratelab::choose
