// The access-log import benchmark (issue 5 item 6; contributing.md, habit 10: named parameters, a
// priming run, baselines measured in the same run, a table).
//
//   ratelab-bench import
//     [--lines N]         lines in the generated log (default 5,000,000)
//     [--file PATH]       the log to use/generate (default /tmp/ratelab-importbench-N.log)
//     [--regenerate]      write the log even if the file exists
//     [--regex-lines N]   lines the std::regex baseline parses (default 200,000; it is ~100x
//                         slower, so it reads a prefix and its throughput is scaled from that)
//     [--threads T]       threads for the parallel run (default: hardware threads)
//     [--repeat R]        timed runs per contender after one priming run; the best is kept (3)
//
// Contenders, all reading the same file from the page cache:
//   wc -l                 GNU coreutils, spawned: the memory-speed reference
//   import, 1 thread      importLogFile(threads = 1): the file read in 1 MiB blocks and scanned,
//                         parse, UTC time, intern, put in time order
//   import, T threads     importLogFile(threads = T): chunks parsed in parallel, merged in order
//   std::regex            a straightforward combined-log regex, std::getline, the same
//                         time conversion (std::get_time-free) and interning
//
// The generated log is combined format with the quirks real logs have: a Zipf-like mix of
// ~60,000 clients (IPv4 and IPv6), proxy chains in the address field, "-" byte counts,
// escaped quotes in user agents, ids in paths, query strings, two time zones, lines a few
// seconds out of order, and about one truncated line in 100,000.

#include "tests/bench/modes.h"

#include "engine/logs/parsers/timeparse.h"
#include "engine/logs/reading/parallelimport.h"

#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <random>
#include <regex>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace ratelab::bench {
namespace {

// ---- The generated log --------------------------------------------------------------------

void generateLog(const std::string& path, std::int64_t lines)
{
    std::mt19937_64 rng(20150517);
    constexpr int kClients = 60'000;
    // Zipf-like client popularity: inverse-CDF over 1/(rank+10).
    std::vector<double> cdf(kClients);
    double total = 0;
    for (int i = 0; i < kClients; ++i)
        cdf[i] = (total += 1.0 / (i + 10));
    std::vector<std::string> clients(kClients);
    for (int i = 0; i < kClients; ++i) {
        char buf[64];
        if (i % 50 == 7)
            std::snprintf(buf, sizeof buf, "2001:db8:%x:%x::%x", i >> 8, i & 0xff, (i * 7919) & 0xffff);
        else
            std::snprintf(buf, sizeof buf, "%d.%d.%d.%d", 11 + (i * 37) % 200, (i * 101) % 256, (i >> 8) % 256, i % 256);
        clients[i] = buf;
        if (i % 97 == 3)
            clients[i] = "10.0.0." + std::to_string(i % 250) + ", " + clients[i];  // a proxy chain
    }
    const char* methods[] = {"GET", "GET", "GET", "GET", "GET", "GET", "POST", "HEAD", "PUT", "DELETE"};
    const char* paths[] = {"/",
                           "/index.html",
                           "/api/v1/users/%d",
                           "/api/v1/orders/%d/items",
                           "/static/app.%x.js",
                           "/images/logo-%d.png",
                           "/search?q=rate+limit&page=%d",
                           "/api/v1/items?api_key=k%d",
                           "/blog/2015/05/%d/post",
                           "/favicon.ico"};
    const char* agents[] = {
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_9_1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/32.0.1700.77 Safari/537.36",
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        "curl/7.58.0",
        "Mozilla/5.0 (Windows NT 6.1; WOW64; rv:27.0) Gecko/20100101 Firefox/27.0",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 7_0 like Mac OS X) \\\"quoted\\\" AppleWebKit/537.51.1 Mobile/11A465",
    };
    const char* months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    std::string buffer;
    buffer.reserve(1 << 21);
    SimTime t = 1431856800LL * kMicrosPerSecond;  // 2015-05-17T10:00:00Z
    std::uniform_real_distribution<double> unit(0, 1);
    for (std::int64_t n = 0; n < lines; ++n) {
        t += static_cast<SimTime>(-std::log(1 - unit(rng)) * 20'000);  // ~50 requests/s
        SimTime shown = t;
        if (n % 13 == 5)
            shown -= static_cast<SimTime>(unit(rng) * 5) * kMicrosPerSecond;  // logged a few seconds late
        const bool cest = n % 5 == 0;                                         // a second front end logs in +0200
        const SimTime local = shown + (cest ? 2 * kMicrosPerHour : 0);
        const std::int64_t secs = local / kMicrosPerSecond;
        const std::int64_t days = secs / 86400;
        // civil date of `days` (H. Hinnant)
        const std::int64_t z = days + 719468;
        const std::int64_t era = z / 146097;
        const std::int64_t doe = z - era * 146097;
        const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
        const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        const std::int64_t mp = (5 * doy + 2) / 153;
        const int d = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
        const int m = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
        const int y = static_cast<int>(yoe + era * 400 + (m <= 2));
        const int daySecs = static_cast<int>(secs % 86400);

        const double u = unit(rng) * total;
        const int client = static_cast<int>(std::lower_bound(cdf.begin(), cdf.end(), u) - cdf.begin());
        char path[96];
        std::snprintf(path, sizeof path, paths[rng() % 10], static_cast<int>(rng() % 100000));
        const int status = n % 17 == 0 ? 404 : (n % 11 == 0 ? 304 : 200);
        char bytes[16];
        if (status == 304 || n % 23 == 0)
            std::strcpy(bytes, "-");
        else
            std::snprintf(bytes, sizeof bytes, "%d", static_cast<int>(rng() % 200000));
        char line[640];
        const int len = std::snprintf(
            line, sizeof line, "%s - %s [%02d/%s/%04d:%02d:%02d:%02d %s] \"%s %s HTTP/1.1\" %d %s \"%s\" \"%s\"\n",
            clients[client].c_str(), n % 31 == 0 ? "alice" : "-", d, months[m - 1], y, daySecs / 3600, daySecs / 60 % 60,
            daySecs % 60, cest ? "+0200" : "+0000", methods[rng() % 10], path, status, bytes,
            n % 3 == 0 ? "-" : "http://semicomplete.com/presentations/logstash-monitorama-2013/", agents[rng() % 5]);
        if (n % 100'000 == 99'999)
            buffer.append(line, static_cast<std::size_t>(len) / 2).append("\n");  // a truncated line
        else
            buffer.append(line, static_cast<std::size_t>(len));
        if (buffer.size() > (1 << 20)) {
            out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
            buffer.clear();
        }
    }
    out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
}

// ---- Contenders ---------------------------------------------------------------------------

struct Result {
    std::int64_t requests = 0;
    std::int64_t keys = 0;
};

// Wall and CPU seconds of one run. CPU time (user + system, all threads, or the child's for
// wc) is what the run itself consumed: on a loaded machine it is the steadier figure.
struct Seconds {
    double wall = 1e300;
    double cpu = 1e300;
};

double cpuSecondsOf(const rusage& u)
{
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec)
        + static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

double selfCpuSeconds()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return cpuSecondsOf(u);
}

