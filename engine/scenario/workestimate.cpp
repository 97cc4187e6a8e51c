#include "engine/scenario/workestimate.h"

#include "engine/algorithms/catalog/catalog.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ratelab {
namespace {

double perMicro(const Rate& rate)
{
    return static_cast<double>(rate.num) / static_cast<double>(rate.den);
}

// A connections source's handshakes and messages: each connection's handshake and its mean
// lifetime's messages (at most the run's), the messages thinned by a burst pattern's off time.
double connectionRequests(const ConnectionSpec& c, double span)
{
    const double connections = c.openRate ? perMicro(*c.openRate) * span : static_cast<double>(c.count);
    const double lifetime = c.lifetime == LifetimeKind::Uniform
        ? (static_cast<double>(c.lifetimeUs) + static_cast<double>(c.lifetimeMaxUs)) / 2
        : static_cast<double>(c.lifetimeUs);
    double messages = perMicro(c.messageRate) * std::min(lifetime, span);
    if (c.pattern == MessagePattern::Bursty)
        messages *= static_cast<double>(c.on) / (static_cast<double>(c.on) + static_cast<double>(c.off));
    return connections * (1 + messages);
}

// Requests one source generates in [0, duration).
double sourceRequests(const SourceSpec& src, Duration duration)
{
    const auto span = static_cast<double>(duration);
    switch (src.kind) {
    case SourceKind::Constant:
    case SourceKind::Poisson:
    case SourceKind::Diurnal:  // the mean rate
        return perMicro(src.rate) * span;
    case SourceKind::OnOff:
        return perMicro(src.rate) * span * static_cast<double>(src.on)
            / (static_cast<double>(src.on) + static_cast<double>(src.off));
    case SourceKind::FlashCrowd: {
        // The base rate throughout, and the crowd's extra: half the ramp, the hold, half the
        // decay (at most the whole run at the peak).
        const double extra = src.peak ? perMicro(*src.peak) - perMicro(src.rate) : 0.0;
        const double crowd =
            extra * (static_cast<double>(src.ramp) / 2 + static_cast<double>(src.hold) + static_cast<double>(src.decay) / 2);
        return std::min(perMicro(src.rate) * span + crowd, (perMicro(src.rate) + extra) * span);
    }
    case SourceKind::BoundaryAttack:
        return 2.0 * static_cast<double>(src.count) * (std::floor(span / static_cast<double>(src.period)) + 1);
    case SourceKind::Trace:
    case SourceKind::Log: return 0;
    case SourceKind::Connections: return connectionRequests(src.connections, span);
    }
    return 0;
}

// 1234567 -> "1,234,567"; beyond 10^15, "1.2e+18".
std::string grouped(double value)
{
    if (value >= 1e15) {
        char text[32];
        std::snprintf(text, sizeof text, "%.2g", value);
        return text;
    }
    const std::string digits = std::to_string(std::llround(value));
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return out;
}

// 3.1 GiB, 512 MiB
std::string gibibytes(double bytes)
{
    char text[32];
    if (bytes >= (1 << 30))
        std::snprintf(text, sizeof text, "%.1f GiB", bytes / (1 << 30));
    else
        std::snprintf(text, sizeof text, "%.0f MiB", bytes / (1 << 20));
    return text;
}

// How many keys a strategy can name over `clients` clients and `endpoints` endpoints (an IP
// per client at most).
double keySpace(KeyStrategy keys, double clients, double endpoints)
{
    switch (keys) {
    case KeyStrategy::Global: return 1;
    case KeyStrategy::Endpoint:
    case KeyStrategy::UserEndpoint:
    case KeyStrategy::ApiKeyEndpoint: return clients * endpoints;
    case KeyStrategy::Recorded:
    case KeyStrategy::Connection: return 0;  // the file's or the connections', not the population's
    default: return clients;
    }
}

// What one key costs a lane at most: the state of each of its limiters, the key's live-key
// expiry and its counters, each array twice over while it grows (the old copy and the new).
constexpr double kTrackedBytesPerKey = 8 + 8;
constexpr double kGrowth = 2;

}  // namespace

