#pragma once
// The subcommands of ratelab-cli. Each returns the process exit code:
// 0 success, 2 bad usage or bad input (one line on stderr naming file, line and field),
// 1 internal failure.

#include "engine/algorithms/catalog/catalog.h"
#include "engine/algorithms/limiter/decision.h"
#include "engine/core/shard.h"
#include "engine/logs/logoptions.h"
#include "engine/logs/reading/parallelimport.h"
#include "engine/sim/runner.h"

#include <cstdint>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace CLI {
class App;
}

namespace ratelab {
struct ImportOptions;
}

namespace ratelab::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitInternal = 1;
inline constexpr int kExitBadInput = 2;

struct DecideOptions {
    std::string algorithm;
    std::vector<std::string> params;  // k=v
    std::string trace;                // a path, or "-" for stdin
    std::string headers;              // empty, x-ratelimit, x-ratelimit-epoch, draft-7 or draft-11
    std::string body;                 // empty, or json: a 429's problem-details body per rejection
    std::string backend;              // empty: the engine decides; else redis://HOST[:PORT][/DB]
    std::string keyPrefix = "rl:";    // with a backend: before each Redis key
    std::string onFailure;            // with a backend: fail_open, fail_closed or local_fallback; empty: fail
    std::string breaker;              // with --on-failure: FAILURES,COOLDOWN
};

struct RunOptions {
    std::string scenario;  // a file or an embedded scenario's name; empty: the default
    std::string outDir;    // where report.json and series.csv go; empty: nowhere
    std::optional<std::uint64_t> seed;
    bool allowLarge = false;  // run beyond the work cap (engine/scenario/workestimate.h)
    unsigned threads = ratelab::defaultRunThreads();
    std::string shard;  // "i/N": only the requests whose keys fall in shard i of N; empty: all
};

struct MergeOptions {
    std::vector<std::string> dirs;  // each a shard's --out directory
    std::string outDir;             // where the whole run's report.json and series.csv go
};

struct ImportOptions {
    std::string log;                             // a path, or "-" for stdin
    std::vector<ratelab::LogOption> logOptions;  // --format, --key, ...: the engine's log options, as given
    std::string tiers;                           // key,tier CSV
    unsigned threads = ratelab::defaultImportThreads();
    std::string out;    // trace CSV; empty: stdout
    std::string shard;  // "i/N": only the requests whose keys fall in shard i of N; empty: all
};

struct RecommendOptions {
    std::string input;                    // an access log or a decide trace
    ImportOptions log;                    // how to read a log (format, key, ...); --format trace forces a trace
    std::string keep = "99%";             // share to keep never throttled
    std::string by = "keys";              // keys or requests
    std::vector<std::string> algorithms;  // empty: all six
    std::string window = "1m";
    std::size_t top = 10;
    bool json = false;
    std::string replayScenario;  // write the scenario that replays the input through the recommendations
    std::string shard;           // "i/N": only the requests whose keys fall in shard i of N; empty: all
};

struct ExportOptions {
    std::string algorithm;
    std::vector<std::string> params;  // k=v
    std::string target;               // redis-lua, nginx or envoy
    std::string clock;                // redis-lua: argv (the default) or redis; empty: not given
};

// Adds `decide` and its options to the app (app/cli/decidecommand.cpp).
CLI::App* addDecideCommand(CLI::App& app, DecideOptions& options);
int runDecide(const DecideOptions& options);
// decide's output row, t_us to delay_us, without the line end (decidecommand.cpp).
void appendDecisionRow(std::string& out, SimTime t, std::string_view key, Cost cost, const Decision& d);
// decide --backend: the trace's decisions made by our Lua script in a live Redis
// (decidebackend.cpp); `params` complete. Writes decide's columns to standard output.
int decideThroughRedis(const DecideOptions& options, const ParamValues& params, std::istream& in, const std::string& fileName);
// Adds `import` and its options to the app (app/cli/importcommand.cpp).
CLI::App* addImportCommand(CLI::App& app, ImportOptions& options);
int runImport(const ImportOptions& options);
// app/cli/recommendcommand.cpp and app/cli/exportcommand.cpp.
CLI::App* addRecommendCommand(CLI::App& app, RecommendOptions& options);
int runRecommend(const RecommendOptions& options);
CLI::App* addExportCommand(CLI::App& app, ExportOptions& options);
int runExport(const ExportOptions& options);

struct ChooseOptions {
    std::string instances;                       // "1" or "many"; empty: not answered
    std::string redis, exact, database, bursts;  // "yes" or "no"; empty: not answered
    std::int64_t keys = -1;                      // -1: not answered
    std::int64_t limit = 100;
    std::string per = "s";
    bool json = false;
};
// app/cli/choosecommand.cpp.
CLI::App* addChooseCommand(CLI::App& app, ChooseOptions& options);
int runChoose(const ChooseOptions& options);
int runRun(const RunOptions& options);
// app/cli/mergecommand.cpp: `merge`, and --shard's "i/N" (false with `error` set when malformed).
CLI::App* addMergeCommand(CLI::App& app, MergeOptions& options);
int runMerge(const MergeOptions& options);
bool parseShard(const std::string& text, ShardSpec& out, std::string& error);
// The engine's log options (engine/logs/logoptions.h) as options of a subcommand: --format,
// --log-format, ... (names with '-' for '_'), each value given collected as {name, value}.
void addLogOptions(CLI::App& cmd, std::vector<ratelab::LogOption>& given);
// The given log options as the importer's options; `recommend` reads a log the same way.
// Returns an empty string, or every problem on one line, each naming its --option.
std::string logOptionsFrom(const std::vector<ratelab::LogOption>& given, ratelab::ImportOptions& options);
int runList();

// Splits "k=v" arguments; false with `error` set on a malformed one.
bool splitParams(const std::vector<std::string>& args, std::map<std::string, std::string>& out, std::string& error);

}  // namespace ratelab::cli
