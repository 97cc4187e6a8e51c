#pragma once
// Traffic sources: each yields its requests in time order, seeded and deterministic.
// Kinds (scenario "traffic[].kind"): constant, poisson, onoff, diurnal, flash_crowd,
// boundary_attack, trace, log, connections (connectionsource.h). Synthetic sources pick a client by popularity and an
// endpoint by weight (the endpoint's cost is the request's cost).

#include "engine/core/keyinterner.h"
#include "engine/traffic/population.h"

#include <memory>

namespace ratelab {

class LogReader;

struct Arrival {
    SimTime t = 0;  // absolute simulation time
    std::uint32_t client = 0;
    std::uint32_t endpoint = 0;
    std::uint32_t cost = 1;
    // Trace and log replay: the key as written in the trace or imported; connections: the
    // connection's key ("user-3:conn-17"), interned in the same table.
    KeyId recordedKey = 0;
    ArrivalKind kind = ArrivalKind::Request;
};

class TrafficSource {
public:
    virtual ~TrafficSource() = default;
    // False when the source has no more requests.
    virtual bool next(Arrival& out) = 0;
    // A log source's reader, with the import counts so far; null for the other kinds.
    virtual const LogReader* logReader() const { return nullptr; }
};

// `seed` and `index` make the source's random stream (kSourceStreams + index, random.h), its
// requests start at `start`; `recordedKeys` interns keys of replayed traces.
std::unique_ptr<TrafficSource> makeSource(const SourceSpec& spec, std::uint64_t seed, SimTime start, const Population& population,
                                          std::size_t index, KeyInterner& recordedKeys);

}  // namespace ratelab
