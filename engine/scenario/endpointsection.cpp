#include "engine/scenario/endpointsection.h"

#include "engine/scenario/paramcheck.h"
#include "engine/traffic/endpointmix.h"

namespace ratelab {

bool keysPerEndpoint(KeyStrategy keys)
{
    return keys == KeyStrategy::Endpoint || keys == KeyStrategy::UserEndpoint || keys == KeyStrategy::ApiKeyEndpoint;
}

std::vector<SourceEndpoint> readSourceEndpoints(FieldReader& r, const Json& t, const std::string& path)
{
    std::vector<SourceEndpoint> out;
    const Json& endpoints = r.array(t, path, "endpoints");
    for (std::size_t i = 0; i < endpoints.size(); ++i) {
        const std::string epath = pathAt(path + ".endpoints", i);
        r.onlyKnown(endpoints[i], epath, {"method", "path", "weight"});
        if (!endpoints[i].is_object())
            continue;
        if (!endpoints[i].contains("path"))
            r.problem(epath + ".path", "missing: the path of one of the scenario's endpoints");
        SourceEndpoint e;
        e.method = r.text(endpoints[i], epath, "method", "");
        e.path = r.text(endpoints[i], epath, "path", "");
        e.weight = r.number(endpoints[i], epath, "weight", 1.0, 0.0);
        out.push_back(std::move(e));
    }
    if (t.contains("endpoints") && t["endpoints"].is_array() && endpoints.empty())
        r.problem(path + ".endpoints", "is empty: list an endpoint, or leave the field out for the scenario's mix");
    return out;
}

std::vector<EndpointLimit> readEndpointLimits(FieldReader& r, const Json& a, const std::string& path)
{
    std::vector<EndpointLimit> out;
    const Json& limits = r.array(a, path, "per_endpoint");
    for (std::size_t i = 0; i < limits.size(); ++i) {
        const std::string lpath = pathAt(path + ".per_endpoint", i);
        r.onlyKnown(limits[i], lpath, {"path", "params"});
        if (!limits[i].is_object())
            continue;
        EndpointLimit limit;
        limit.path = r.text(limits[i], lpath, "path", "");
        if (limit.path.empty())
            r.problem(lpath + ".path", "missing: an endpoint path, or a prefix ending in *");
        if (!limits[i].contains("params"))
            r.problem(lpath + ".params", "missing: the parameters of this endpoint's limit");
        else
            limit.params = r.params(limits[i]["params"], lpath + ".params");
        out.push_back(std::move(limit));
    }
    return out;
}

void checkSourceEndpoints(const Scenario& s, std::vector<ScenarioProblem>& problems)
{
    for (std::size_t i = 0; i < s.traffic.size(); ++i) {
        const std::string path = pathAt("traffic", i) + ".endpoints";
        double weights = 0;
        for (std::size_t e = 0; e < s.traffic[i].endpoints.size(); ++e) {
            const SourceEndpoint& wanted = s.traffic[i].endpoints[e];
            weights += wanted.weight;
            const int found = findSourceEndpoint(s.endpoints, wanted);
            const std::string named = (wanted.method.empty() ? "" : wanted.method + " ") + wanted.path;
            if (found == kNoSuchEndpoint)
                problems.push_back({pathAt(path, e), "no endpoint " + quotedText(named) + " in the scenario's endpoints"});
            else if (found == kAmbiguousEndpoint)
                problems.push_back({pathAt(path, e) + ".method",
                                    "missing: two of the scenario's endpoints have the path " + quotedText(wanted.path)});
        }
        if (!s.traffic[i].endpoints.empty() && !(weights > 0))
            problems.push_back({path, "the weights add up to 0: give an endpoint a weight above 0"});
    }
}

void checkEndpointLimits(const Scenario& s, const AlgorithmSpec& a, const std::string& path, Duration span,
                         std::vector<ScenarioProblem>& problems)
{
    if (a.endpointLimits.empty())
        return;
    const KeyStrategy keys = a.keys.value_or(s.keys);
    if (!keysPerEndpoint(keys)) {
        problems.push_back({path + ".per_endpoint",
                            std::string("needs keys by endpoint (user_endpoint, api_key_endpoint or "
                                        "endpoint): this algorithm's keys are \"")
                                + keyStrategyName(keys) + "\""});
        return;
    }
    if (s.cluster) {
        problems.push_back({path + ".per_endpoint", "a cluster run does not simulate limits per endpoint"});
        return;
    }
    std::vector<std::string> patterns;
    for (const EndpointLimit& limit : a.endpointLimits)
        patterns.push_back(limit.path);
    const std::vector<std::uint32_t> limitOf = limitOfEndpoints(s.endpoints, patterns);
    for (std::size_t i = 0; i < a.endpointLimits.size(); ++i) {
        const std::string lpath = pathAt(path + ".per_endpoint", i);
        if (std::find(limitOf.begin(), limitOf.end(), i + 1) == limitOf.end())
            problems.push_back(
                {lpath + ".path",
                 quotedText(a.endpointLimits[i].path) + " matches no endpoint that an earlier entry has not taken"});
        ParamValues merged = a.params;
        for (const auto& [k, v] : a.endpointLimits[i].params)
            merged[k] = v;
        checkParams(a.algorithm, merged, path + ".algorithm", lpath + ".params", span, problems);
    }
}

Json sourceEndpointsJson(const std::vector<SourceEndpoint>& endpoints)
{
    Json out = Json::array();
    for (const SourceEndpoint& e : endpoints) {
        Json j = {{"path", e.path}, {"weight", e.weight}};
        if (!e.method.empty())
            j["method"] = e.method;
        out.push_back(std::move(j));
    }
    return out;
}

Json endpointLimitsJson(const std::vector<EndpointLimit>& limits)
{
    Json out = Json::array();
    for (const EndpointLimit& limit : limits) {
        Json params = Json::object();
        for (const auto& [k, v] : limit.params)
            params[k] = v;
        out.push_back({{"path", limit.path}, {"params", params}});
    }
    return out;
}

}  // namespace ratelab
