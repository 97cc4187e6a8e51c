// ratelab-bench: how many decisions per second the engine makes, against a naive string-map
// token bucket timed in the same run on the same trace (contributing.md, habit 10, after ns-3's
// utils/bench-scheduler.cc: named parameters, a priming run, a table).
//
//   ratelab-bench events [--events N] [--sources N] [--json]     (eventsbench.cpp)
//   ratelab-bench import [...]                                  (importbench.cpp)
//   ratelab-bench all [--out DIR] [--quick]                     (allbench.cpp)
//   ratelab-bench decisions --algorithm NAME [--param k=v ...]
//                 (--trace FILE.csv | --generate REQUESTS,KEYS,ZIPF,RATE,SEED) [--json] [--repeat N]
//
// The whole trace is loaded or generated first (keys interned to dense ids). Then, --repeat
// times each, with a fresh limiter per run built outside the clock, only the decision loop is
// timed, in two forms:
//   full decision  decideBatch over chunks of kChunk requests into a reused Decision buffer
//                  whose `allowed` flags are counted, so every Decision (allowed, remaining,
//                  retry-after, reset-after) is computed and consumed;
//   allow only     allowBatch (ratelimiter.h) into a reused buffer of flags, counted: the same
//                  decisions and state changes without the header fields, what
//                  golang.org/x/time/rate's AllowN or python limits' hit() answer.
// The two must allow the same requests (exit 1 otherwise). The best run is reported. The
// string-map baseline and the harness floor (floorlimiter.h: the same loop with a decision
// that only counts, so what the algorithm itself costs is the difference) run in both forms.
// Exit codes: 0 success, 2 bad usage or input (one line on stderr), 1 internal.

#include "tests/bench/floorlimiter.h"
#include "tests/bench/modes.h"
#include "tests/bench/stringmapbaseline.h"
#include "tests/bench/workload.h"

#include "engine/algorithms/catalog/catalog.h"
#include "engine/core/units.h"
#include "engine/tracecsv/tracereader.h"

#include <CLI/CLI.hpp>

#include <nlohmann/json.hpp>
#include <string_view>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <limits>
#include <memory>

namespace ratelab::bench {
namespace {

constexpr int kExitOk = 0;
constexpr int kExitInternal = 1;
constexpr int kExitBadInput = 2;

// Requests per decideBatch call: the 160 KiB Decision buffer stays in L2 and the virtual
// call is paid once per 4096 decisions.
constexpr std::size_t kChunk = 4096;

// The baseline's bucket when the algorithm has neither capacity/refill nor rate/burst.
constexpr double kDefaultBaselineCapacity = 10;
constexpr const char* kDefaultBaselineRefill = "10/s";

struct Options {
    std::string algorithm;
    std::vector<std::string> params;  // k=v
    std::string trace;
    std::string generate;
    bool json = false;
    int repeat = 3;
};

struct Timing {
    double bestSeconds = std::numeric_limits<double>::infinity();
    std::vector<double> runSeconds;
    std::int64_t allowed = 0;

