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
// timed: decideBatch over chunks of kChunk requests into a reused Decision buffer whose
// `allowed` flags are counted, so every Decision is computed and consumed. The best run is
// reported. The table also shows the harness floor (floorlimiter.h): the same loop with a
// decision that only counts, so what the algorithm itself costs is the difference.
// Exit codes: 0 success, 2 bad usage or input (one line on stderr), 1 internal.

#include "tests/bench/floorlimiter.h"
#include "tests/bench/modes.h"
#include "tests/bench/stringmapbaseline.h"
#include "tests/bench/workload.h"

#include "engine/algorithms/catalog.h"
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

// One run of `limiter` over the whole workload; returns the seconds of the decision loop.
double timeDecisions(RateLimiter& limiter, const Workload& w, std::vector<Decision>& out, std::int64_t& allowed)
{
    const Request* requests = w.requests.data();
    const std::size_t n = w.requests.size();
    allowed = 0;
    const auto start = Clock::now();
    for (std::size_t i = 0; i < n; i += kChunk) {
        const std::size_t m = std::min(kChunk, n - i);
        limiter.decideBatch(requests + i, m, out.data());
        allowed += countAllowed(out.data(), m);
    }
    return std::chrono::duration<double>(Clock::now() - start).count();
}

double runEngine(const Options& o, const ParamValues& params, const Workload& w, std::vector<Decision>& out,
                 std::int64_t& allowed)
{
    const BuiltLimiter built = makeLimiter(o.algorithm, params);  // fresh state, not timed
    return timeDecisions(*built.limiter, w, out, allowed);
}

double runFloor(const Workload& w, std::vector<Decision>& out, std::int64_t& allowed)
{
    FloorLimiter floor;
    return timeDecisions(floor, w, out, allowed);
}

double runBaseline(double capacity, double tokensPerUs, const Workload& w, std::vector<Decision>& out, std::int64_t& allowed)
{
    StringMapTokenBucket baseline(capacity, tokensPerUs);
    const Request* requests = w.requests.data();
    const std::string* keys = w.keyOfRequest.data();
    const std::size_t n = w.requests.size();
    allowed = 0;
    const auto start = Clock::now();
    for (std::size_t i = 0; i < n; i += kChunk) {
        const std::size_t m = std::min(kChunk, n - i);
        baseline.decideBatch(keys + i, requests + i, m, out.data());
        allowed += countAllowed(out.data(), m);
    }
    return std::chrono::duration<double>(Clock::now() - start).count();
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
    if (!o.generate.empty()) {
        GenerateSpec spec;
        std::string error;
        if (!parseGenerateSpec(o.generate, spec, error)) {
            std::cerr << "ratelab-bench: " << error << "\n";
            return kExitBadInput;
        }
        w = generateWorkload(spec);
    } else {
        try {
            w = loadTrace(o.trace);
        } catch (const InputError& e) {
            std::cerr << "ratelab-bench: " << e.what() << "\n";
            return kExitBadInput;
        }
    }
    for (const Request& r : w.requests) {
        if (!probe.limiter->acceptsCost(r.cost)) {
            std::cerr << "ratelab-bench: cost: " << o.algorithm << " does not accept cost " << r.cost << "\n";
            return kExitBadInput;
        }
    }
    const std::size_t n = w.requests.size();

    double capacity = 0;
    double tokensPerUs = 0;
    baselineBucket(probe, capacity, tokensPerUs);

    std::vector<Decision> out(kChunk);
    Timing engine;
    Timing baseline;
    Timing floor;
    std::int64_t allowed = 0;
    runEngine(o, params, w, out, allowed);  // priming: page in, warm caches and predictors
    runBaseline(capacity, tokensPerUs, w, out, allowed);
    for (int run = 0; run < o.repeat; ++run) {
        const double engineSeconds = runEngine(o, params, w, out, allowed);
        engine.add(engineSeconds, allowed);
        const double baselineSeconds = runBaseline(capacity, tokensPerUs, w, out, allowed);
        baseline.add(baselineSeconds, allowed);
        const double floorSeconds = runFloor(w, out, allowed);
        floor.add(floorSeconds, allowed);
    }
    const std::size_t stateBytes = probe.limiter->stateBytesPerKey();

    if (o.json) {
        nlohmann::ordered_json j;
        j["requests"] = n;
        j["keys"] = w.keyCount;
        j["algorithm"] = o.algorithm;
        j["allowed"] = engine.allowed;
        j["decisions_per_s"] = std::llround(engine.perSecond(n));
        j["state_bytes_per_key"] = stateBytes;
        j["baseline_decisions_per_s"] = std::llround(baseline.perSecond(n));
        j["floor_decisions_per_s"] = std::llround(floor.perSecond(n));
        std::cout << j.dump() << "\n";
        return kExitOk;
    }

    std::string paramText;
    for (const auto& [k, v] : probe.params)
        paramText += " " + k + "=" + v;
    std::printf("ratelab-bench decisions: %s%s\n", o.algorithm.c_str(), paramText.c_str());
    std::printf("workload: %zu requests, %zu keys (%s)\n", n, w.keyCount, w.description.c_str());
    std::printf("best of %d runs after a priming run; chunks of %zu requests\n\n", o.repeat, kChunk);
    std::printf("%-30s %14s %12s %12s %8s  %s\n", "", "decisions/s", "ns/decision", "allowed", "B/key", "runs");
    std::printf("%-30s %14s %12.2f %12lld %8zu  %s\n", ("engine " + o.algorithm).c_str(), millions(engine.perSecond(n)).c_str(),
                engine.bestSeconds * 1e9 / static_cast<double>(n), static_cast<long long>(engine.allowed), stateBytes,
                runsText(engine).c_str());
    char bucket[64];
    std::snprintf(bucket, sizeof bucket, "baseline string map (%g, %g/s)", capacity, tokensPerUs * 1e6);
    std::printf("%-30s %14s %12.2f %12lld %8s  %s\n", bucket, millions(baseline.perSecond(n)).c_str(),
                baseline.bestSeconds * 1e9 / static_cast<double>(n), static_cast<long long>(baseline.allowed), "-",
                runsText(baseline).c_str());
    std::printf("%-30s %14s %12.2f %12lld %8zu  %s\n", "harness floor (count per key)", millions(floor.perSecond(n)).c_str(),
                floor.bestSeconds * 1e9 / static_cast<double>(n), static_cast<long long>(floor.allowed), sizeof(FloorState),
                runsText(floor).c_str());
    std::printf("%-30s %13.1fx\n", "engine / baseline", baseline.bestSeconds / engine.bestSeconds);
    std::printf("%-30s %13.1fx\n", "floor / baseline", baseline.bestSeconds / floor.bestSeconds);
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
