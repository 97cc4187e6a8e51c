// validateScenario: the checks across a scenario's sections, for a scenario loaded from JSON
// (after its fields read soundly) and for one built in code.

#include "engine/algorithms/catalog/catalog.h"
#include "engine/algorithms/fixedwindow/fixedwindow.h"
#include "engine/logs/importoptions.h"
#include "engine/logs/logoptions.h"
#include "engine/scenario/endpointsection.h"
#include "engine/scenario/paramcheck.h"
#include "engine/scenario/problemtext.h"
#include "engine/scenario/scenarioio.h"
#include "engine/traffic/population.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace ratelab {

void checkParams(const std::string& algorithm, const ParamValues& params, const std::string& algorithmPath,
                 const std::string& paramsPath, Duration span, std::vector<ScenarioProblem>& problems)
{
    try {
        const Duration covered = makeLimiter(algorithm, params).limiter->maxSpanUs();
        if (span > covered)
            problems.push_back({paramsPath,
                                algorithm + ": the run's times span up to " + formatDuration(span) + ", more than the "
                                    + formatDuration(covered) + " its times may lie apart (the valid range in algorithms.md)"});
    } catch (const ParamError& e) {
        const std::string& field = e.field();
        if (field.rfind("param ", 0) == 0)
            problems.push_back({paramsPath + "." + field.substr(6), e.what()});
        else
            problems.push_back({algorithmPath, e.what()});
    }
}

