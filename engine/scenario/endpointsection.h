#pragma once
// The endpoint parts of a scenario that name endpoints: a synthetic source's own endpoint
// weights (`traffic[].endpoints`) and an algorithm's limits by endpoint (`per_endpoint`), read
// from JSON with every problem's path, checked against the scenario's endpoints, and written
// back. Internal to engine/scenario/.

#include "engine/scenario/fieldreader.h"

namespace ratelab {

std::vector<SourceEndpoint> readSourceEndpoints(FieldReader& r, const Json& t, const std::string& path);
std::vector<EndpointLimit> readEndpointLimits(FieldReader& r, const Json& a, const std::string& path);

// Each source's endpoints name one endpoint of the scenario, its weights are not all 0.
void checkSourceEndpoints(const Scenario& s, std::vector<ScenarioProblem>& problems);
// An algorithm's per_endpoint limits: only with per-endpoint keys, not in a cluster, each
// pattern matching an endpoint no earlier pattern took, each limit's params sound.
void checkEndpointLimits(const Scenario& s, const AlgorithmSpec& a, const std::string& path, Duration span,
                         std::vector<ScenarioProblem>& problems);

Json sourceEndpointsJson(const std::vector<SourceEndpoint>& endpoints);
Json endpointLimitsJson(const std::vector<EndpointLimit>& limits);

// Whether requests under `keys` are keyed by endpoint, each endpoint its own key.
bool keysPerEndpoint(KeyStrategy keys);

}  // namespace ratelab
