// `ratelab-bench all`: every benchmark in one run, each figure beside its baseline measured in
// the same run on the same machine, written as DIR/bench.md and DIR/bench.json.
//
//   decisions   each algorithm on one generated trace (2,000,000 requests, 10,000 keys, Zipf
//               1.1) against the naive string-map token bucket and the harness floor, as full
//               decisions (every Decision field) and allow only (the flag: allowBatch)
//   others      the same trace through golang.org/x/time/rate (Debian's
//               golang-golang-x-time-dev) and python `limits`' in-memory strategies (python3-limits):
//               their AllowN and hit() return a bool, so our allow-only rate is the like-for-like
//               figure; the full decision's rows stay beside it, each note saying which
//   events      the event core against SimPy (python3-simpy) on the same per-key Poisson model
//   import      log import on one core and on all against `wc -l` and std::regex
//   scale       zipf-10m on one thread and on all; the 100M-request, 1M-key run (not with --quick)
//
// A comparison whose other side is not installed is a row saying so, not a failure. Each
// mode runs as its own process (this executable with --json, ratelab-cli, go, python3), so
// wall time and peak memory are the process's own.

#include "tests/bench/childprocess.h"
#include "tests/bench/modes.h"
#include "tests/bench/workload.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <thread>

namespace ratelab::bench {
namespace {

namespace fs = std::filesystem;

struct Row {
    std::string group, name;
    double value = 0;
    std::string unit;
    std::string baseline;  // empty: a figure without a baseline
    double baselineValue = 0;
    std::string note;
};

double ratioOf(const Row& r);

class Table {
public:
    void add(Row row)
    {
        std::fprintf(stderr, "  %-10s %-58s %12s", row.group.c_str(), row.name.c_str(), format(row.value, row.unit).c_str());
        if (!row.baseline.empty() && !std::isnan(row.value))
            std::fprintf(stderr, "  %8.2fx %s", ratioOf(row), row.baseline.c_str());
        std::fprintf(stderr, "\n");
        m_rows.push_back(std::move(row));
    }
    void skip(const std::string& group, const std::string& name, const std::string& why)
    {
        add({group, name, NAN, "", "", 0, "skipped: " + why});
    }
    void write(const std::string& dir, const std::string& machine) const;

private:
    static std::string format(double v, const std::string& unit);
    std::vector<Row> m_rows;
};

std::string Table::format(double v, const std::string& unit)
{
    if (std::isnan(v))
        return "-";
    char buf[64];
    if (unit == "/s" && v >= 1e6)
        std::snprintf(buf, sizeof buf, "%.2f M/s", v / 1e6);
    else if (unit == "/s" && v >= 1e3)
        std::snprintf(buf, sizeof buf, "%.1f k/s", v / 1e3);
    else if (unit == "B/s")
        std::snprintf(buf, sizeof buf, "%.2f GB/s", v / 1e9);
    else if (unit == "MiB")
        std::snprintf(buf, sizeof buf, "%.0f MiB", v);
    else
        std::snprintf(buf, sizeof buf, "%.2f %s", v, unit.c_str());
    return buf;
}

// The ratio that says how much better the figure is than its baseline: a rate over the
// baseline's, a time or memory under it.
double ratioOf(const Row& r)
{
    const bool lowerIsBetter = r.unit == "s" || r.unit == "MiB";
    return lowerIsBetter ? r.baselineValue / r.value : r.value / r.baselineValue;
}

void Table::write(const std::string& dir, const std::string& machine) const
{
    std::ofstream md(dir + "/bench.md");
    md << "Measured by `ratelab-bench all` on " << machine << "; every ratio is of two figures from the same run.\n\n";
    md << "| group | figure | value | baseline | baseline value | ratio | note |\n|---|---|---:|---|---:|---:|---|\n";
    nlohmann::ordered_json rows = nlohmann::json::array();
    for (const Row& r : m_rows) {
        const bool hasBaseline = !r.baseline.empty() && !std::isnan(r.value);
        char ratio[32] = "";
        if (hasBaseline)
            std::snprintf(ratio, sizeof ratio, "%.2fx", ratioOf(r));
        md << "| " << r.group << " | " << r.name << " | " << format(r.value, r.unit) << " | " << r.baseline << " | "
           << (hasBaseline ? format(r.baselineValue, r.unit) : "") << " | " << ratio << " | " << r.note << " |\n";
        nlohmann::ordered_json j{{"group", r.group}, {"figure", r.name}, {"unit", r.unit}};
        j["value"] = std::isnan(r.value) ? nlohmann::json() : nlohmann::json(r.value);
        if (hasBaseline) {
            j["baseline"] = r.baseline;
            j["baseline_value"] = r.baselineValue;
            j["ratio"] = ratioOf(r);
        }
        if (!r.note.empty())
            j["note"] = r.note;
        rows.push_back(std::move(j));
    }
    std::ofstream(dir + "/bench.json") << nlohmann::ordered_json{{"machine", machine}, {"rows", rows}}.dump(2) << "\n";
}

// The JSON object a child printed last, or none when it failed.
std::optional<nlohmann::json> jsonOf(const ChildRun& run)
{
    if (run.exitCode != 0)
        return std::nullopt;
    const std::size_t at = run.out.rfind('{');
    if (at == std::string::npos)
        return std::nullopt;
    try {
        return nlohmann::json::parse(run.out.substr(at));
    } catch (const nlohmann::json::exception&) {
        return std::nullopt;
    }
}

struct Limit {
    const char* algorithm;
    std::vector<std::string> params;
};

// The limits zipf-10m runs, so the decision rows and the scale rows are of the same limiters.
const std::vector<Limit>& limits()
{
    static const std::vector<Limit> all = {
        {"token_bucket", {"capacity=20", "refill=10/s"}},      {"leaky_bucket", {"rate=10/s", "burst=19", "mode=police"}},
        {"fixed_window", {"limit=20", "window=2s"}},           {"sliding_window_log", {"limit=20", "window=2s"}},
        {"sliding_window_counter", {"limit=20", "window=2s"}}, {"gcra", {"rate=10/s", "burst=20"}},
    };
    return all;
}

// Both rates of one algorithm: every Decision field (decideBatch) and the flag alone (allowBatch).
struct Rates {
    double full = 0;
    double allowOnly = 0;
};

// The algorithms of limits() with an allow-only form of their own (allowOne); the others'
// allowBatch is decideBatch's flags.
bool hasOwnAllowPath(const std::string& algorithm)
{
    return algorithm == "token_bucket" || algorithm == "fixed_window" || algorithm == "sliding_window_counter"
        || algorithm == "gcra";
}

// Decisions per second of each algorithm in both forms; returns them by name for the comparisons after.
std::map<std::string, Rates> decisionRows(Table& t, const AllOptions& o, const std::string& trace)
{
    std::map<std::string, Rates> rates;
    for (const Limit& limit : limits()) {
        std::vector<std::string> argv = {o.self, "decisions", "--algorithm", limit.algorithm, "--trace", trace, "--json"};
        for (const std::string& p : limit.params)
            argv.insert(argv.end(), {"--param", p});
        const auto j = jsonOf(runChild(argv));
        if (!j) {
            t.skip("decisions", limit.algorithm, "the decisions benchmark failed");
            continue;
        }
        const std::string name = limit.algorithm;
        const Rates r{(*j)["decisions_per_s"].get<double>(), (*j)["allow_only_decisions_per_s"].get<double>()};
        rates[name] = r;
        const std::string floorNote = "below 1x: the floor does no limiting; the gap is the algorithm's own cost";
        t.add({"decisions", name + " decisions/s, full decision", r.full, "/s", "string-map token bucket, full decision",
               (*j)["baseline_decisions_per_s"].get<double>(), "allowed, remaining, retry-after and reset-after"});
        t.add({"decisions", name + " decisions/s, allow only", r.allowOnly, "/s", "string-map token bucket, allow only",
               (*j)["baseline_allow_only_decisions_per_s"].get<double>(),
               hasOwnAllowPath(name) ? "the same decisions and state changes, the allowed flag alone"
                                     : "no allow-only form of its own: the full decision's flag"});
        t.add({"decisions", name + " full decision against the harness floor", r.full, "/s", "harness floor (a count per key)",
               (*j)["floor_decisions_per_s"].get<double>(), floorNote});
        t.add({"decisions", name + " allow only against the harness floor", r.allowOnly, "/s",
               "harness floor (a count per key), allow only", (*j)["floor_allow_only_decisions_per_s"].get<double>(), floorNote});
    }
    return rates;
}

bool installed(const std::vector<std::string>& probe)
{
    return runChild(probe, {}, true).exitCode == 0;
}

void goRows(Table& t, const AllOptions& o, const std::string& trace, const Rates& tokenBucket)
{
    const std::string name = "token_bucket allow only against golang.org/x/time/rate";
    if (!installed({"go", "version"}))
        return t.skip("others", name, "go is not installed (apt-get install golang-go golang-golang-x-time-dev)");
    const std::string binary = fs::absolute(o.out + "/xtimerate").string();
    const std::vector<std::pair<std::string, std::string>> env = {
        {"GOPATH", "/usr/share/gocode"}, {"GO111MODULE", "off"}, {"GOCACHE", fs::absolute(o.out + "/gocache").string()}};
    if (runChild({"go", "build", "-o", binary, RATELAB_BENCH_EXTERNAL_DIR "/xtimerate/main.go"}, env).exitCode != 0)
        return t.skip("others", name, "golang.org/x/time/rate did not build (apt-get install golang-golang-x-time-dev)");
    const auto j = jsonOf(runChild({binary, "-trace", trace, "-rate", "10", "-burst", "20"}));
    if (!j)
        return t.skip("others", name, "the Go program failed");
    const std::string baseline = "x/time/rate, a rate.Limiter per key in a Go map";
    const double go = (*j)["decisions_per_s"].get<double>();
    t.add({"others", name, tokenBucket.allowOnly, "/s", baseline, go,
           "like for like: a bool per request (allowBatch, AllowN), the same 2,000,000 requests at their own times"});
    t.add({"others", "token_bucket full decision against golang.org/x/time/rate", tokenBucket.full, "/s", baseline, go,
           "not like for like: ours also computes remaining, retry-after and reset-after, AllowN only the bool"});
}

void pythonLimitsRows(Table& t, const std::string& trace, const std::map<std::string, Rates>& rates)
{
    if (!installed({"/usr/bin/python3", "-c", "import limits"}))
        return t.skip("others", "against python limits", "python3-limits is not installed");
    const auto j = jsonOf(runChild({"/usr/bin/python3", RATELAB_BENCH_EXTERNAL_DIR "/limits_rate.py", "--trace", trace,
                                    "--requests", "200000", "--limit", "20/2 seconds"}));
    if (!j)
        return t.skip("others", "against python limits", "the limits script failed");
    const std::string version = (*j)["limits_version"].get<std::string>();
    const double fixed = (*j)["fixed_window_decisions_per_s"].get<double>();
    const double moving = (*j)["moving_window_decisions_per_s"].get<double>();
    const std::string note = "limits " + version + ", MemoryStorage, the trace's first 200,000 keys and costs; ";
    const std::string like = "like for like: a bool per request (allowBatch, hit())";
    const std::string unlike =
        "not like for like: ours also computes remaining, retry-after and reset-after, hit() only the bool";
    const std::string fixedName = "limits FixedWindowRateLimiter";
    t.add({"others", "token_bucket allow only against python limits' fastest", rates.at("token_bucket").allowOnly, "/s",
           fixedName, fixed, note + like + " (limits has no token bucket)"});
    t.add({"others", "token_bucket full decision against python limits' fastest", rates.at("token_bucket").full, "/s", fixedName,
           fixed, note + unlike});
    t.add({"others", "fixed_window allow only against python limits", rates.at("fixed_window").allowOnly, "/s", fixedName, fixed,
           note + like});
    t.add({"others", "fixed_window full decision against python limits", rates.at("fixed_window").full, "/s", fixedName, fixed,
           note + unlike});
    t.add({"others", "sliding_window_log allow only against python limits", rates.at("sliding_window_log").allowOnly, "/s",
           "limits MovingWindowRateLimiter", moving, note + like + " (the log's allow only is its full decision's flag)"});
    t.add({"others", "sliding_window_log full decision against python limits", rates.at("sliding_window_log").full, "/s",
           "limits MovingWindowRateLimiter", moving, note + unlike});
}

void eventRows(Table& t, const AllOptions& o)
{
    const auto ours = jsonOf(runChild({o.self, "events", "--events", "10000000", "--sources", "100000", "--json"}));
    if (!ours)
        return t.skip("events", "event core", "the events benchmark failed");
    const double rate = (*ours)["events_per_s"].get<double>();
    if (!installed({"/usr/bin/python3", "-c", "from SimPy.Simulation import Simulation"}))
        return t.add(
            {"events", "event core, 100,000 pending sources", rate, "/s", "", 0, "SimPy: python3-simpy is not installed"});
    const auto simpy = jsonOf(runChild({"/usr/bin/python3", RATELAB_BENCH_EXTERNAL_DIR "/simpy_events.py", "--events", "300000",
                                        "--sources", "100000", "--mean-gap", "1000000"}));
    if (!simpy)
        return t.skip("events", "event core against SimPy", "the SimPy script failed");
    t.add({"events", "event core against SimPy, 100,000 pending sources", rate, "/s", "SimPy 2 (python3-simpy)",
           (*simpy)["events_per_s"].get<double>(), "exponential gaps of mean 1 s per source; SimPy runs 300,000 events"});
}

void importRows(Table& t, const AllOptions& o, unsigned threads)
{
    const auto j = jsonOf(runChild({o.self, "import", "--lines", "2000000", "--threads", std::to_string(threads), "--json"}));
    if (!j)
        return t.skip("import", "combined-log import", "the import benchmark failed");
    const double one = (*j)["import_1_thread_bytes_per_s"].get<double>();
    const double many = (*j)["import_threads_bytes_per_s"].get<double>();
    t.add({"import", "combined log, 1 thread", one, "B/s", "wc -l on the cached file", (*j)["wc_bytes_per_s"].get<double>(), ""});
    t.add({"import", "combined log, 1 thread, against std::regex", one, "B/s", "std::regex parser",
           (*j)["regex_bytes_per_s"].get<double>(), ""});
    t.add({"import", "combined log, " + std::to_string(threads) + " threads", many, "B/s", "1 thread", one, ""});
}

// zipf-10m with the given thread count: wall seconds and peak MiB, or none.
std::optional<ChildRun> runScenario(const std::string& scenario, unsigned threads, bool large)
{
    std::vector<std::string> argv = {RATELAB_CLI_PATH, "run", scenario, "--threads", std::to_string(threads)};
    if (large)
        argv.push_back("--allow-large");
    ChildRun run = runChild(argv, {}, true);  // its progress lines are not the table's
    if (run.exitCode != 0)
        return std::nullopt;
    return run;
}

// zipf-10m's traffic at ten times its rate over ten times its keys: 100M requests, 1M keys.
std::string writeHundredMillion(const std::string& dir)
{
    std::ifstream in(RATELAB_BENCH_SCENARIO_DIR "/zipf-10m.json");
    nlohmann::ordered_json s = nlohmann::ordered_json::parse(in);
    s["name"] = "100,000,000 requests over 1,000,000 keys with Zipf popularity";
    s["population"]["clients"] = 1'000'000;
    s["traffic"][0]["rate"] = "200000/s";
    const std::string path = dir + "/zipf-100m.json";
    std::ofstream(path) << s.dump(2) << "\n";
    return path;
}

void scaleRows(Table& t, const AllOptions& o, unsigned threads)
{
    const std::string zipf = RATELAB_BENCH_SCENARIO_DIR "/zipf-10m.json";
    const auto one = runScenario(zipf, 1, false);
    const auto many = runScenario(zipf, threads, false);
    if (!one || !many)
        return t.skip("scale", "zipf-10m", "ratelab-cli run failed");
    const std::string n = std::to_string(threads) + " threads";
    t.add({"scale", "zipf-10m (10M requests, 6 algorithms), " + n, many->wallSeconds, "s", "1 thread", one->wallSeconds, ""});
    t.add({"scale", "zipf-10m peak memory, 1 thread", double(one->peakKiB) / 1024, "MiB", "", 0, ""});
    t.add({"scale", "zipf-10m peak memory, " + n, double(many->peakKiB) / 1024, "MiB", "", 0, ""});
    if (o.quick)
        return t.skip("scale", "100M requests, 1M keys, 6 algorithms", "--quick");
    const auto large = runScenario(writeHundredMillion(o.out), threads, true);
    if (!large)
        return t.skip("scale", "100M requests, 1M keys, 6 algorithms", "ratelab-cli run failed");
    t.add({"scale", "100M requests, 1M keys, 6 algorithms, " + n, large->wallSeconds, "s", "10 x zipf-10m on " + n,
           10 * many->wallSeconds, "below 1x: slower than linear in requests (10x the keys)"});
    t.add({"scale", "100M requests, 1M keys, peak memory", double(large->peakKiB) / 1024, "MiB", "", 0, ""});
}

std::string machineLine(unsigned threads)
{
    std::ifstream cpu("/proc/cpuinfo");
    std::string line, model = "an unknown CPU";
    while (std::getline(cpu, line))
        if (line.rfind("model name", 0) == 0) {
            model = line.substr(line.find(':') + 2);
            break;
        }
    return model + ", " + std::to_string(threads) + " hardware threads";
}

}  // namespace

CLI::App* addAllCommand(CLI::App& app, AllOptions& o)
{
    auto* cmd =
        app.add_subcommand("all", "Run every benchmark, each figure beside its baseline, into DIR/bench.md and bench.json");
    cmd->add_option("--out", o.out, "Directory for bench.md, bench.json and the generated inputs");
    cmd->add_flag("--quick", o.quick, "Skip the 100M-request run");
    return cmd;
}

int runAllBenchmarks(const AllOptions& o)
{
    fs::create_directories(o.out);
    const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
    const std::string trace = o.out + "/trace.csv";
    std::cerr << "ratelab-bench all: writing " << trace << " ...\n";
    writeTrace(generateWorkload({2'000'000, 10'000, 1.1, 100'000, 1}), trace);
    Table t;
    const std::map<std::string, Rates> rates = decisionRows(t, o, trace);
    if (rates.count("token_bucket")) {
        goRows(t, o, trace, rates.at("token_bucket"));
        pythonLimitsRows(t, trace, rates);
    }
    eventRows(t, o);
    importRows(t, o, threads);
    scaleRows(t, o, threads);
    t.write(o.out, machineLine(threads));
    std::cerr << "ratelab-bench all: wrote " << o.out << "/bench.md and bench.json\n";
    return 0;
}

}  // namespace ratelab::bench