namespace {

std::string plural(std::int64_t n, const char* one, const char* many)
{
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

// Tiers and weights that add up to nothing, tiers named twice or unused, a NAT larger than
// the population: each would be ignored or clamped without a word.
void checkPopulation(const Scenario& s, std::vector<ScenarioProblem>& problems)
{
    const PopulationSpec& p = s.population;
    if (p.nat.clients > p.clients)
        problems.push_back({"population.nat.clients", "must be at most population.clients (" + std::to_string(p.clients) + ")"});
    else if (p.nat.ips > std::max<std::int64_t>(1, p.nat.clients))
        problems.push_back(
            {"population.nat.ips",
             "must be at most nat.clients (" + std::to_string(p.nat.clients) + "): each IP is shared by clients behind the NAT"});
    std::set<std::string> names;
    double shares = 0;
    for (std::size_t i = 0; i < p.tiers.size(); ++i) {
        shares += p.tiers[i].share;
        if (!names.insert(p.tiers[i].name).second)
            problems.push_back({pathAt("population.tiers", i) + ".name", quotedText(p.tiers[i].name) + " is used twice"});
    }
    if (!p.tiers.empty() && !(shares > 0))
        problems.push_back({"population.tiers", "the shares add up to 0: give a tier a share above 0"});
    const bool tiered = s.keys == KeyStrategy::Tiered
        || std::any_of(s.algorithms.begin(), s.algorithms.end(),
                       [](const AlgorithmSpec& a) { return a.keys == KeyStrategy::Tiered; });
    if (!p.tiers.empty() && !tiered)
        problems.push_back({"population.tiers", "only used by keys \"tiered\", which no algorithm has"});
    double weights = 0;
    for (const EndpointSpec& e : s.endpoints)
        weights += e.weight;
    if (!s.endpoints.empty() && !(weights > 0))
        problems.push_back({"endpoints", "the weights add up to 0: give an endpoint a weight above 0"});
}

// An algorithm's `tiers`: only with tiered keys, each naming a tier of the population that has
// clients (a tier named for nobody would be ignored), each over the algorithm's params.
void checkTiers(const Scenario& s, const AlgorithmSpec& a, const std::string& path, Duration span,
                std::vector<ScenarioProblem>& problems)
{
    if (a.tierParams.empty())
        return;
    const KeyStrategy keys = a.keys.value_or(s.keys);
    if (keys != KeyStrategy::Tiered) {
        problems.push_back(
            {path + ".tiers",
             std::string("only with keys \"tiered\": this algorithm's keys are \"") + keyStrategyName(keys) + "\""});
        return;
    }
    std::vector<std::string> tierNames;
    for (const TierSpec& t : s.population.tiers)
        tierNames.push_back(t.name);
    if (tierNames.empty())
        tierNames.push_back("default");
    double shares = 0;
    for (const TierSpec& t : s.population.tiers)
        shares += t.share;
    const std::vector<std::uint32_t> clients =
        s.population.tiers.empty() || shares > 0 ? clientsPerTier(s.population) : std::vector<std::uint32_t>(tierNames.size(), 1);
    for (const auto& [tier, params] : a.tierParams) {
        const std::string tpath = path + ".tiers." + clipText(tier);
        const auto found = std::find(tierNames.begin(), tierNames.end(), tier);
        if (found == tierNames.end()) {
            std::string list;
            for (const std::string& name : tierNames)
                list.append(list.empty() ? "" : ", ").append(clipText(name));
            problems.push_back({tpath, "no tier of that name: the population's tiers are " + list});
            continue;
        }
        if (clients[static_cast<std::size_t>(found - tierNames.begin())] == 0)
            problems.push_back({tpath,
                                "no client is in this tier: its share gives it none of the "
                                    + plural(s.population.clients, "client", "clients")});
        ParamValues merged = a.params;
        for (const auto& [k, v] : params)
            merged[k] = v;
        checkParams(a.algorithm, merged, path + ".algorithm", tpath, span, problems);
    }
}

// memcached has no TIME command: a store-side clock is one it cannot read. `path` is the store's.
void checkStoreClock(const StoreSpec& store, const std::string& path, std::vector<ScenarioProblem>& problems)
{
    if (store.mode == StoreMode::Memcached && store.clock == StoreClock::Store)
        problems.push_back(
            {path + ".clock",
             "memcached has no TIME command: the instance's clock decides, use \"instance\" (" + path + ".mode is memcached)"});
}

// What a cluster run does not simulate is refused rather than ignored: closed-loop clients,
// limit changes, tier limits; and local_sync, which merges fixed-window counters, runs only
// the algorithms that are such counters.
void checkClusterAlgorithm(const Scenario& s, const AlgorithmSpec& a, const std::string& path,
                           std::vector<ScenarioProblem>& problems)
{
    const ClientBehaviour& clients = a.clients.value_or(s.clients);
    if (clients.retry != RetryPolicy::None)
        problems.push_back({a.clients ? path + ".clients.retry" : std::string("clients.retry"),
                            "a cluster run does not simulate retrying clients: use \"none\""});
    if (!a.changes.empty())
        problems.push_back({path + ".changes", "a cluster run does not simulate limit changes"});
    if (!a.tierParams.empty())
        problems.push_back({path + ".tiers", "a cluster run does not simulate limits per tier"});
    if (a.store)
        checkStoreClock(*a.store, path + ".store", problems);
    const StoreSpec& store = a.store.value_or(s.cluster->store);
    if (store.mode != StoreMode::LocalSync)
        return;
    const std::string modePath = a.store ? path + ".store.mode" : std::string("cluster.store.mode");
    BuiltLimiter built;
    try {
        built = makeLimiter(a.algorithm, a.params);
    } catch (const ParamError&) {
        return;  // checkParams reports it
    }
    if (dynamic_cast<const FixedWindowEpoch*>(built.limiter.get()))
        return;
    if (a.algorithm == "fixed_window")
        problems.push_back(
            {path + ".params.align", "local_sync (" + modePath + ") counts epoch-aligned windows: align must be \"epoch\""});
    else
        problems.push_back({modePath,
                            "local_sync merges epoch-aligned fixed-window counters, and " + a.algorithm + " (" + path
                                + ") is not one: use fixed_window or redis_incr_expire, or another mode"});
}

// An algorithm against the scenario's persistent connections: "connection" keys need every
// source to be one of connections, "applies_to" needs a connections source to choose among,
// and connections are simulated on one instance, without retries.
void checkConnectionAlgorithm(const Scenario& s, const AlgorithmSpec& a, KeyStrategy keys, const std::string& path,
                              std::vector<ScenarioProblem>& problems)
{
    const bool allConnections = std::all_of(s.traffic.begin(), s.traffic.end(),
                                            [](const SourceSpec& src) { return src.kind == SourceKind::Connections; });
    if (keys == KeyStrategy::Connection && !allConnections)
        problems.push_back({path + ".keys", "\"connection\" keys need every traffic source to be \"connections\""});
    if (!hasConnections(s)) {
        if (a.appliesTo != kEveryArrivalKind)
            problems.push_back({path + ".applies_to", "needs a \"connections\" traffic source (every request is a request)"});
        return;
    }
    if (a.clients && a.clients->retry != RetryPolicy::None)
        problems.push_back({path + ".clients.retry", "a connections source is not retried: use \"none\""});
}

// The scenario's connections sources against the rest: one instance, no retries.
void checkConnectionTraffic(const Scenario& s, std::vector<ScenarioProblem>& problems)
{
    if (!hasConnections(s))
        return;
    if (s.cluster)
        problems.push_back(
            {"cluster", "connections are simulated on one instance: remove the cluster or the connections source"});
    if (s.clients.retry != RetryPolicy::None)
        problems.push_back({"clients.retry", "a connections source is not retried: use \"none\""});
}

// The backend model runs in single-instance lanes, where each decision is made at its
// request's arrival (a cluster decides a round trip later, out of arrival order).
void checkBackend(const Scenario& s, std::vector<ScenarioProblem>& problems)
{
    if (s.cluster)
        problems.push_back({"backend", "a cluster run does not simulate the backend: remove \"backend\" or \"cluster\""});
    if (s.backend->workers < 1)
        problems.push_back({"backend.workers", "must be at least 1"});
    if (s.backend->stages.empty())
        problems.push_back({"backend.stages", "needs at least one stage"});
    for (std::size_t i = 0; i < s.backend->stages.size(); ++i) {
        const LatencySpec& d = s.backend->stages[i].service;
        const bool usable = d.kind == LatencyKind::Uniform ? d.min >= 1 && d.max >= d.min : d.rtt >= 1;
        if (!usable)
            problems.push_back({pathAt("backend.stages", i) + ".service", "needs durations of at least 1us, with max >= min"});
    }
}

}  // namespace

std::vector<ScenarioProblem> validateScenario(const Scenario& s)
{
    std::vector<ScenarioProblem> problems;
    if (s.duration < 1)
        problems.push_back({"duration", "must be at least 1us"});
    if (s.metrics.bucket < 1 || s.duration / std::max<Duration>(1, s.metrics.bucket) > 1'000'000)
        problems.push_back({"metrics.bucket", "must split the run into at most 1,000,000 buckets"});
    if (s.traffic.empty())
        problems.push_back({"traffic", "needs at least one traffic source"});
    if (s.algorithms.empty())
        problems.push_back({"algorithms", "needs at least one algorithm"});
    checkPopulation(s, problems);
    checkConnectionTraffic(s, problems);
    checkSourceEndpoints(s, problems);
    bool recorded = false;
    for (std::size_t i = 0; i < s.traffic.size(); ++i) {
        const SourceSpec& src = s.traffic[i];
        recorded = recorded || src.kind == SourceKind::Trace || src.kind == SourceKind::Log;
        if (src.kind != SourceKind::Log)
            continue;
        ImportOptions options;
        for (LogOptionProblem& p : applyLogOptions(src.logOptions, options))
            problems.push_back({pathAt("traffic", i) + "." + p.option, std::move(p.message)});
    }
    // The run's duration plus twice the farthest a cluster clock moves from true time.
    double reach = 0;
    if (s.cluster) {
        for (const ClockSpec& clock : s.cluster->clocks) {
            double r =
                std::abs(static_cast<double>(clock.offset)) + std::abs(clock.driftPpm) * 1e-6 * static_cast<double>(s.duration);
            for (const ClockStep& step : clock.steps)
                r += std::abs(static_cast<double>(step.by));
            reach = std::max(reach, r);
        }
    }
    const auto span =
        static_cast<Duration>(std::min(static_cast<double>(s.duration) + 2 * reach, static_cast<double>(kTimeHorizonUs)));
    if (s.backend)
        checkBackend(s, problems);
    if (s.cluster)
        checkStoreClock(s.cluster->store, "cluster.store", problems);
    std::set<std::string> ids;
    for (std::size_t i = 0; i < s.algorithms.size(); ++i) {
        const AlgorithmSpec& a = s.algorithms[i];
        const std::string path = pathAt("algorithms", i);
        if (!ids.insert(a.id).second)
            problems.push_back({path + ".id", quotedText(a.id) + " is used twice: give each algorithm its own id"});
        if (a.algorithm.empty())
            continue;
        const KeyStrategy keys = a.keys.value_or(s.keys);
        checkConnectionAlgorithm(s, a, keys, path, problems);
        if ((keys == KeyStrategy::Recorded) != recorded && !s.traffic.empty())
            problems.push_back({path + ".keys",
                                recorded ? "a replayed trace or log has its own keys: use \"recorded\""
                                         : "\"recorded\" keys need a trace or log source"});
        checkParams(a.algorithm, a.params, path + ".algorithm", path + ".params", span, problems);
        checkTiers(s, a, path, span, problems);
        checkEndpointLimits(s, a, path, span, problems);
        for (std::size_t c = 0; c < a.changes.size(); ++c) {
            const std::string cpath = pathAt(path + ".changes", c);
            ParamValues merged = a.params;
            for (const auto& [k, v] : a.changes[c].params)
                merged[k] = v;
            checkParams(a.algorithm, merged, path + ".algorithm", cpath + ".params", span, problems);
            const AlgorithmInfo* info = findAlgorithm(a.algorithm);
            if (a.changes[c].state != StatePolicy::Reset && info && !info->transfersState)
                problems.push_back(
                    {cpath + ".state", a.algorithm + " supports only \"reset\" (presets keep no transferable state)"});
            if (c > 0 && a.changes[c].at < a.changes[c - 1].at)
                problems.push_back({cpath + ".at", "changes must be in time order"});
        }
        if (s.cluster)
            checkClusterAlgorithm(s, a, path, problems);
        else if (a.store || a.policy)
            problems.push_back({path + (a.store ? ".store" : ".policy"), "only in a cluster scenario (it has no \"cluster\")"});
    }
    return problems;
}

}  // namespace ratelab
