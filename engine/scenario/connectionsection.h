#pragma once
// The JSON of persistent connections: a connections source's "open", "lifetime" and "messages"
// (traffic/trafficspec.h ConnectionSpec), and an algorithm's "applies_to" (which arrivals it
// decides: requests, handshakes, messages), read with every problem's path and written back.
// Internal to engine/scenario/.

#include "engine/scenario/fieldreader.h"

namespace ratelab {

// The connection fields of the source at `path` into `spec`.
void readConnections(FieldReader& r, const Json& t, const std::string& path, ConnectionSpec& spec);
// The same fields, added to `t`.
void writeConnections(const ConnectionSpec& spec, Json& t);

// An algorithm's "applies_to": a non-empty array of distinct "requests", "handshakes",
// "messages"; absent, every kind.
ArrivalKinds readAppliesTo(FieldReader& r, const Json& a, const std::string& path);
// The array, or null for every kind (then the field is left out).
Json appliesToJson(ArrivalKinds kinds);

}  // namespace ratelab
