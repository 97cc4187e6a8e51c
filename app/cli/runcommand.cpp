#include "app/cli/clustertable.h"
#include "app/cli/commands.h"
#include "app/cli/endpointtable.h"
#include "app/cli/numbers.h"
#include "app/cli/output.h"
#include "app/cli/progress.h"

#include "engine/core/plural.h"
#include "engine/engine.h"
#include "engine/report/reportio.h"
#include "engine/scenario/scenarioio.h"
#include "engine/scenario/workestimate.h"
#include "engine/sim/shardfilter.h"
#include "engine/tracecsv/tracereader.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

namespace ratelab::cli {
namespace {

// A scenario file, standard input ("-"), or the name of an embedded one ("default",
// "boundary-attack", ...); `source` names it in messages. Relative file names in a scenario
// from standard input resolve against the working directory.
Scenario resolveScenario(const std::string& arg, std::string& source)
{
    source = arg.empty() ? "default.json (embedded)" : isStdio(arg) ? "<stdin>" : arg;
    if (arg.empty())
        return defaultScenario();
    if (isStdio(arg))
        return loadScenarioStream(std::cin, source, ".");
    std::error_code ec;  // a name too long or a loop of links is the file's problem, below
    if (!std::filesystem::exists(arg, ec)) {
        for (const auto& [name, json] : embeddedScenarios()) {
            if (name == arg)
                return loadScenario(json, source = name + ".json (embedded)");
        }
    }
    return loadScenarioFile(arg);
}

// Every problem of a scenario on a line of its own, each as an error line of ours.
int refused(const ScenarioError& e)
{
    std::istringstream lines(e.what());
    for (std::string line; std::getline(lines, line);)
        std::cerr << "ratelab-cli: " << line << "\n";
    return kExitBadInput;
}

// A duration for a table cell: ms below 10 s, else s.
std::string millisOrSeconds(std::int64_t us)
{
    char buf[32];
    if (us < 10'000'000)
        std::snprintf(buf, sizeof buf, "%.1f ms", us / 1000.0);
    else
        std::snprintf(buf, sizeof buf, "%.1f s", us / 1e6);
    return buf;
}

// The backend model's columns, only when the scenario has a backend (report.md): the
// placement, the workers' busy share, and the allowed requests' p99 latency.
std::string backendColumns(const Report& report, const AlgorithmReport* a)
{
    const bool any = std::any_of(report.algorithms.begin(), report.algorithms.end(),
                                 [](const AlgorithmReport& r) { return r.backendModel.has_value(); });
    if (!any)
        return "";
    char buf[96];
    if (!a)
        std::snprintf(buf, sizeof buf, " %7s %8s %11s", "limiter", "backend", "p99 latency");
    else if (!a->backendModel)
        std::snprintf(buf, sizeof buf, " %7s %8s %11s", "-", "-", "-");
    else
        std::snprintf(buf, sizeof buf, " %7s %8s %11s", a->backendModel->placement.c_str(),
                      percent(a->backendModel->utilization, 1).c_str(), millisOrSeconds(a->backendModel->latencyUs.p99).c_str());
    return buf;
}

void printTable(const Report& report, std::ostream& out)
{
    out << report.scenario.name << ": " << counted(report.uniqueRequests, "request") << " over "
        << report.scenario.durationUs / 1e6 << " s, seed " << report.scenario.seed << "\n\n";
    char line[512];
    std::snprintf(line, sizeof line, "%-24s %10s %10s %8s %16s %13s %10s %10s %9s %8s\n", "algorithm", "requests", "allowed",
                  "accept", "peak burst", "false a/r", "bytes/key", "live keys", "p99 delay", "ampl.");
    out << std::string_view(line).substr(0, std::strlen(line) - 1) << backendColumns(report, nullptr) << "\n";
    for (const AlgorithmReport& a : report.algorithms) {
        char burst[48];
        std::snprintf(burst, sizeof burst, "%.2fx @%.1fs", a.peakBurst.ratio, a.peakBurst.atUs / 1e6);
        char disagreement[32] = "-";
        if (a.disagreement)
            std::snprintf(disagreement, sizeof disagreement, "%lld/%lld", static_cast<long long>(a.disagreement->falseAllow),
                          static_cast<long long>(a.disagreement->falseReject));
        char delay[32] = "-";
        if (a.delay)
            std::snprintf(delay, sizeof delay, "%.0f ms", a.delay->p99 / 1000.0);
        char amplification[32] = "-";
        if (a.closedLoop)
            std::snprintf(amplification, sizeof amplification, "%.2f", a.closedLoop->amplification);
        std::snprintf(line, sizeof line, "%-24.24s %10lld %10lld %8s %16s %13s %10.1f %10lld %9s %8s\n", a.id.c_str(),
                      static_cast<long long>(a.requests), static_cast<long long>(a.allowed), percent(a.acceptance, 1).c_str(),
                      burst, disagreement, a.memory.stateBytesPerKey, static_cast<long long>(a.memory.peakLiveKeys), delay,
                      amplification);
        out << std::string_view(line).substr(0, std::strlen(line) - 1) << backendColumns(report, &a) << "\n";
    }
    for (const AlgorithmReport& a : report.algorithms) {
        if (a.clients && a.clients->wronglyThrottled > 0)
            out << "\n"
                << a.id << ": " << a.clients->throttled << " of " << counted(a.clients->clients, "client") << " throttled, "
                << a.clients->wronglyThrottled << " of them wrongly (a limit of their own never rejected them)";
    }
    for (const AlgorithmReport& a : report.algorithms) {
        if (a.neverAdmissible > 0)
            out << "\n"
                << a.id << ": never admissible: " << a.neverAdmissible << (a.neverAdmissible == 1 ? " request" : " requests")
                << " (cost above what the limit can ever admit; counted as rejected)";
    }
    out << "\n";
    printEndpointTable(report, out);
}

// The report files may not replace the scenario or a file it replays.
std::string outputProblem(const RunOptions& options, const Scenario& scenario)
{
    std::vector<NamedFile> inputs{{"the scenario", options.scenario}};
    for (const SourceSpec& source : scenario.traffic)
        if (!source.file.empty())
            inputs.push_back({"the scenario's source", source.file});
    for (const char* name : {"report.json", "series.csv"}) {
        const std::string path = (std::filesystem::path(options.outDir) / name).string();
        if (std::string problem = overwriteProblem({"--out", path}, inputs); !problem.empty())
            return problem;
    }
    return {};
}

}  // namespace

int runRun(const RunOptions& options)
{
    if (isStdio(options.outDir)) {
        std::cerr << "ratelab-cli: run: --out -: --out is the directory for report.json and series.csv; the table "
                     "already goes to standard output\n";
        return kExitBadInput;
    }
    Scenario scenario;
    std::string source;
    try {
        scenario = resolveScenario(options.scenario, source);
    } catch (const ScenarioError& e) {
        return refused(e);
    }
    if (options.seed)
        scenario.seed = *options.seed;
    std::optional<ShardSpec> shard;
    if (!options.shard.empty()) {
        ShardSpec spec;
        std::string error;
        if (!parseShard(options.shard, spec, error)) {
            std::cerr << "ratelab-cli: run: " << error << "\n";
            return kExitBadInput;
        }
        if (const std::string problem = shardProblem(scenario); !problem.empty()) {
            std::cerr << "ratelab-cli: run: --shard: " << source << " cannot be split by key: " << problem << "\n";
            return kExitBadInput;
        }
        shard = spec;
    }
    if (const auto problem = workOverCap(scenario); problem && !options.allowLarge) {
        std::cerr << "ratelab-cli: " << source << ": " << problem->path << ": " << problem->message << "; lower "
                  << (problem->path == "traffic" ? "the rates or the duration" : "population.clients")
                  << ", or run it with --allow-large\n";
        return kExitBadInput;
    }
    if (!options.outDir.empty()) {
        if (const std::string problem = outputProblem(options, scenario); !problem.empty()) {
            std::cerr << "ratelab-cli: run: " << problem << "\n";
            return kExitBadInput;
        }
    }

    Progress progress("run");
    Report report;
    try {
        report = runScenario(
            scenario, progress.control(),
            ratelab::RunOptions{options.allowLarge ? WorkLimit::Unlimited : WorkLimit::Capped, options.threads, shard});
    } catch (const ScenarioError& e) {
        progress.finish();
        return refused(e);
    } catch (const InputError& e) {
        progress.finish();
        std::cerr << "ratelab-cli: " << e.what() << "\n";
        return kExitBadInput;
    }
    progress.finish();

    if (!options.outDir.empty()) {
        throwIfInterrupted();  // a run cut short writes no report
        writeReportFiles(report, options.outDir);
    }
    if (shard)
        std::cout << "shard " << shard->index << "/" << shard->count << " (keys by " << report.shard->key
                  << "): the algorithms' figures are this shard's keys'; `ratelab-cli merge` joins the shards\n\n";
    printTable(report, std::cout);
    printClusterTable(report, std::cout);
    if (!options.outDir.empty())
        std::cout << "\nwrote " << (std::filesystem::path(options.outDir) / "report.json").string() << " and series.csv\n";
    return kExitOk;
}

}  // namespace ratelab::cli
