// saveScenario: a scenario as JSON (schema ratelab.scenario/1), every field written, so that
// loading it gives the same scenario.

#include "engine/scenario/backendsection.h"
#include "engine/scenario/clustersection.h"
#include "engine/scenario/connectionsection.h"
#include "engine/scenario/endpointsection.h"
#include "engine/scenario/scenarioio.h"
#include "engine/scenario/trafficsection.h"

namespace ratelab {

namespace {

Json clientsJson(const ClientBehaviour& b)
{
    return {{"retry", nameOf(kRetryPolicies, int(b.retry))},
            {"max_retries", b.maxRetries},
            {"delay", formatDuration(b.delay)},
            {"backoff_base", formatDuration(b.backoffBase)},
            {"backoff_cap", formatDuration(b.backoffCap)}};
}

Json paramsJson(const ParamValues& params)
{
    Json out = Json::object();
    for (const auto& [k, v] : params)
        out[k] = v;
    return out;
}

Json populationJson(const PopulationSpec& p)
{
    Json population;
    population["clients"] = p.clients;
    population["popularity"] = nameOf(kPopularities, int(p.popularity));
    if (p.popularity == Popularity::Zipf)
        population["zipf_s"] = p.zipfS;
    if (p.nat.clients > 0)
        population["nat"] = {{"clients", p.nat.clients}, {"ips", p.nat.ips}};
    for (const TierSpec& t : p.tiers)
        population["tiers"].push_back({{"name", t.name}, {"share", t.share}});
    return population;
}

Json algorithmJson(const AlgorithmSpec& a)
{
    Json j;
    j["id"] = a.id;
    j["algorithm"] = a.algorithm;
    j["params"] = paramsJson(a.params);
    if (a.keys)
        j["keys"] = keyStrategyName(*a.keys);
    if (a.appliesTo != kEveryArrivalKind)
        j["applies_to"] = appliesToJson(a.appliesTo);
    if (a.clients)
        j["clients"] = clientsJson(*a.clients);
    if (a.store)
        j["store"] = storeJson(*a.store);
    if (a.policy)
        j["policy"] = policyJson(*a.policy);
    for (const auto& [tier, params] : a.tierParams)
        j["tiers"][tier] = paramsJson(params);
    if (!a.endpointLimits.empty())
        j["per_endpoint"] = endpointLimitsJson(a.endpointLimits);
    for (const LimitChange& c : a.changes)
        j["changes"].push_back(
            {{"at", formatDuration(c.at)}, {"params", paramsJson(c.params)}, {"state", nameOf(kStatePolicies, int(c.state))}});
    if (a.placement)
        j["placement"] = nameOf(kPlacements, int(*a.placement));
    return j;
}

}  // namespace

std::string saveScenario(const Scenario& s)
{
    Json root;
    root["schema"] = kScenarioSchema;
    root["name"] = s.name;
    if (!s.description.empty())
        root["description"] = s.description;
    root["seed"] = s.seed;
    root["duration"] = formatDuration(s.duration);
    if (s.start != 0)
        root["start_us"] = s.start;
    root["population"] = populationJson(s.population);
    for (const EndpointSpec& e : s.endpoints)
        root["endpoints"].push_back({{"method", e.method}, {"path", e.path}, {"weight", e.weight}, {"cost", e.cost}});
    for (const SourceSpec& src : s.traffic)
        root["traffic"].push_back(sourceJson(src));
    root["keys"] = keyStrategyName(s.keys);
    root["clients"] = clientsJson(s.clients);
    root["placement"] = nameOf(kPlacements, int(s.placement));
    for (const AlgorithmSpec& a : s.algorithms)
        root["algorithms"].push_back(algorithmJson(a));
    Json metrics;
    metrics["bucket"] = formatDuration(s.metrics.bucket);
    if (s.metrics.burstWindow)
        metrics["burst_window"] = formatDuration(*s.metrics.burstWindow);
    metrics["shadow_examples"] = s.metrics.shadowExamples;
    root["metrics"] = metrics;
    if (s.cluster)
        root["cluster"] = clusterJson(*s.cluster);
    if (s.backend)
        root["backend"] = backendJson(*s.backend);
    return root.dump(2) + "\n";
}

}  // namespace ratelab
