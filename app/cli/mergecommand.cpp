// `ratelab-cli merge`: the reports of a run's shards into the whole run's (engine/report/reportmerge.h),
// and --shard's "i/N".

#include "app/cli/commands.h"

#include "engine/report/reportio.h"
#include "engine/report/reportmerge.h"

#include <CLI/CLI.hpp>

#include <charconv>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

namespace ratelab::cli {
namespace {

// The whole file, or false when it cannot be read.
bool readText(const std::filesystem::path& path, std::string& out)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return false;
    std::ostringstream text;
    text << in.rdbuf();
    out = text.str();
    return !in.bad();
}

bool sameDirectory(const std::string& a, const std::string& b)
{
    std::error_code ec;
    return std::filesystem::equivalent(a, b, ec) && !ec;
}

}  // namespace

bool parseShard(const std::string& text, ShardSpec& out, std::string& error)
{
    const std::size_t slash = text.find('/');
    const auto number = [&](std::string_view part, std::uint32_t& value) {
        const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
        return ec == std::errc() && end == part.data() + part.size() && !part.empty();
    };
    ShardSpec spec;
    if (slash == std::string::npos || !number(std::string_view(text).substr(0, slash), spec.index)
        || !number(std::string_view(text).substr(slash + 1), spec.count)) {
        error = "--shard " + text + ": expected i/N, e.g. 0/4";
        return false;
    }
    if (spec.count == 0 || spec.index >= spec.count) {
        error = "--shard " + text + ": needs 0 <= i < N";
        return false;
    }
    out = spec;
    return true;
}

CLI::App* addMergeCommand(CLI::App& app, MergeOptions& options)
{
    auto* cmd =
        app.add_subcommand("merge", "Merge the reports of a run's shards (run --shard i/N --out DIR) into the whole run's");
    cmd->add_option("dirs", options.dirs, "Each shard's report directory (report.json and series.csv)")->required();
    cmd->add_option("--out", options.outDir, "Directory for the whole run's report.json and series.csv")->required();
    return cmd;
}

int runMerge(const MergeOptions& options)
{
    std::vector<ShardFiles> shards;
    for (const std::string& dir : options.dirs) {
        if (sameDirectory(dir, options.outDir)) {
            std::cerr << "ratelab-cli: merge: --out " << options.outDir << ": is the shard report " << dir
                      << "; write the merged report elsewhere\n";
            return kExitBadInput;
        }
        ShardFiles files{dir, {}, {}};
        for (const auto& [name, text] :
             {std::pair{"report.json", &files.reportJson}, std::pair{"series.csv", &files.seriesCsv}}) {
            if (!readText(std::filesystem::path(dir) / name, *text)) {
                std::cerr << "ratelab-cli: merge: " << (std::filesystem::path(dir) / name).string()
                          << ": cannot be read (a shard's report directory holds report.json and series.csv)\n";
                return kExitBadInput;
            }
        }
        shards.push_back(std::move(files));
    }
    MergedFiles merged;
    try {
        merged = mergeShardReports(shards);
    } catch (const MergeError& e) {
        std::cerr << "ratelab-cli: merge: " << e.what() << "\n";
        return kExitBadInput;
    }
    writeReportTexts(merged.reportJson, merged.seriesCsv, options.outDir);
    std::cout << "merged " << shards.size() << (shards.size() == 1 ? " shard" : " shards") << " into "
              << (std::filesystem::path(options.outDir) / "report.json").string() << " and series.csv\n";
    return kExitOk;
}

}  // namespace ratelab::cli
