#pragma once
// The traffic part of a scenario (design.md section 4): the clients behind it (population,
// NAT, tiers), the endpoints they call, the sources that send their requests, how a request
// becomes a rate-limit key and how a rejected client retries. Plain structs; scenarioio.h
// loads, validates and saves them with the rest of the scenario.

#include "engine/core/simtime.h"
#include "engine/core/units.h"
#include "engine/logs/logoptions.h"

#include <optional>
#include <string>
#include <vector>

namespace ratelab {

// How a request is turned into a rate-limit key.
enum class KeyStrategy {
    Ip,              // the client's IP (clients behind NAT share one)
    User,            // the client (one user per client)
    ApiKey,          // the client's API key (one per client)
    Global,          // one key for everything
    Endpoint,        // ip:method:path
    Tiered,          // tier:user, with a limit per tier
    Recorded,        // the key as written in a replayed trace, or as imported from a replayed log
    Connection,      // each persistent connection its own key (connections sources only)
    UserEndpoint,    // user:method:path, one key per client and endpoint
    ApiKeyEndpoint,  // key:method:path, one key per API key and endpoint
};

// Whether keys of the strategy gather several clients (so that one client may be wrongly
// throttled behind another: clientfairness.h); also whether a lane keeps each limiter's twin
// keyed by client (lanelimits.h).
inline bool keyGathersClients(KeyStrategy keys)
{
    return keys == KeyStrategy::Ip || keys == KeyStrategy::Global || keys == KeyStrategy::Endpoint;
}

enum class Popularity { Uniform, Zipf };

// What an arrival is: a plain request, or, from a connections source, the handshake that
// opens a connection or a message on an open one.
enum class ArrivalKind : std::uint8_t { Request, Handshake, Message };

// A set of arrival kinds, one bit each: which arrivals a limit decides.
using ArrivalKinds = std::uint8_t;
constexpr ArrivalKinds kindBit(ArrivalKind kind)
{
    return static_cast<ArrivalKinds>(1u << static_cast<unsigned>(kind));
}
inline constexpr ArrivalKinds kEveryArrivalKind = 0b111;

struct TierSpec {
    std::string name;
    double share = 1.0;  // share of clients in this tier
};

struct NatSpec {
    std::int64_t clients = 0;  // the first `clients` clients ...
    std::int64_t ips = 1;      // ... share this many IPs
};

struct PopulationSpec {
    std::int64_t clients = 100;
    Popularity popularity = Popularity::Uniform;
    double zipfS = 1.1;
    NatSpec nat;
    std::vector<TierSpec> tiers;  // empty: one tier "default"
};

struct EndpointSpec {
    std::string method = "GET";
    std::string path = "/";
    double weight = 1.0;
    std::int64_t cost = 1;
};

// A source's own endpoint mix: an endpoint of the scenario (by path, and by method where two
// share the path) with this source's weight for it.
struct SourceEndpoint {
    std::string method;  // empty: the one endpoint with this path
    std::string path;
    double weight = 1.0;
};

enum class SourceKind { Constant, Poisson, OnOff, Diurnal, FlashCrowd, BoundaryAttack, Trace, Log, Connections };

// A connections source (WebSocket and other persistent connections): when connections open,
// how long each lives, and the messages each sends while open.
enum class LifetimeKind { Fixed, Exponential, Uniform };
enum class MessagePattern { Steady, Poisson, Bursty };

struct ConnectionSpec {
    std::optional<Rate> openRate;  // connections open as a Poisson process at this rate ...
    std::int64_t count = 0;        // ... or `count` of them, the first at `at`, one every `every`
    Duration at = 0;               // from the scenario start
    Duration every = 0;
    LifetimeKind lifetime = LifetimeKind::Fixed;
    Duration lifetimeUs = 60'000'000;  // fixed: the lifetime; exponential: the mean; uniform: the minimum
    Duration lifetimeMaxUs = 0;        // uniform: the maximum
    MessagePattern pattern = MessagePattern::Steady;
    Rate messageRate;          // steady and poisson: the rate; bursty: the rate while on
    Duration on = 0, off = 0;  // bursty: on for `on`, silent for `off`, from the handshake
};

struct SourceSpec {
    SourceKind kind = SourceKind::Poisson;
    std::string label;
    Rate rate;                               // constant, poisson, onoff (on), diurnal (mean), flash (base)
    std::optional<Rate> peak;                // diurnal peak, flash crowd peak
    Duration on = 0, off = 0;                // onoff
    Duration period = 0;                     // diurnal period; boundary attack: every `period`
    SimTime at = 0;                          // flash crowd start (from the scenario start)
    Duration ramp = 0, hold = 0, decay = 0;  // flash crowd shape
    Duration window = 0;                     // boundary attack: the attacked window length
    std::int64_t count = 0;                  // boundary attack: requests on each side of a boundary
    Duration spread = 0;                     // boundary attack: how close to the boundary
    std::optional<std::int64_t> client;      // a fixed client (the attacker), else by popularity
    std::vector<SourceEndpoint> endpoints;   // synthetic sources: own endpoint weights; empty: the scenario's
    std::string file;                        // trace and log replay
    std::vector<LogOption> logOptions;       // log replay: format, key, look_back, ... (logoptions.h)
    ConnectionSpec connections;              // connections
};

enum class RetryPolicy { None, Immediate, RetryAfter, Backoff };

struct ClientBehaviour {
    RetryPolicy retry = RetryPolicy::None;
    std::int64_t maxRetries = 5;
    Duration delay = 10'000;         // immediate: the client's turnaround
    Duration backoffBase = 100'000;  // backoff: first delay (full jitter)
    Duration backoffCap = 10'000'000;
};

}  // namespace ratelab