double g_childCpuSeconds = 0;  // set by runWc: the CPU time of the spawned wc

Seconds seconds(const std::function<Result()>& run, int repeat, Result& last, bool child = false)
{
    last = run();  // priming run: page cache, allocator, branch predictors
    Seconds best;
    for (int i = 0; i < repeat; ++i) {
        const double cpuStart = selfCpuSeconds();
        const auto start = std::chrono::steady_clock::now();
        last = run();
        best.wall = std::min(best.wall, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        best.cpu = std::min(best.cpu, child ? g_childCpuSeconds : selfCpuSeconds() - cpuStart);
    }
    return best;
}

Result runWc(const std::string& file)
{
    pid_t pid = 0;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    char* args[] = {const_cast<char*>("wc"), const_cast<char*>("-l"), const_cast<char*>(file.c_str()), nullptr};
    if (posix_spawnp(&pid, "wc", &actions, nullptr, args, environ) != 0)
        throw std::runtime_error("cannot spawn wc");
    posix_spawn_file_actions_destroy(&actions);
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    g_childCpuSeconds = cpuSecondsOf(usage);
    return {};
}

Result runImport(const std::string& file, unsigned threads)
{
    ImportOptions options;
    options.format = LogFormat::Combined;
    KeyInterner keys;
    Result r;
    const ImportSummary summary = importLogFile(
        file, options, keys, [&r](const ImportedRequest&) { ++r.requests; }, nullptr, threads);
    r.keys = summary.distinctKeys;
    return r;
}

// What a first version of an importer often looks like.
Result runRegex(const std::string& file, std::int64_t maxLines, std::int64_t& bytes)
{
    static const std::regex combined(
        R"re(^(\S+(?:, \S+)*) (\S+) (\S+) \[([^\]]+)\] "((?:[^"\\]|\\.)*)" (\d{3}) (\S+) "((?:[^"\\]|\\.)*)" "((?:[^"\\]|\\.)*)"$)re");
    std::ifstream in(file);
    std::string line;
    std::smatch m;
    KeyInterner keys;
    Result r;
    bytes = 0;
    for (std::int64_t n = 0; n < maxLines && std::getline(in, line); ++n) {
        bytes += static_cast<std::int64_t>(line.size()) + 1;
        if (!std::regex_match(line, m, combined))
            continue;
        SimTime t = 0;
        if (parseClfTime(m[4].str(), t) != TimeParse::Ok)
            continue;
        keys.intern(m[1].str());
        ++r.requests;
    }
    r.keys = static_cast<std::int64_t>(keys.size());
    return r;
}

}  // namespace

CLI::App* addImportCommand(CLI::App& app, ImportBenchOptions& o)
{
    auto* cmd = app.add_subcommand("import", "Time access-log import against wc -l and a std::regex parser");
    cmd->add_option("--lines", o.lines, "Lines in the generated log")->check(CLI::PositiveNumber);
    cmd->add_option("--file", o.file, "The log to use or generate (default /tmp/ratelab-importbench-LINES.log)");
    cmd->add_flag("--regenerate", o.regenerate, "Write the log even if the file exists");
    cmd->add_option("--regex-lines", o.regexLines, "Lines the std::regex baseline parses (its throughput is scaled)");
    cmd->add_option("--threads", o.threads, "Threads for the parallel run")->check(CLI::PositiveNumber);
    cmd->add_option("--repeat", o.repeat, "Timed runs per contender after one priming run; the best is kept")
        ->check(CLI::PositiveNumber);
    cmd->add_flag("--json", o.json, "Print one JSON object (bytes per wall second of each contender) instead of the table");
    return cmd;
}

int runImportBenchmark(ImportBenchOptions o)
{
    if (o.file.empty())
        o.file = "/tmp/ratelab-importbench-" + std::to_string(o.lines) + ".log";
    std::ifstream probe(o.file);
    if (o.regenerate || !probe) {
        std::cerr << "generating " << o.lines << " lines into " << o.file << " ...\n";
        generateLog(o.file, o.lines);
    }
    probe.close();
    std::ifstream sizeProbe(o.file, std::ios::binary | std::ios::ate);
    const double fileBytes = static_cast<double>(sizeProbe.tellg());

    Result wc;
    Result one;
    Result many;
    Result regex;
    std::int64_t regexBytes = 0;
    const Seconds wcTime = seconds([&] { return runWc(o.file); }, o.repeat, wc, true);
    const Seconds oneTime = seconds([&] { return runImport(o.file, 1); }, o.repeat, one);
    const Seconds manyTime = seconds([&] { return runImport(o.file, o.threads); }, o.repeat, many);
    const Seconds regexTime = seconds([&] { return runRegex(o.file, o.regexLines, regexBytes); }, 1, regex);

    const double regexWallRate = static_cast<double>(regexBytes) / regexTime.wall;
    const double regexCpuRate = static_cast<double>(regexBytes) / regexTime.cpu;
    const double wcWallRate = fileBytes / wcTime.wall;
    const double wcCpuRate = fileBytes / wcTime.cpu;
    if (o.json) {
        nlohmann::ordered_json j;
        j["lines"] = o.lines;
        j["threads"] = o.threads;
        j["wc_bytes_per_s"] = std::llround(wcWallRate);
        j["import_1_thread_bytes_per_s"] = std::llround(fileBytes / oneTime.wall);
        j["import_threads_bytes_per_s"] = std::llround(fileBytes / manyTime.wall);
        j["regex_bytes_per_s"] = std::llround(regexWallRate);
        j["requests"] = one.requests;
        std::cout << j.dump() << "\n";
        return one.requests == many.requests ? 0 : 1;
    }
    std::printf("file: %s (%.0f MB, %lld lines), best of %d runs after a priming run\n", o.file.c_str(), fileBytes / 1e6,
                static_cast<long long>(o.lines), o.repeat);
    std::printf("%-20s %8s %8s %9s %11s | %8s %8s %9s %11s\n", "contender", "wall s", "GB/s", "vs wc -l", "vs regex", "CPU s",
                "GB/CPU-s", "vs wc -l", "vs regex");
    const auto row = [&](const std::string& name, const Seconds& t, double bytes) {
        const double wall = bytes / t.wall;
        const double cpu = bytes / t.cpu;
        std::printf("%-20s %8.3f %8.3f %8.1f%% %10.1fx | %8.3f %8.3f %8.1f%% %10.1fx\n", name.c_str(), t.wall, wall / 1e9,
                    100 * wall / wcWallRate, wall / regexWallRate, t.cpu, cpu / 1e9, 100 * cpu / wcCpuRate, cpu / regexCpuRate);
    };
    row("wc -l", wcTime, fileBytes);
    row("import, 1 thread", oneTime, fileBytes);
    row("import, " + std::to_string(o.threads) + " threads", manyTime, fileBytes);
    row("std::regex (prefix)", regexTime, static_cast<double>(regexBytes));
    std::printf("std::regex read the first %lld lines (%.0f MB); its rates are per byte of that prefix\n",
                static_cast<long long>(o.regexLines), static_cast<double>(regexBytes) / 1e6);
    std::printf("requests imported: %lld (1 thread), %lld (%u threads); distinct keys %lld; wall speed-up %.2fx\n",
                static_cast<long long>(one.requests), static_cast<long long>(many.requests), o.threads,
                static_cast<long long>(one.keys), oneTime.wall / manyTime.wall);
    return one.requests == many.requests ? 0 : 1;
}

}  // namespace ratelab::bench
