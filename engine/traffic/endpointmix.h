#pragma once
// Endpoints named in a scenario: a source's own endpoint weights name endpoints by path (and
// method), an algorithm's per-endpoint limits match them by path pattern. Resolved once, before
// a run, into flat tables by endpoint index.

#include "engine/traffic/trafficspec.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ratelab {

// Whether an endpoint path matches a limit's pattern: the same path, or for a pattern ending
// in `*` any path starting with what comes before it.
bool endpointPathMatches(const std::string& pattern, const std::string& path);

// The endpoints of a scenario as a run sees them: one GET / when it lists none.
std::vector<EndpointSpec> effectiveEndpoints(const std::vector<EndpointSpec>& endpoints);

inline constexpr int kNoSuchEndpoint = -1;
inline constexpr int kAmbiguousEndpoint = -2;
// The index of the endpoint a source names, kNoSuchEndpoint, or kAmbiguousEndpoint (two
// endpoints have its path and it gives no method).
int findSourceEndpoint(const std::vector<EndpointSpec>& endpoints, const SourceEndpoint& wanted);

// For each endpoint, which limit decides it: 1 + the first of `patterns` that matches its
// path, or 0 (the algorithm's own params) when none does.
std::vector<std::uint32_t> limitOfEndpoints(const std::vector<EndpointSpec>& endpoints, const std::vector<std::string>& patterns);

std::string endpointLabel(const EndpointSpec& e);  // "GET /search"

}  // namespace ratelab
