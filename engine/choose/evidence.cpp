#include "engine/choose/evidence.h"

#include "engine/limitconfig/redismemory.h"
#include "engine/scenario/scenarioio.h"
#include "engine/sim/runner.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace ratelab::choose {

namespace {

std::string fixed(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

// The lane's nominal limit in cost per second (its peak burst window's limit).
double limitPerSecond(const AlgorithmReport& a)
{
    return a.peakBurst.windowUs > 0 ? double(a.peakBurst.limit) * kMicrosPerSecond / double(a.peakBurst.windowUs) : 0;
}

double seconds(const Report& r)
{
    return double(r.scenario.durationUs) / kMicrosPerSecond;
}

const AlgorithmReport* laneWithStore(const Report& r, const std::string& store)
{
    for (const AlgorithmReport& a : r.algorithms) {
        if (a.cluster && a.cluster->store == store)
            return &a;
    }
    return nullptr;
}

const AlgorithmReport& requireStore(const Report& r, const std::string& store)
{
    if (const AlgorithmReport* a = laneWithStore(r, store))
        return *a;
    throw std::runtime_error("choose: the evidence scenario has no lane with store " + store);
}

void localLeak(const Report& r, EvidenceFigure& f)
{
    const AlgorithmReport& local = requireStore(r, "local");
    const AlgorithmReport& atomic = requireStore(r, "redis_atomic");
    for (const AlgorithmReport* a : {&local, &atomic})
        f.rows.push_back({a->id, double(a->allowedCost) / seconds(r) / limitPerSecond(*a), "x the limit"});
    f.headline = std::to_string(local.cluster->instances) + " instances, each with its own state, admit "
        + fixed(f.rows[0].value, 2) + "x the limit; one atomic call to a shared Redis holds " + fixed(f.rows[1].value, 2) + "x.";
}

void getSetRace(const Report& r, EvidenceFigure& f)
{
    double worst = 0;
    std::string worstId;
    for (const AlgorithmReport& a : r.algorithms) {
        if (!a.cluster || (a.cluster->store != "redis_get_set" && a.cluster->store != "redis_atomic"))
            continue;
        const double share = 100.0 * double(a.cluster->globalLimitOvershoot) / (limitPerSecond(a) * seconds(r));
        f.rows.push_back({a.id, share, "% over the limit"});
        if (a.cluster->store == "redis_get_set" && share >= worst) {
            worst = share;
            worstId = a.id;
        }
    }
    const AlgorithmReport& atomic = requireStore(r, "redis_atomic");
    f.headline = "GET-then-SET overshoots the limit by up to " + fixed(worst, 1) + "% (" + worstId + "); the atomic script by "
        + std::to_string(atomic.cluster->globalLimitOvershoot) + " requests.";
}

void boundaryAttack(const Report& r, EvidenceFigure& f)
{
    std::string parts;
    for (const AlgorithmReport& a : r.algorithms) {
        f.rows.push_back({a.id, a.peakBurst.ratio, "x the limit in the worst window"});
        parts += (parts.empty() ? "" : ", ") + a.id + " " + fixed(a.peakBurst.ratio, 2) + "x";
    }
    f.headline = "Worst window against the limit under boundary bursts: " + parts + ".";
}

void zipfMemory(const Report& r, EvidenceFigure& f)
{
    std::string parts;
    for (const AlgorithmReport& a : r.algorithms) {
        f.rows.push_back({a.id, a.memory.stateBytesPerKey, "bytes/key"});
        parts += (parts.empty() ? "" : ", ") + a.id + " " + fixed(a.memory.stateBytesPerKey, 1);
    }
    const auto most = std::max_element(r.algorithms.begin(), r.algorithms.end(), [](const auto& a, const auto& b) {
        return a.memory.peakLiveKeys < b.memory.peakLiveKeys;
    });
    // What the same keys hold in Redis through our scripts (measured, limitconfig/redismemory.h).
    const std::optional<RedisKeyMemory> gcra = redisKeyMemory("gcra");
    const std::optional<RedisKeyMemory> counter = redisKeyMemory("sliding_window_counter");
    f.rows.push_back({"gcra in Redis", gcra->perKey, "bytes/key"});
    f.rows.push_back({"sliding_window_counter in Redis", counter->perKey, "bytes/key"});
    f.headline = "Bytes of state per live key: " + parts + " (up to " + std::to_string(most->memory.peakLiveKeys)
        + " keys live at once); in Redis our GCRA and sliding counter scripts hold " + fixed(gcra->perKey, 0) + " and "
        + fixed(counter->perKey, 0) + " bytes a key (" + std::string(kRedisMemoryMeasuredOn) + ").";
}

void rowLockLatency(const Report& r, EvidenceFigure& f)
{
    const AlgorithmReport& lock = requireStore(r, "sql_row_lock");
    const AlgorithmReport& atomic = requireStore(r, "redis_atomic");
    const double waited = lock.requests > 0 ? 100.0 * double(lock.cluster->waitedOnStore) / double(lock.requests) : 0;
    f.rows.push_back({lock.id, waited, "% of decisions queued on the lock"});
    for (const AlgorithmReport* a : {&lock, &atomic})
        f.rows.push_back({a->id, double(a->cluster->decisionLatencyP99) / kMicrosPerMilli, "ms p99 decision latency"});
    f.headline = "Under a row lock (" + lock.id + ") " + fixed(waited, 1)
        + "% of decisions queue behind another on the hot key, p99 " + fixed(f.rows[1].value, 1)
        + " ms from arrival to decision; the atomic Redis script (" + atomic.id + ") " + fixed(f.rows[2].value, 1) + " ms.";
}

}  // namespace

std::string evidenceScenario(Evidence e)
{
    switch (e) {
    case Evidence::None: return {};
    case Evidence::LocalLeak: return "cluster-local-leak";
    case Evidence::GetSetRace:
    case Evidence::RowLockLatency: return "cluster-get-set-race";
    case Evidence::BoundaryAttack: return "boundary-attack";
    case Evidence::ZipfMemory: return "zipf-keys";
    }
    return {};
}

EvidenceFigure evidenceFromReport(Evidence e, const Report& report, Duration scenarioUs)
{
    EvidenceFigure f;
    f.evidence = e;
    f.scenario = evidenceScenario(e);
    f.ranUs = report.scenario.durationUs;
    f.scenarioUs = scenarioUs;
    switch (e) {
    case Evidence::None: break;
    case Evidence::LocalLeak: localLeak(report, f); break;
    case Evidence::GetSetRace: getSetRace(report, f); break;
    case Evidence::BoundaryAttack: boundaryAttack(report, f); break;
    case Evidence::ZipfMemory: zipfMemory(report, f); break;
    case Evidence::RowLockLatency: rowLockLatency(report, f); break;
    }
    return f;
}

namespace {

Scenario evidenceScenarioLoaded(const std::string& name)
{
    for (const auto& [n, json] : embeddedScenarios()) {
        if (n == name)
            return loadScenario(json, n);
    }
    throw std::runtime_error("choose: no embedded scenario " + name);
}

}  // namespace

EvidenceFigure measureEvidence(Evidence e, RunControl& control, Duration maxDurationUs)
{
    const Walk one{{Step{Question::Instances, false, false, e}}, std::nullopt, std::nullopt};
    std::vector<EvidenceFigure> figures = measurePath(one, control, maxDurationUs);
    return figures.empty() ? EvidenceFigure{} : figures.front();
}

std::vector<EvidenceFigure> measurePath(const Walk& w, RunControl& control, Duration maxDurationUs)
{
    std::map<std::string, std::pair<Report, Duration>> runs;  // scenario -> its report, its own duration
    std::vector<EvidenceFigure> figures;
    for (const Step& step : w.path) {
        const std::string name = evidenceScenario(step.evidence);
        if (name.empty())
            continue;
        auto it = runs.find(name);
        if (it == runs.end()) {
            Scenario s = evidenceScenarioLoaded(name);
            const Duration full = s.duration;
            if (maxDurationUs > 0)
                s.duration = std::min(s.duration, maxDurationUs);
            it = runs.emplace(name, std::make_pair(runScenario(s, control), full)).first;
        }
        figures.push_back(evidenceFromReport(step.evidence, it->second.first, it->second.second));
    }
    return figures;
}

}  // namespace ratelab::choose
