// ratelab-cli: the headless front end over the engine (design.md section 8).

#include "app/cli/clippedlines.h"
#include "app/cli/commands.h"
#include "app/cli/interrupt.h"
#include "app/cli/output.h"

#include "engine/core/atomicfile.h"
#include "engine/core/runcontrol.h"

#include <CLI/CLI.hpp>

#include <iostream>

namespace {

// The exit code of a command that returned `code`: 128 + the signal after a stop signal,
// and a success whose standard output failed is a failure (exit 1, the OS's reason on
// stderr). A command that failed has said why already, in its one line.
int finish(int code)
{
    using namespace ratelab::cli;
    if (interrupted()) {
        std::cerr << "ratelab-cli: interrupted\n";
        return 128 + interruptSignal();
    }
    if (code != kExitOk)
        return code;
    try {
        checkStandardOutput();
    } catch (const ratelab::FileError& e) {
        std::cerr << "ratelab-cli: " << e.what() << "\n";
        return kExitInternal;
    }
    return code;
}

}  // namespace

int main(int argc, char** argv)
{
    using namespace ratelab::cli;
    installSignalHandlers();
    StandardOutput standardOutput;
    ClippedLines clippedErrors(std::cerr);
    CLI::App app{"RateLab: replay traffic through rate-limiting algorithms"};
    app.require_subcommand(1);

    DecideOptions decide;
    auto* decideCmd = addDecideCommand(app, decide);

    RunOptions run;
    std::uint64_t seed = 0;
    auto* runCmd = app.add_subcommand("run", "Run a scenario (a file, an embedded scenario's name, or the default) and report");
    runCmd->add_option("scenario", run.scenario, "Scenario JSON file or embedded name (default: the embedded default)");
    runCmd->add_option("--out", run.outDir, "Directory for report.json and series.csv");
    auto* seedOpt = runCmd->add_option("--seed", seed, "Override the scenario's seed");
    runCmd->add_flag("--allow-large", run.allowLarge,
                     "Run even when the estimated work is over the cap of 10^9 decisions or 2 GiB of state");
    runCmd
        ->add_option("--threads", run.threads,
                     "Decide the algorithms on this many threads (the report is the same; default: the machine's cores, "
                         + std::to_string(run.threads) + ")")
        ->check(CLI::Range(1u, 64u));
    runCmd->add_option("--shard", run.shard, "i/N: only the requests whose keys hash into shard i of N (merge joins them)");
    MergeOptions merge;
    auto* mergeCmd = addMergeCommand(app, merge);

    app.add_subcommand("list", "List every algorithm and preset with its parameters and defaults");

    ImportOptions import;
    auto* importCmd = addImportCommand(app, import);
    RecommendOptions recommend;
    auto* recommendCmd = addRecommendCommand(app, recommend);
    ExportOptions exportOptions;
    auto* exportCmd = addExportCommand(app, exportOptions);
    ChooseOptions choose;
    auto* chooseCmd = addChooseCommand(app, choose);

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::cerr << "ratelab-cli: " << e.what() << "\n";
        return kExitBadInput;
    }

    try {
        if (decideCmd->parsed())
            return finish(runDecide(decide));
        if (importCmd->parsed())
            return finish(runImport(import));
        if (recommendCmd->parsed())
            return finish(runRecommend(recommend));
        if (exportCmd->parsed())
            return finish(runExport(exportOptions));
        if (chooseCmd->parsed())
            return finish(runChoose(choose));
        if (mergeCmd->parsed())
            return finish(runMerge(merge));
        if (runCmd->parsed()) {
            if (seedOpt->count())
                run.seed = seed;
            return finish(runRun(run));
        }
        return finish(runList());
    } catch (const ratelab::Cancelled&) {
        return finish(kExitInternal);  // reported as the signal that asked for it
    } catch (const ratelab::FileError& e) {
        if (interrupted())
            return finish(kExitInternal);
        std::cerr << "ratelab-cli: " << e.what() << "\n";
        return e.fault() ? kExitInternal : kExitBadInput;
    } catch (const std::exception& e) {
        std::cerr << "ratelab-cli: internal error: " << e.what() << "\n";
        return kExitInternal;
    }
}