    void add(double seconds, std::int64_t allowedInRun)
    {
        runSeconds.push_back(seconds);
        bestSeconds = std::min(bestSeconds, seconds);
        allowed = allowedInRun;  // identical in every run: the limiter and the trace are
    }
    double perSecond(std::size_t requests) const { return static_cast<double>(requests) / bestSeconds; }
};

using Clock = std::chrono::steady_clock;

std::int64_t countAllowed(const Decision* decisions, std::size_t count)
{
    std::int64_t allowed = 0;
    for (std::size_t i = 0; i < count; ++i)
        allowed += decisions[i].allowed;
    return allowed;
}

std::int64_t countAllowed(const bool* flags, std::size_t count)
{
    std::int64_t allowed = 0;
    for (std::size_t i = 0; i < count; ++i)
        allowed += flags[i];
    return allowed;
}

// The reused output buffers of one form: Decisions (full) or flags (allow only).
struct Buffers {
    std::vector<Decision> decisions = std::vector<Decision>(kChunk);
    std::unique_ptr<bool[]> flags = std::make_unique<bool[]>(kChunk);
};

// One run of `decide(requests, keys, count)` (a batch call, writing into `out`) over the whole
// workload in chunks; returns the seconds of the loop and the requests allowed.
template <class Decide, class Out>
double timeLoop(const Workload& w, Out* out, std::int64_t& allowed, Decide decide)
{
    const Request* requests = w.requests.data();
    const std::string* keys = w.keyOfRequest.data();
    const std::size_t n = w.requests.size();
    allowed = 0;
    const auto start = Clock::now();
    for (std::size_t i = 0; i < n; i += kChunk) {
        const std::size_t m = std::min(kChunk, n - i);
        decide(requests + i, keys + i, m, out);
        allowed += countAllowed(out, m);
    }
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// One run of `limiter` in the given form.
double timeLimiter(RateLimiter& limiter, const Workload& w, Buffers& b, bool allowOnly, std::int64_t& allowed)
{
    if (allowOnly)
        return timeLoop(w, b.flags.get(), allowed, [&limiter](const Request* r, const std::string*, std::size_t m, bool* out) {
            limiter.allowBatch(r, m, out);
        });
    return timeLoop(
        w, b.decisions.data(), allowed,
        [&limiter](const Request* r, const std::string*, std::size_t m, Decision* out) { limiter.decideBatch(r, m, out); });
}

double timeBaseline(StringMapTokenBucket& baseline, const Workload& w, Buffers& b, bool allowOnly, std::int64_t& allowed)
{
    if (allowOnly)
        return timeLoop(w, b.flags.get(), allowed,
                        [&baseline](const Request* r, const std::string* keys, std::size_t m, bool* out) {
                            baseline.allowBatch(keys, r, m, out);
                        });
    return timeLoop(w, b.decisions.data(), allowed,
                    [&baseline](const Request* r, const std::string* keys, std::size_t m, Decision* out) {
                        baseline.decideBatch(keys, r, m, out);
                    });
}

// The timings of one form: the engine, the string-map baseline and the harness floor.
struct FormTimings {
    Timing engine;
    Timing baseline;
    Timing floor;
};

// One timed run of each of the three in one form, each with fresh state built outside the clock.
void runForm(const Options& o, const ParamValues& params, double capacity, double tokensPerUs, const Workload& w, Buffers& b,
             bool allowOnly, FormTimings& t)
{
    std::int64_t allowed = 0;
    const BuiltLimiter built = makeLimiter(o.algorithm, params);
    const double engineSeconds = timeLimiter(*built.limiter, w, b, allowOnly, allowed);
    t.engine.add(engineSeconds, allowed);
    StringMapTokenBucket baseline(capacity, tokensPerUs);
    const double baselineSeconds = timeBaseline(baseline, w, b, allowOnly, allowed);
    t.baseline.add(baselineSeconds, allowed);
    FloorLimiter floor;
    const double floorSeconds = timeLimiter(floor, w, b, allowOnly, allowed);
    t.floor.add(floorSeconds, allowed);
}

// The baseline's bucket from the algorithm's own parameters (defaults filled in): capacity and
// refill, or burst and rate (an nginx-style leaky bucket passes burst + 1 at once).
void baselineBucket(const BuiltLimiter& built, double& capacity, double& tokensPerUs)
{
    const ParamValues& p = built.params;
    std::string capacityText;
    std::string rateText = kDefaultBaselineRefill;
    capacity = kDefaultBaselineCapacity;
    if (p.count("capacity") && p.count("refill")) {
        capacityText = p.at("capacity");
        rateText = p.at("refill");
    } else if (p.count("rate") && p.count("burst")) {
        capacityText = p.at("burst");
        rateText = p.at("rate");
    }
    std::string error;
    if (!capacityText.empty()) {
        if (const auto value = parseInteger(capacityText, error))
            capacity = static_cast<double>(*value) + (built.info->family == "leaky_bucket" ? 1 : 0);
    }
    const auto rate = parseRate(rateText, error);  // valid: makeLimiter accepted it
    tokensPerUs = rate ? static_cast<double>(rate->num) / static_cast<double>(rate->den) : 1e-5;
}

std::string millions(double perSecond)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f M", perSecond / 1e6);
    return buf;
}

std::string runsText(const Timing& t)
{
    std::string text;
    for (double s : t.runSeconds) {
        char buf[24];
        std::snprintf(buf, sizeof buf, "%s%.4g", text.empty() ? "" : " ", s * 1e3);
        text += buf;
    }
    return text + " ms";
}

// The workload of --generate or --trace; false with a line on stderr when it cannot be had.
bool loadWorkload(const Options& o, Workload& w)
{
    if (!o.generate.empty()) {
        GenerateSpec spec;
        std::string error;
        if (!parseGenerateSpec(o.generate, spec, error)) {
            std::cerr << "ratelab-bench: " << error << "\n";
            return false;
        }
        w = generateWorkload(spec);
        return true;
    }
    try {
        w = loadTrace(o.trace);
    } catch (const InputError& e) {
        std::cerr << "ratelab-bench: " << e.what() << "\n";
        return false;
    }
    return true;
}

void printRow(const std::string& name, const Timing& t, std::size_t n, const std::string& bytes)
{
    std::printf("%-44s %14s %12.2f %12lld %8s  %s\n", name.c_str(), millions(t.perSecond(n)).c_str(),
                t.bestSeconds * 1e9 / static_cast<double>(n), static_cast<long long>(t.allowed), bytes.c_str(),
                runsText(t).c_str());
}

void printTable(const Options& o, const BuiltLimiter& probe, const Workload& w, double capacity, double tokensPerUs,
                const FormTimings& full, const FormTimings& allow)
{
    const std::size_t n = w.requests.size();
    std::string paramText;
    for (const auto& [k, v] : probe.params)
        paramText += " " + k + "=" + v;
    std::printf("ratelab-bench decisions: %s%s\n", o.algorithm.c_str(), paramText.c_str());
    std::printf("workload: %zu requests, %zu keys (%s)\n", n, w.keyCount, w.description.c_str());
    std::printf("best of %d runs after a priming run; chunks of %zu requests\n", o.repeat, kChunk);
    std::printf("full: every Decision field; allow only: the allowed flag alone (allowBatch)\n\n");
    std::printf("%-44s %14s %12s %12s %8s  %s\n", "", "decisions/s", "ns/decision", "allowed", "B/key", "runs");
    const std::string stateBytes = std::to_string(probe.limiter->stateBytesPerKey());
    char bucket[64];
    std::snprintf(bucket, sizeof bucket, "baseline string map (%g, %g/s)", capacity, tokensPerUs * 1e6);
    const std::string floorBytes = std::to_string(sizeof(FloorState));
    printRow("engine " + o.algorithm + ", full", full.engine, n, stateBytes);
    printRow("engine " + o.algorithm + ", allow only", allow.engine, n, stateBytes);
    printRow(std::string(bucket) + ", full", full.baseline, n, "-");
    printRow(std::string(bucket) + ", allow only", allow.baseline, n, "-");
    printRow("harness floor (count per key), full", full.floor, n, floorBytes);
    printRow("harness floor (count per key), allow only", allow.floor, n, floorBytes);
    std::printf("%-44s %13.1fx\n", "engine / baseline, full", full.baseline.bestSeconds / full.engine.bestSeconds);
    std::printf("%-44s %13.1fx\n", "engine / baseline, allow only", allow.baseline.bestSeconds / allow.engine.bestSeconds);
    std::printf("%-44s %13.1fx\n", "floor / baseline, full", full.baseline.bestSeconds / full.floor.bestSeconds);
    std::printf("%-44s %13.2fx\n", "engine allow only / full", full.engine.bestSeconds / allow.engine.bestSeconds);
}

void printJson(const Options& o, const BuiltLimiter& probe, const Workload& w, const FormTimings& full, const FormTimings& allow)
{
    const std::size_t n = w.requests.size();
    nlohmann::ordered_json j;
    j["requests"] = n;
    j["keys"] = w.keyCount;
    j["algorithm"] = o.algorithm;
    j["allowed"] = full.engine.allowed;
    j["decisions_per_s"] = std::llround(full.engine.perSecond(n));
    j["allow_only_decisions_per_s"] = std::llround(allow.engine.perSecond(n));
    j["state_bytes_per_key"] = probe.limiter->stateBytesPerKey();
    j["baseline_decisions_per_s"] = std::llround(full.baseline.perSecond(n));
    j["baseline_allow_only_decisions_per_s"] = std::llround(allow.baseline.perSecond(n));
    j["floor_decisions_per_s"] = std::llround(full.floor.perSecond(n));
    j["floor_allow_only_decisions_per_s"] = std::llround(allow.floor.perSecond(n));
    std::cout << j.dump() << "\n";
}

int runDecisions(const Options& o)
{
    ParamValues params;
    for (const std::string& arg : o.params) {
        const auto eq = arg.find('=');
        if (eq == std::string::npos || eq == 0) {
            std::cerr << "ratelab-bench: --param " << arg << ": expected k=v\n";
            return kExitBadInput;
        }
        params[arg.substr(0, eq)] = arg.substr(eq + 1);
    }
    BuiltLimiter probe;
    try {
        probe = makeLimiter(o.algorithm, params);
    } catch (const ParamError& e) {
        std::cerr << "ratelab-bench: " << e.field() << ": " << e.what() << "\n";
        return kExitBadInput;
    }
    Workload w;
    if (!loadWorkload(o, w))
        return kExitBadInput;
    for (const Request& r : w.requests) {
        if (!probe.limiter->acceptsCost(r.cost)) {
            std::cerr << "ratelab-bench: cost: " << o.algorithm << " does not accept cost " << r.cost << "\n";
            return kExitBadInput;
        }
    }

    double capacity = 0;
    double tokensPerUs = 0;
    baselineBucket(probe, capacity, tokensPerUs);
    Buffers buffers;
    FormTimings full;
    FormTimings allow;
    FormTimings priming;  // page in, warm caches and predictors; not reported
    runForm(o, params, capacity, tokensPerUs, w, buffers, false, priming);
    runForm(o, params, capacity, tokensPerUs, w, buffers, true, priming);
    for (int run = 0; run < o.repeat; ++run) {
        runForm(o, params, capacity, tokensPerUs, w, buffers, false, full);
        runForm(o, params, capacity, tokensPerUs, w, buffers, true, allow);
    }
    if (allow.engine.allowed != full.engine.allowed) {
        std::cerr << "ratelab-bench: internal error: the allow-only path allowed " << allow.engine.allowed
                  << " requests, the full decision " << full.engine.allowed << "\n";
        return kExitInternal;
    }
    if (o.json)
        printJson(o, probe, w, full, allow);
    else
        printTable(o, probe, w, capacity, tokensPerUs, full, allow);
    return kExitOk;
}

}  // namespace

}  // namespace ratelab::bench

