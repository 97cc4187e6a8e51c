// The discrete-event core benchmark (issue 3: at least 5 million events per second with
// 100,000 pending sources; contributing.md, habit 10, after ns-3's utils/bench-scheduler.cc: named
// parameters, a priming run, a baseline measured in the same run, a table).
//
//   ratelab-bench events
//     [--events N]      events popped and rescheduled per run (default 10,000,000)
//     [--sources S]     sources, each with one event pending at all times (default 100,000)
//     [--mean-gap US]   mean of the exponential gap between a source's events (default 1,000,000)
//     [--seed N]        seed of the random gaps (default 1)
//     [--repeat R]      timed runs after one priming run; the best is kept (default 3)
//     [--json]          print {"events", "pending_sources", "events_per_s"} instead of the table
//
// A run fills an EventQueue (engine/core/eventqueue.h) with one event per source at an
// exponential offset from 0, then N times pops the earliest event and schedules that source's
// next one at its time plus an exponential gap: the queue holds S events throughout, as a
// simulation of S independent clients would. The baseline runs the same loop without the
// queue, drawing the same gaps, so the queue's own share of the time shows.
// Exit codes: 0 success, 2 bad usage.

#include "tests/bench/modes.h"

#include "engine/core/eventqueue.h"
#include "engine/core/random.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace ratelab::bench {
namespace {

using Clock = std::chrono::steady_clock;

struct Run {
    double seconds = 0;
    SimTime checksum = 0;  // the sum of the popped times: the same in every run
};

// The gap before a source's next event: exponential, at least 1 us.
SimTime gap(RandomStream& rng, double meanUs)
{
    return static_cast<SimTime>(rng.exponential(meanUs)) + 1;
}

Run runQueue(const EventsOptions& o)
{
    RandomStream rng(o.seed, 0);
    EventQueue<std::uint32_t> queue;
    queue.reserve(static_cast<std::size_t>(o.sources));
    for (std::int64_t s = 0; s < o.sources; ++s)
        queue.push(gap(rng, o.meanGapUs), static_cast<std::uint32_t>(s));  // filling is not timed

    Run run;
    SimTime now = 0;
    const auto start = Clock::now();
    for (std::int64_t e = 0; e < o.events; ++e) {
        const auto event = queue.pop();
        if (event.time < now) [[unlikely]]
            throw std::logic_error("events came out of order");
        now = event.time;
        run.checksum += now;
        queue.push(now + gap(rng, o.meanGapUs), event.payload);
    }
    run.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return run;
}

// The same loop without the queue: the source's next event follows its last one directly.
Run runBaseline(const EventsOptions& o)
{
    RandomStream rng(o.seed, 0);
    std::vector<SimTime> next(static_cast<std::size_t>(o.sources));
    for (SimTime& t : next)
        t = gap(rng, o.meanGapUs);

    Run run;
    std::size_t source = 0;
    const auto start = Clock::now();
    for (std::int64_t e = 0; e < o.events; ++e) {
        const SimTime now = next[source];
        run.checksum += now;
        next[source] = now + gap(rng, o.meanGapUs);
        source = source + 1 == next.size() ? 0 : source + 1;
    }
    run.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return run;
}

struct EventTiming {
    double best = std::numeric_limits<double>::infinity();
    std::string runs;  // each run's seconds, in ms

    void add(double seconds)
    {
        best = std::min(best, seconds);
        char buf[32];
        std::snprintf(buf, sizeof buf, "%s%.1f", runs.empty() ? "" : " ", seconds * 1e3);
        runs += buf;
    }
};

}  // namespace

CLI::App* addEventsCommand(CLI::App& app, EventsOptions& o)
{
    auto* cmd = app.add_subcommand("events", "Time the event queue with many pending sources against a queue-free loop");
    cmd->add_option("--events", o.events, "Events popped and rescheduled per run")->check(CLI::PositiveNumber);
    cmd->add_option("--sources", o.sources, "Sources, each with one event pending at all times")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{std::numeric_limits<std::uint32_t>::max()}));
    cmd->add_option("--mean-gap", o.meanGapUs, "Mean exponential gap between a source's events (us)")->check(CLI::PositiveNumber);
    cmd->add_option("--seed", o.seed, "Seed of the random gaps");
    cmd->add_option("--repeat", o.repeat, "Timed runs after one priming run; the best is kept")->check(CLI::PositiveNumber);
    cmd->add_flag("--json", o.json, "Print {events, pending_sources, events_per_s} instead of the table");
    return cmd;
}

int runEventsBenchmark(const EventsOptions& o)
{
    runQueue(o);  // priming: page in, warm caches and predictors
    runBaseline(o);
    EventTiming queue;
    EventTiming baseline;
    for (int r = 0; r < o.repeat; ++r) {
        queue.add(runQueue(o).seconds);
        baseline.add(runBaseline(o).seconds);
    }
    const double events = static_cast<double>(o.events);
    const double perSecond = events / queue.best;

    if (o.json) {
        nlohmann::ordered_json j;
        j["events"] = o.events;
        j["pending_sources"] = o.sources;
        j["events_per_s"] = std::llround(perSecond);
        std::cout << j.dump() << "\n";
        return 0;
    }
    std::printf("ratelab-bench events: %lld events, %lld pending sources, exponential gaps of mean %.0f us\n",
                static_cast<long long>(o.events), static_cast<long long>(o.sources), o.meanGapUs);
    std::printf("best of %d runs after a priming run\n\n", o.repeat);
    std::printf("%-34s %12s %10s  %s\n", "", "events/s", "ns/event", "runs (ms)");
    std::printf("%-34s %10.2f M %10.1f  %s\n", "EventQueue: pop, then push the next", perSecond / 1e6, queue.best * 1e9 / events,
                queue.runs.c_str());
    std::printf("%-34s %10.2f M %10.1f  %s\n", "baseline: the gaps, no queue", events / baseline.best / 1e6,
                baseline.best * 1e9 / events, baseline.runs.c_str());
    std::printf("%-34s %23.1f\n", "the queue's own ns/event", (queue.best - baseline.best) * 1e9 / events);
    return 0;
}

}  // namespace ratelab::bench
