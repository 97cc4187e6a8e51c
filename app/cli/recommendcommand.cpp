// `ratelab-cli recommend LOG|TRACE`: per-key rates and, per algorithm, the smallest limits
// that keep a chosen share of keys (or requests) never throttled (engine/advisor/).
// A human-readable table by default; --json prints the design.md section 7 contract.

#include "app/cli/commands.h"
#include "app/cli/numbers.h"
#include "app/cli/output.h"
#include "app/cli/peekedinput.h"
#include "app/cli/progress.h"

#include "engine/advisor/advisor.h"
#include "engine/core/inputfile.h"
#include "engine/core/plural.h"
#include "engine/core/units.h"
#include "engine/scenario/replayscenario.h"
#include "engine/scenario/scenarioio.h"
#include "engine/tracecsv/tracereader.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <optional>

namespace ratelab::cli {

namespace {

int refuseRecommend(const std::string& message)
{
    std::cerr << "ratelab-cli: recommend: " << message << "\n";
    return kExitBadInput;
}

std::string quantileName(double q)
{
    if (q >= 1.0)
        return "max";
    char buf[16];
    std::snprintf(buf, sizeof buf, "p%g", q * 100.0);
    return buf;
}

std::string paramsText(const ParamValues& params)
{
    std::string text;
    for (const auto& [k, v] : params)
        text += (text.empty() ? "" : " ") + k + "=" + v;
    return text;
}

nlohmann::json distributionJson(const Distribution& d)
{
    nlohmann::json percentiles = nlohmann::json::object();
    for (const Percentile& p : d.percentiles)
        percentiles[quantileName(p.quantile)] = p.value;
    nlohmann::json bins = nlohmann::json::array();
    for (const HistogramBin& b : d.histogram)
        bins.push_back({{"lower", b.lower}, {"upper", b.upper}, {"keys", b.keys}});
    return {{"keys", d.count}, {"percentiles", percentiles}, {"histogram", bins}};
}

nlohmann::json resultJson(const std::string& source, const AdvisorResult& r)
{
    nlohmann::json out;
    out["source"] = source;
    out["requests"] = r.requests;
    out["keys"] = r.keys;
    out["first_t_us"] = r.firstTime;
    out["last_t_us"] = r.lastTime;
    out["target"] = {{"by", r.options.by == AdvisorTarget::Keys ? "keys" : "requests"},
                     {"share", static_cast<double>(r.options.targetPpm) / 1e6},
                     {"window", formatDuration(r.options.windowUs)}};
    nlohmann::json windows = nlohmann::json::array();
    for (const WindowRates& w : r.rates.windows) {
        nlohmann::json j = distributionJson(w.distribution);
        j["window"] = formatDuration(w.windowUs);
        windows.push_back(j);
    }
    out["rates"] = {{"requests_per_key", distributionJson(r.rates.totals)}, {"max_in_window", windows}};
    nlohmann::json recs = nlohmann::json::array();
    for (const Recommendation& rec : r.recommendations) {
        nlohmann::json j;
        j["algorithm"] = rec.algorithm;
        j["params"] = rec.params;
        j["keys_unthrottled_share"] = rec.keysUnthrottledShare;
        j["requests_rejected_share"] = rec.requestsRejectedShare;
        j["requests_of_unthrottled_keys_share"] = rec.requestsOfUnthrottledKeysShare;
        j["parameter"] = rec.parameter;
        j["value"] = rec.value;
        j["target_met"] = rec.targetMet;
        j["probes"] = rec.probes;
        j["requests"] = rec.requests;
        j["requests_rejected"] = rec.requestsRejected;
        j["keys"] = rec.keys;
        j["keys_unthrottled"] = rec.keysUnthrottled;
        j["keys_throttled"] = rec.throttledKeys;
        nlohmann::json top = nlohmann::json::array();
        for (const ThrottledKey& k : rec.topKeys)
            top.push_back({{"key", k.name},
                           {"requests", k.requests},
                           {"rejected", k.rejected},
                           {"first_rejected_t_us", k.firstRejected},
                           {"peak_in_window", k.rateInWindow.peak},
                           {"p99_in_window", k.rateInWindow.p99}});
        j["top_throttled_keys"] = top;
        j["top_keys_rejected_share"] = rec.topKeysRejectedShare;
        nlohmann::json curve = nlohmann::json::array();
        for (const CurvePoint& c : rec.curve)
            curve.push_back({{"value", c.value},
                             {"keys_unthrottled_share", c.keysUnthrottledShare},
                             {"requests_rejected_share", c.requestsRejectedShare}});
        j["curve"] = curve;
        recs.push_back(j);
    }
    out["recommendations"] = recs;
    return out;
}

void printTable(std::ostream& os, const std::string& source, const AdvisorResult& r)
{
    os << source << ": " << counted(r.requests, "request") << ", " << counted(r.keys, "key");
    if (r.requests > 0)
        os << ", " << formatUtc(r.firstTime) << " to " << formatUtc(r.lastTime);
    os << "\n\nPer-key rate: the most requests (cost) a key sent in any window of this length\n";
    os << "window ";
    for (const Percentile& p : r.rates.totals.percentiles)
        os << " " << std::setw(8) << quantileName(p.quantile);
    os << "\n";
    for (const WindowRates& w : r.rates.windows) {
        os << std::left << std::setw(6) << formatDuration(w.windowUs) << std::right;
        for (const Percentile& p : w.distribution.percentiles)
            os << " " << std::setw(8) << p.value;
        os << "\n";
    }
    os << std::left << std::setw(6) << "all" << std::right;
    for (const Percentile& p : r.rates.totals.percentiles)
        os << " " << std::setw(8) << p.value;
    os << "\n\nSmallest limits keeping " << percent(static_cast<double>(r.options.targetPpm) / 1e6, 2) << " of "
       << (r.options.by == AdvisorTarget::Keys ? "keys" : "requests (by their keys)") << " never throttled (window "
       << formatDuration(r.options.windowUs) << "):\n";
    os << std::left << std::setw(24) << "algorithm" << std::setw(44) << "params" << std::right << std::setw(12) << "keys ok"
       << std::setw(12) << "rejected" << std::setw(10) << "throttled"
       << "\n";
    for (const Recommendation& rec : r.recommendations) {
        os << std::left << std::setw(24) << rec.algorithm << std::setw(44) << paramsText(rec.params) << std::right
           << std::setw(12) << percent(rec.keysUnthrottledShare, 2) << std::setw(12) << percent(rec.requestsRejectedShare, 2)
           << std::setw(10) << rec.throttledKeys << (rec.targetMet ? "" : "  (target not reachable)") << "\n";
    }
    for (const Recommendation& rec : r.recommendations) {
        if (rec.topKeys.empty())
            continue;
        os << "\n"
           << rec.algorithm << ": " << rec.requestsRejected << " rejected; the top "
           << counted(static_cast<std::int64_t>(rec.topKeys.size()), "key") << " sent " << percent(rec.topKeysRejectedShare, 2)
           << " of them\n";
        for (const ThrottledKey& k : rec.topKeys)
            os << "  " << std::left << std::setw(40) << k.name << std::right << std::setw(8) << k.rejected << " of "
               << std::setw(8) << k.requests << "  first at " << formatUtc(k.firstRejected) << "\n";
    }
}

// The advisor's options from the command line; empty, or what is wrong with one of them.
std::string readAdvisorOptions(const RecommendOptions& o, AdvisorOptions& options)
{
    const auto ppm = parseShare(o.keep);
    if (!ppm)
        return "--keep-unthrottled " + o.keep + ": expected a share like 99%, 99.9% or 0.99";
    options.targetPpm = *ppm;
    options.by = o.by == "requests" ? AdvisorTarget::Requests : AdvisorTarget::Keys;
    std::string error;
    const auto window = parseDuration(o.window, error);
    if (!window)
        return "--window " + o.window + ": " + error;
    options.windowUs = *window;
    options.algorithms = o.algorithms;
    options.topKeys = o.top;
    try {
        (void)exactRateText(1, options.windowUs);
    } catch (const std::invalid_argument&) {
        return "--window " + o.window + ": per-window rates are not exact in N/unit syntax; use 1s, 10s, 1m, 1h ...";
    }
    for (const std::string& a : o.algorithms)
        if (!findFamily(a))
            return "--algorithm " + a
                + ": the advisor searches token_bucket, leaky_bucket, fixed_window, "
                  "sliding_window_log, sliding_window_counter or gcra";
    return {};
}

// Why --replay-scenario cannot be written, or empty. The replay scenario names the input file,
// to read it again: a file, not standard input; and it is a file of its own, as standard
// output carries the recommendations.
std::string replayScenarioProblem(const RecommendOptions& o)
{
    if (isStdio(o.replayScenario))
        return "--replay-scenario -: standard output carries the recommendations; name a file";
    if (isStdio(o.input))
        return "--replay-scenario: the scenario reads its input again, which standard input cannot be; "
               "give the input as a file";
    return overwriteProblem({"--replay-scenario", o.replayScenario}, {{"the input", o.input}});
}

bool isRegularFile(const std::string& path)
{
    std::error_code error;
    return std::filesystem::is_regular_file(path, error);
}

// The input's requests, read as a trace or as a log (as --format says, or as its first line
// looks); `logImport` is how a log was read. kExitOk, or the exit status of bad input.
int readRequests(const RecommendOptions& o, Progress& progress, RequestSet& set, std::optional<ratelab::ImportOptions>& logImport,
                 ShardSpec shard)
{
    const bool fromStdin = isStdio(o.input);
    const std::string inputName = fromStdin ? "<stdin>" : o.input;
    std::string format = "auto";
    bool logFormatGiven = false;
    for (const LogOption& given : o.log.logOptions) {
        if (given.name == "format")
            format = given.value;
        logFormatGiven = logFormatGiven || given.name == "log_format";
    }
    // The first line is looked at in the stream that is then read: standard input, a pipe or a
    // FIFO (`<(zcat log.gz)`) opened again would have lost what the look read, or wait for a
    // writer that is gone. A regular log is read again by its path, on several threads.
    std::ifstream file;
    if (!fromStdin) {
        file.open(o.input, std::ios::binary);
        if (!file.is_open())
            return refuseRecommend(inputName + ": cannot open the file: " + std::strerror(errno));
    }
    PeekedInput peeked(fromStdin ? std::cin.rdbuf() : file.rdbuf());
    const bool trace = format == "trace" || (format == "auto" && !logFormatGiven && isTraceHeader(peeked.firstLine()));
    const bool streamed = fromStdin || !isRegularFile(o.input);
    try {
        std::istream in(&peeked);
        if (trace) {
            set = loadRequestsFromTrace(in, inputName, &progress.control());
        } else {
            ratelab::ImportOptions import;
            if (const std::string error = logOptionsFrom(o.log.logOptions, import); !error.empty())
                return refuseRecommend(error);
            set = streamed ? loadRequestsFromLog(in, import, &progress.control())
                           : loadRequestsFromLog(o.input, import, &progress.control(), o.log.threads);
            logImport = import;
        }
    } catch (const InputError& e) {
        progress.finish();
        return refuseRecommend(e.what());
    } catch (const ImportError& e) {
        progress.finish();
        return refuseRecommend(inputName + ": " + e.what());
    } catch (const std::invalid_argument& e) {
        progress.finish();
        return refuseRecommend(e.what());
    }
    if (shard.count > 1)
        keepShard(set, shard);
    if (set.requests.empty()) {
        progress.finish();
        return refuseRecommend(inputName + (shard.count > 1 ? ": no requests in shard " + o.shard : "")
                               + ": no requests to advise on");
    }
    return kExitOk;
}

}  // namespace

CLI::App* addRecommendCommand(CLI::App& app, RecommendOptions& o)
{
    auto* cmd = app.add_subcommand("recommend",
                                   "Per-key rates of a log or trace, and per algorithm the smallest limits that keep a "
                                   "share of keys (or requests) never throttled");
    cmd->add_option("input", o.input,
                    "Access log (any format the importer detects) or decide trace CSV (t_us,key,cost); - for standard input")
        ->required();
    addLogOptions(*cmd, o.log.logOptions);
    std::string formatHelp = "Log format, or trace for a decide trace CSV (default: detected; a t_us,key header means a trace): ";
    formatHelp += logOptionChoices("format");
    cmd->get_option("--format")->description(formatHelp);
    cmd->add_option("--threads", o.log.threads,
                    "Parse on this many threads (files only; default: the machine's cores, " + std::to_string(o.log.threads)
                        + ")")
        ->check(CLI::Range(1u, 64u));
    cmd->add_option("--keep-unthrottled", o.keep, "Share to keep never throttled: 99%, 99.9% or 0.99 (default 99%)");
    cmd->add_option("--by", o.by, "Count the share over keys, or over requests (by their keys)")
        ->check(CLI::IsMember({"keys", "requests"}));
    cmd->add_option("--algorithm", o.algorithms, "Only this algorithm (repeatable; default: all six)");
    cmd->add_option("--window", o.window, "The window W of every parameter family (default 1m)");
    cmd->add_option("--top", o.top, "Throttled keys listed per algorithm (default 10)");
    cmd->add_flag("--json", o.json, "Print JSON (design.md section 7), not a table");
    cmd->add_option("--shard", o.shard, "i/N: only the requests whose keys hash into shard i of N");
    cmd->add_option("--replay-scenario", o.replayScenario,
                    "Also write a scenario that replays the input file through the recommendations (ratelab-cli run FILE)");
    return cmd;
}

int runRecommend(const RecommendOptions& o)
{
    AdvisorOptions options;
    if (const std::string problem = readAdvisorOptions(o, options); !problem.empty())
        return refuseRecommend(problem);
    ShardSpec shard;
    if (std::string error; !o.shard.empty() && !parseShard(o.shard, shard, error))
        return refuseRecommend(error);
    const std::string inputName = isStdio(o.input) ? "<stdin>" : o.input;
    if (!isStdio(o.input))
        if (const std::string problem = inputFileProblem(o.input, "file"); !problem.empty())
            return refuseRecommend(o.input + ": " + problem);
    std::optional<Output> replayFile;
    if (!o.replayScenario.empty()) {
        if (const std::string problem = replayScenarioProblem(o); !problem.empty())
            return refuseRecommend(problem);
        replayFile.emplace(o.replayScenario);  // a path that cannot be written fails now, not after the work
    }
    RequestSet set;
    std::optional<ratelab::ImportOptions> logImport;  // how the log was read; none for a trace
    Progress progress("recommend");
    if (const int status = readRequests(o, progress, set, logImport, shard); status != kExitOk)
        return status;

    const AdvisorResult result = advise(set, options, &progress.control());
    progress.finish();
    if (o.json)
        std::cout << resultJson(inputName, result).dump(2) << "\n";
    else
        printTable(std::cout, inputName, result);
    checkStandardOutput();  // the recommendations are out before anything else is written
    if (set.importSummary && !o.json)
        std::cerr << inputName << ":\n" << formatSummary(*set.importSummary);
    if (replayFile) {
        // An absolute input path: the scenario may be run from anywhere.
        const Scenario replay = replayScenario(result, std::filesystem::absolute(o.input).string(), logImport);
        replayFile->write(saveScenario(replay));
        replayFile->commit();
        std::cerr << "replay scenario written to " << o.replayScenario << " (ratelab-cli run " << o.replayScenario << ")\n";
    }
    return kExitOk;
}

}  // namespace ratelab::cli