int main(int argc, char** argv)
{
    using namespace ratelab::bench;
    CLI::App app{"ratelab-bench: engine throughput (decisions, events, log import) against baselines in the same run"};
    app.require_subcommand(1);

    Options o;
    auto* decisions = app.add_subcommand("decisions", "Time the decision loop of one algorithm or preset");
    decisions->add_option("--algorithm", o.algorithm, "Algorithm or preset name (see `ratelab-cli list`)")->required();
    decisions->add_option("--param", o.params, "Parameter k=v, e.g. capacity=10, refill=10/s");
    auto* trace = decisions->add_option("--trace", o.trace, "Trace CSV file (t_us,key,cost)");
    auto* generate = decisions->add_option("--generate", o.generate,
                                           "Generate REQUESTS,KEYS,ZIPF,RATE,SEED, e.g. 10000000,100000,1.1,100000,42");
    trace->excludes(generate);
    generate->excludes(trace);
    decisions->require_option(1, 0);  // checked below: exactly one of --trace / --generate
    decisions->add_flag("--json", o.json, "Print one JSON object instead of the table");
    decisions->add_option("--repeat", o.repeat, "Timed runs; the best is reported")->default_val(3)->check(CLI::Range(1, 1000));
    EventsOptions events;
    auto* eventsCommand = addEventsCommand(app, events);
    ImportBenchOptions import;
    auto* importCommand = addImportCommand(app, import);
    AllOptions all;
    all.self = argv[0];
    auto* allCommand = addAllCommand(app, all);

    try {
        app.parse(argc, argv);
        if (decisions->parsed() && trace->count() + generate->count() != 1)
            throw CLI::ValidationError("--trace/--generate", "give exactly one of --trace FILE.csv or --generate ...");
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::cerr << "ratelab-bench: " << e.what() << "\n";
        return kExitBadInput;
    }

    try {
        if (eventsCommand->parsed())
            return runEventsBenchmark(events);
        if (importCommand->parsed())
            return runImportBenchmark(import);
        if (allCommand->parsed())
            return runAllBenchmarks(all);
        return runDecisions(o);
    } catch (const std::exception& e) {
        std::cerr << "ratelab-bench: internal error: " << e.what() << "\n";
        return kExitInternal;
    }
}
