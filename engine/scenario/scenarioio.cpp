// Loading a scenario: the JSON parsed strictly, read section by section (the cluster's and
// the traffic sources' in their own files), then validated as a whole (scenariovalidate.cpp);
// every problem reported at once, each with its JSON path.

#include "engine/scenario/scenarioio.h"

#include "engine/core/inputfile.h"
#include "engine/scenario/backendsection.h"
#include "engine/scenario/clustersection.h"
#include "engine/scenario/connectionsection.h"
#include "engine/scenario/endpointsection.h"
#include "engine/scenario/strictjson.h"
#include "engine/scenario/trafficsection.h"

#include <filesystem>
#include <fstream>

namespace ratelab {

namespace {

ClientBehaviour readClients(FieldReader& r, const Json& c, const std::string& path)
{
    ClientBehaviour b;
    r.onlyKnown(c, path, {"retry", "max_retries", "delay", "backoff_base", "backoff_cap"});
    b.retry = static_cast<RetryPolicy>(r.choice(c, path, "retry", kRetryPolicies, 0));
    b.maxRetries = r.integer(c, path, "max_retries", 5, 0, 1000);
    b.delay = r.duration(c, path, "delay", b.delay, 0);
    b.backoffBase = r.duration(c, path, "backoff_base", b.backoffBase);
    b.backoffCap = r.duration(c, path, "backoff_cap", b.backoffCap);
    return b;
}

PopulationSpec readPopulation(FieldReader& r, const Json& p)
{
    PopulationSpec pop;
    r.onlyKnown(p, "population", {"clients", "popularity", "zipf_s", "nat", "tiers"});
    pop.clients = r.integer(p, "population", "clients", 100, 1, 50'000'000);
    pop.popularity = static_cast<Popularity>(r.choice(p, "population", "popularity", kPopularities, 0));
    if (p.contains("zipf_s") && pop.popularity != Popularity::Zipf)
        r.problem("population.zipf_s", "only with popularity \"zipf\"");
    pop.zipfS = r.number(p, "population", "zipf_s", 1.1, 0.0);
    if (p.contains("nat")) {
        r.onlyKnown(p["nat"], "population.nat", {"clients", "ips"});
        pop.nat.clients = r.integer(p["nat"], "population.nat", "clients", 0, 0);
        pop.nat.ips = r.integer(p["nat"], "population.nat", "ips", 1, 1);
    }
    const Json& tiers = r.array(p, "population", "tiers");
    for (std::size_t i = 0; i < tiers.size(); ++i) {
        const std::string path = pathAt("population.tiers", i);
        r.onlyKnown(tiers[i], path, {"name", "share"});
        pop.tiers.push_back(
            {r.text(tiers[i], path, "name", "tier" + std::to_string(i)), r.number(tiers[i], path, "share", 1.0, 0.0)});
    }
    return pop;
}

std::vector<EndpointSpec> readEndpoints(FieldReader& r, const Json& root)
{
    std::vector<EndpointSpec> out;
    const Json& endpoints = r.array(root, "", "endpoints");
    for (std::size_t i = 0; i < endpoints.size(); ++i) {
        const std::string path = pathAt("endpoints", i);
        r.onlyKnown(endpoints[i], path, {"method", "path", "weight", "cost"});
        EndpointSpec e;
        e.method = r.text(endpoints[i], path, "method", "GET");
        e.path = r.text(endpoints[i], path, "path", "/");
        e.weight = r.number(endpoints[i], path, "weight", 1.0, 0.0);
        e.cost = r.integer(endpoints[i], path, "cost", 1, 1, 1'000'000);
        out.push_back(e);
    }
    return out;
}

MetricSpec readMetrics(FieldReader& r, const Json& m)
{
    MetricSpec metrics;
    r.onlyKnown(m, "metrics", {"bucket", "burst_window", "shadow_examples"});
    metrics.bucket = r.duration(m, "metrics", "bucket", metrics.bucket);
    if (m.contains("burst_window"))
        metrics.burstWindow = r.duration(m, "metrics", "burst_window", kMicrosPerSecond);
    metrics.shadowExamples = r.integer(m, "metrics", "shadow_examples", 5, 0, 1000);
    return metrics;
}

std::vector<LimitChange> readChanges(FieldReader& r, const Json& a, const std::string& path)
{
    std::vector<LimitChange> out;
    const Json& changes = r.array(a, path, "changes");
    for (std::size_t c = 0; c < changes.size(); ++c) {
        const std::string cpath = pathAt(path + ".changes", c);
        r.onlyKnown(changes[c], cpath, {"at", "params", "state"});
        LimitChange change;
        change.at = r.duration(changes[c], cpath, "at", 0, 0);
        if (changes[c].contains("params"))
            change.params = r.params(changes[c]["params"], cpath + ".params");
        change.state = static_cast<StatePolicy>(r.choice(changes[c], cpath, "state", kStatePolicies, 0));
        out.push_back(std::move(change));
    }
    return out;
}

AlgorithmSpec readAlgorithm(FieldReader& r, const Json& a, const std::string& path)
{
    r.onlyKnown(a, path,
                {"id", "algorithm", "params", "keys", "applies_to", "clients", "store", "policy", "tiers", "changes", "placement",
                 "per_endpoint"});
    AlgorithmSpec spec;
    spec.algorithm = r.text(a, path, "algorithm", "");
    if (spec.algorithm.empty())
        r.problem(path + ".algorithm", "missing: an algorithm or preset name (ratelab-cli list)");
    spec.id = r.text(a, path, "id", spec.algorithm);
    if (a.contains("params"))
        spec.params = r.params(a["params"], path + ".params");
    if (a.contains("keys"))
        spec.keys = static_cast<KeyStrategy>(r.choice(a, path, "keys", kKeyStrategies, 0));
    if (a.contains("clients"))
        spec.clients = readClients(r, a["clients"], path + ".clients");
    if (a.contains("store"))
        spec.store = readStore(r, a["store"], path + ".store");
    if (a.contains("policy"))
        spec.policy = readPolicy(r, a["policy"], path + ".policy");
    if (a.contains("tiers")) {
        if (!a["tiers"].is_object())
            r.problem(path + ".tiers", "must map tier names to parameter objects");
        else {
            for (const auto& [tier, params] : a["tiers"].items())
                spec.tierParams.emplace_back(tier, r.params(params, path + ".tiers." + clipText(tier)));
        }
    }
    spec.changes = readChanges(r, a, path);
    spec.appliesTo = readAppliesTo(r, a, path);
    if (a.contains("placement"))
        spec.placement = static_cast<Placement>(r.choice(a, path, "placement", kPlacements, int(Placement::Before)));
    spec.endpointLimits = readEndpointLimits(r, a, path);
    return spec;
}

// The whole document, section by section, in the order problems are reported.
Scenario readScenario(const Json& root, const std::string& baseDir, std::vector<ScenarioProblem>& problems)
{
    FieldReader r(problems);
    Scenario s;
    r.onlyKnown(root, "",
                {"schema", "name", "description", "seed", "duration", "start_us", "population", "endpoints", "traffic", "keys",
                 "clients", "placement", "algorithms", "metrics", "cluster", "backend"});
    if (!root.is_object())
        return s;
    if (root.contains("schema") && root["schema"] != kScenarioSchema)
        r.problem("schema", std::string("must be \"") + kScenarioSchema + "\"");
    s.name = r.text(root, "", "name", s.name);
    s.description = r.text(root, "", "description", "");
    s.seed = static_cast<std::uint64_t>(r.integer(root, "", "seed", 1, 0));
    s.duration = r.duration(root, "", "duration", s.duration);
    s.start = r.integer(root, "", "start_us", 0, 0, kMaxTimeUs);
    if (s.start >= 0 && s.start <= kMaxTimeUs && s.duration > kMaxTimeUs - s.start)
        r.problem("duration",
                  "the run would end after " + std::to_string(kMaxTimeUs)
                      + " us (2^52, 2112-09-17), the end of the valid range of times");
    s.keys = static_cast<KeyStrategy>(r.choice(root, "", "keys", kKeyStrategies, int(KeyStrategy::Ip)));
    s.placement = static_cast<Placement>(r.choice(root, "", "placement", kPlacements, int(Placement::Before)));

    if (root.contains("population"))
        s.population = readPopulation(r, root["population"]);
    s.endpoints = readEndpoints(r, root);
    if (!root.contains("traffic") || !root["traffic"].is_array() || root["traffic"].empty())
        r.problem("traffic", "needs at least one traffic source");
    else {
        const Json& traffic = root["traffic"];
        for (std::size_t i = 0; i < traffic.size(); ++i)
            s.traffic.push_back(readSource(r, traffic[i], pathAt("traffic", i), s, baseDir));
    }
    if (root.contains("clients"))
        s.clients = readClients(r, root["clients"], "clients");
    if (root.contains("cluster"))
        s.cluster = readCluster(r, root["cluster"]);
    if (root.contains("backend"))
        s.backend = readBackend(r, root["backend"]);
    if (root.contains("metrics"))
        s.metrics = readMetrics(r, root["metrics"]);
    if (!root.contains("algorithms") || !root["algorithms"].is_array() || root["algorithms"].empty())
        r.problem("algorithms", "needs at least one algorithm");
    else {
        const Json& algorithms = root["algorithms"];
        for (std::size_t i = 0; i < algorithms.size(); ++i)
            s.algorithms.push_back(readAlgorithm(r, algorithms[i], pathAt("algorithms", i)));
    }
    return s;
}

}  // namespace

const char* keyStrategyName(KeyStrategy strategy)
{
    return nameOf(kKeyStrategies, int(strategy));
}

const char* sourceKindName(SourceKind kind)
{
    return nameOf(kSourceKinds, int(kind));
}

bool hasConnections(const Scenario& s)
{
    return std::any_of(s.traffic.begin(), s.traffic.end(),
                       [](const SourceSpec& src) { return src.kind == SourceKind::Connections; });
}

Scenario loadScenario(std::string_view json, const std::string& source, const std::string& baseDir)
{
    std::vector<ScenarioProblem> problems;
    const Json root = parseStrictJson(json, problems);
    if (root.is_discarded())
        throw ScenarioError(source, std::move(problems));
    Scenario scenario = readScenario(root, baseDir, problems);
    // Every problem in the file at once: the checks across sections too, except where a
    // field already has a problem (its fallback value would only echo it).
    const std::vector<ScenarioProblem> read = problems;
    const auto covered = [&](const std::string& path) {
        return std::any_of(read.begin(), read.end(), [&](const ScenarioProblem& p) {
            return p.path.empty() || path == p.path
                || (path.starts_with(p.path) && (path[p.path.size()] == '.' || path[p.path.size()] == '['));
        });
    };
    for (ScenarioProblem& p : validateScenario(scenario)) {
        if (!covered(p.path))
            problems.push_back(std::move(p));
    }
    if (!problems.empty())
        throw ScenarioError(source, std::move(problems));
    return scenario;
}

Scenario loadScenarioStream(std::istream& in, const std::string& source, const std::string& baseDir)
{
    // A scenario is small; traces and logs are separate files. Reading stops one byte past
    // the cap, so /dev/zero is refused at 4 MiB.
    std::string text(kMaxScenarioBytes + 1, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    if (in.bad())
        throw ScenarioError(source, {{"", "cannot read the file"}});
    text.resize(static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxScenarioBytes)
        throw ScenarioError(source,
                            {{"",
                              "larger than " + std::to_string(kMaxScenarioBytes >> 20)
                                  + " MiB: not a scenario (traces and logs are files of their own)"}});
    return loadScenario(text, source, baseDir);
}

Scenario loadScenarioFile(const std::string& path)
{
    if (const std::string problem = inputFileProblem(path, "scenario file"); !problem.empty())
        throw ScenarioError(path, {{"", problem}});
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw ScenarioError(path, {{"", "cannot open the file"}});
    return loadScenarioStream(in, path, std::filesystem::path(path).parent_path().string());
}

Scenario defaultScenario()
{
    for (const auto& [name, json] : embeddedScenarios()) {
        if (name == "default")
            return loadScenario(json, "default.json (embedded)");
    }
    throw std::logic_error("the default scenario is not embedded");
}

}  // namespace ratelab
