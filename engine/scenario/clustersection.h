#pragma once
// The scenario's "cluster" section (cluster/clusterspec.h), and the store and failure policy
// an algorithm may override, read from JSON with every problem's path and written back.
// Internal to engine/scenario/.

#include "engine/scenario/fieldreader.h"

namespace ratelab {

// A distribution of durations (constant, uniform, lognormal): `center` names the field of the
// constant value and the lognormal median ("rtt" for a store's round trip).
LatencySpec readDistribution(FieldReader& r, const Json& o, const std::string& path, const char* center, LatencySpec fallback);
Json distributionJson(const LatencySpec& d, const char* center);

ClusterSpec readCluster(FieldReader& r, const Json& o);
StoreSpec readStore(FieldReader& r, const Json& o, const std::string& path);
PolicySpec readPolicy(FieldReader& r, const Json& o, const std::string& path);

Json clusterJson(const ClusterSpec& c);
Json storeJson(const StoreSpec& st);
Json policyJson(const PolicySpec& p);

}  // namespace ratelab
