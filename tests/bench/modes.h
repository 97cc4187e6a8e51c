#pragma once
// The modes of ratelab-bench beside `decisions` (main.cpp), each in its own file: their
// options, registered as CLI11 subcommands like every other command line of the project, and
// the run.

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <thread>

namespace ratelab::bench {

// eventsbench.cpp: the discrete-event core with many pending sources.
struct EventsOptions {
    std::int64_t events = 10'000'000;
    std::int64_t sources = 100'000;
    double meanGapUs = 1'000'000;
    std::uint64_t seed = 1;
    int repeat = 3;
    bool json = false;
};
CLI::App* addEventsCommand(CLI::App& app, EventsOptions& o);
int runEventsBenchmark(const EventsOptions& o);

// importbench.cpp: access-log import against wc -l and a std::regex parser.
struct ImportBenchOptions {
    std::int64_t lines = 5'000'000;
    std::string file;  // empty: /tmp/ratelab-importbench-<lines>.log
    bool regenerate = false;
    std::int64_t regexLines = 200'000;
    unsigned threads = std::max(1u, std::thread::hardware_concurrency());
    int repeat = 3;
    bool json = false;
};
CLI::App* addImportCommand(CLI::App& app, ImportBenchOptions& o);
int runImportBenchmark(ImportBenchOptions o);

// allbench.cpp: every benchmark in one run, each figure beside its baseline, as Markdown and JSON.
struct AllOptions {
    std::string out = "bench-results";
    bool quick = false;  // skip the 100M-request run
    std::string self;    // this executable, to run the other modes as separate processes
};
CLI::App* addAllCommand(CLI::App& app, AllOptions& o);
int runAllBenchmarks(const AllOptions& o);

}  // namespace ratelab::bench