MemoryEstimate estimateMemory(const Scenario& scenario)
{
    MemoryEstimate estimate;
    const auto clients = static_cast<double>(scenario.population.clients);
    const double endpoints = std::max<double>(1, static_cast<double>(scenario.endpoints.size()));
    // Address and tier per client; with Zipf popularity the cumulative shares and their guide,
    // and the weights they are built from.
    estimate.populationBytes = clients * (4 + 4 + (scenario.population.popularity == Popularity::Zipf ? 8 + 4 + 8 : 0));
    const double instances = scenario.cluster ? static_cast<double>(scenario.cluster->instances) : 0;
    for (std::size_t i = 0; i < scenario.algorithms.size(); ++i) {
        const AlgorithmSpec& spec = scenario.algorithms[i];
        const KeyStrategy keys = spec.keys.value_or(scenario.keys);
        const double space = keySpace(keys, clients, endpoints);
        double limiters = keys == KeyStrategy::Tiered ? std::max<double>(1, static_cast<double>(scenario.population.tiers.size()))
                                                      : 1 + static_cast<double>(spec.endpointLimits.size());
        double stateBytes = 0;
        try {
            stateBytes = static_cast<double>(makeLimiter(spec.algorithm, spec.params).limiter->stateBytesPerKey());
        } catch (const std::exception&) {
            continue;  // validation names the problem
        }
        limiters *= 1 + instances;  // in a cluster, a copy per instance at most (local and fallback limiters)
        double bytes = space * kGrowth * (stateBytes * limiters + kTrackedBytesPerKey);
        if (keys != KeyStrategy::Recorded)
            bytes += clients;  // the client-fairness flags
        if (keyGathersClients(keys))
            bytes += clients * kGrowth * stateBytes * limiters;  // each limiter's twin keyed by client
        estimate.laneBytes += bytes;
        if (bytes > estimate.largestLaneBytes) {
            estimate.largestLaneBytes = bytes;
            estimate.largestLane = i;
            estimate.largestLaneKeys = space;
        }
    }
    return estimate;
}

WorkEstimate estimateWork(const Scenario& scenario)
{
    WorkEstimate estimate;
    estimate.algorithms = scenario.algorithms.size();
    for (std::size_t i = 0; i < scenario.traffic.size(); ++i) {
        const double requests = sourceRequests(scenario.traffic[i], scenario.duration);
        estimate.requests += requests;
        if (requests > estimate.largestRequests) {
            estimate.largestRequests = requests;
            estimate.largestSource = i;
        }
    }
    return estimate;
}

std::optional<ScenarioProblem> workOverCap(const Scenario& scenario)
{
    const WorkEstimate estimate = estimateWork(scenario);
    if (estimate.decisions() <= kMaxDecisions) {
        const MemoryEstimate memory = estimateMemory(scenario);
        if (memory.bytes() <= kMaxStateBytes)
            return std::nullopt;
        const AlgorithmSpec& largest = scenario.algorithms[memory.largestLane];
        return ScenarioProblem{
            "population.clients",
            "about " + gibibytes(memory.bytes()) + " of state for " + grouped(static_cast<double>(scenario.population.clients))
                + " clients, whatever the requests (algorithms[" + std::to_string(memory.largestLane) + "] "
                + (largest.id.empty() ? largest.algorithm : largest.id) + " alone " + gibibytes(memory.largestLaneBytes) + " for "
                + grouped(memory.largestLaneKeys) + " keys), over the cap of " + gibibytes(kMaxStateBytes)};
    }
    const std::string source = "traffic[" + std::to_string(estimate.largestSource) + "]";
    return ScenarioProblem{"traffic",
                           "about " + grouped(estimate.requests) + " requests in " + formatDuration(scenario.duration) + " ("
                               + source + " alone " + grouped(estimate.largestRequests) + ") x "
                               + std::to_string(estimate.algorithms) + (estimate.algorithms == 1 ? " algorithm" : " algorithms")
                               + " = " + grouped(estimate.decisions()) + " decisions, over the cap of " + grouped(kMaxDecisions)};
}

}  // namespace ratelab
