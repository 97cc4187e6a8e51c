// `ratelab-cli import LOG`: an access log to the trace CSV that `decide` replays
// (t_us,key,cost sorted by time), with the import summary on stderr. Also the log options
// it shares with `recommend`, registered from the engine's table (logoptions.h).

#include "app/cli/commands.h"
#include "app/cli/output.h"
#include "app/cli/progress.h"

#include "engine/core/growtohold.h"
#include "engine/core/inputfile.h"
#include "engine/logs/reading/logimporter.h"
#include "engine/logs/reading/parallelimport.h"

#include <CLI/CLI.hpp>

#include <charconv>
#include <fstream>
#include <iostream>

namespace ratelab::cli {

namespace {

constexpr std::size_t kOutputFlushBytes = 1 << 20;

// The trace reader splits on commas and lines: those bytes in a key are percent-encoded.
void appendTraceKey(std::string& out, std::string_view key)
{
    for (char c : key) {
        switch (c) {
        case ',': out += "%2C"; break;
        case '\n': out += "%0A"; break;
        case '\r': out += "%0D"; break;
        default: out += c;
        }
    }
}

int refuseImport(const std::string& message)
{
    std::cerr << "ratelab-cli: import: " << message << "\n";
    return kExitBadInput;
}

// "log_format" -> "--log-format".
std::string optionFlag(std::string_view name)
{
    std::string flag = "--";
    for (char c : name)
        flag += c == '_' ? '-' : c;
    return flag;
}

}  // namespace

CLI::App* addImportCommand(CLI::App& app, ImportOptions& o)
{
    auto* cmd = app.add_subcommand("import", "Turn an access log into a trace CSV (t_us,key,cost) for decide; summary on stderr");
    cmd->add_option("log", o.log, "Access log file, or - for standard input")->required();
    addLogOptions(*cmd, o.logOptions);
    cmd->add_option("--tiers", o.tiers, "CSV of key,tier: requests per tier in the summary (- for standard input)");
    cmd->add_option("--threads", o.threads,
                    "Parse on this many threads (files only; default: the machine's cores, " + std::to_string(o.threads) + ")")
        ->check(CLI::Range(1u, 64u));
    cmd->add_option("--out", o.out, "Trace CSV to write, replaced only once complete (default, or -: standard output)");
    cmd->add_option("--shard", o.shard,
                    "i/N: only the requests whose keys hash into shard i of N (the summary is the whole log's)");
    return cmd;
}

void addLogOptions(CLI::App& cmd, std::vector<LogOption>& given)
{
    for (const LogOptionInfo& info : logOptionTable()) {
        const std::string name(info.name);
        std::string help(info.help);
        if (const std::string choices = logOptionChoices(name); !choices.empty())
            help.append(": ").append(choices);
        if (info.flag) {
            cmd.add_flag_callback(
                optionFlag(name),
                [&given, name] {
                    given.push_back({name, "true"});
                },
                help);
        } else {
            // One value per occurrence, so an option never swallows the positional argument.
            cmd.add_option_function<std::vector<std::string>>(
                   optionFlag(name),
                   [&given, name](const std::vector<std::string>& values) {
                       for (const std::string& v : values)
                           given.push_back({name, v});
                   },
                   help)
                ->expected(1)
                ->allow_extra_args(false)
                ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
        }
    }
}

std::string logOptionsFrom(const std::vector<LogOption>& given, ratelab::ImportOptions& options)
{
    std::string error;
    for (const LogOptionProblem& p : applyLogOptions(given, options))
        error.append(error.empty() ? "" : "; ").append(optionFlag(p.option)).append(": ").append(p.message);
    return error;
}

int runImport(const ImportOptions& o)
{
    ratelab::ImportOptions options;
    if (const std::string error = logOptionsFrom(o.logOptions, options); !error.empty())
        return refuseImport(error);
    ShardSpec shard;
    if (std::string error; !o.shard.empty() && !parseShard(o.shard, shard, error))
        return refuseImport(error);
    if (isStdio(o.log) && isStdio(o.tiers))
        return refuseImport("--tiers -: standard input is already the log");
    if (const std::string problem = overwriteProblem({"--out", o.out}, {{"the log", o.log}, {"--tiers", o.tiers}});
        !problem.empty())
        return refuseImport(problem);
    if (!isStdio(o.log))
        if (const std::string problem = inputFileProblem(o.log, "log file"); !problem.empty())
            return refuseImport(o.log + ": " + problem);
    if (!o.tiers.empty()) {
        std::ifstream tierFile;
        if (!isStdio(o.tiers)) {
            if (const std::string problem = inputFileProblem(o.tiers, "tier map"); !problem.empty())
                return refuseImport(o.tiers + ": " + problem);
            tierFile.open(o.tiers);
        }
        if (!isStdio(o.tiers) && !tierFile)
            return refuseImport(o.tiers + ": cannot open the tier map");
        const std::string tierName = isStdio(o.tiers) ? "<stdin>" : o.tiers;
        try {
            options.tiers = std::make_shared<TierMap>(TierMap::read(isStdio(o.tiers) ? std::cin : tierFile));
        } catch (const std::invalid_argument& e) {
            return refuseImport(tierName + ": " + e.what());
        }
    }

    // Created before the import, so that a path that cannot be written fails at once; the
    // old file stays until the new one is complete.
    Output out(o.out);
    KeyInterner keys;
    std::string buffer = "t_us,key,cost\n";
    buffer.reserve(kOutputFlushBytes + 4096);
    std::vector<std::uint8_t> inShard;  // per key: 1 in the shard, 0 not, 2 not hashed yet
    const RequestSink sink = [&](const ImportedRequest& r) {
        if (shard.count > 1) {
            growToHold(inShard, r.key, 2);
            if (inShard[r.key] == 2)
                inShard[r.key] = shardOfKey(keys.name(r.key), shard.count) == shard.index ? 1 : 0;
            if (!inShard[r.key])
                return;
        }
        char digits[24];
        const auto [end, ec] = std::to_chars(digits, digits + sizeof digits, r.t);
        buffer.append(digits, end);
        buffer += ',';
        appendTraceKey(buffer, keys.name(r.key));
        buffer += ",1\n";
        if (buffer.size() >= kOutputFlushBytes) {
            out.write(buffer);
            buffer.clear();
        }
    };

    ImportSummary summary;
    const std::string fileName = isStdio(o.log) ? "<stdin>" : o.log;
    Progress progress("import");
    try {
        if (isStdio(o.log))
            summary = importLog(std::cin, options, keys, sink, &progress.control());
        else
            summary = importLogFile(o.log, options, keys, sink, &progress.control(), o.threads);
    } catch (const ImportError& e) {
        progress.finish();
        return refuseImport(fileName + ": " + e.what());
    } catch (const std::invalid_argument& e) {
        progress.finish();
        return refuseImport(e.what());
    }
    progress.finish();
    out.write(buffer);
    out.commit();
    std::cerr << fileName << ":\n" << formatSummary(summary);
    return kExitOk;
}

}  // namespace ratelab::cli
