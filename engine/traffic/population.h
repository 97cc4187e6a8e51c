#pragma once
// The clients behind the traffic: each client is a real user with an IP (clients behind a
// NAT share one), an API key, a tier, and a popularity weight (uniform or Zipf) that decides
// how often a source picks it. Also names keys for each key strategy.

#include "engine/core/random.h"
#include "engine/traffic/cdfsampler.h"
#include "engine/traffic/trafficspec.h"

#include <span>
#include <string>
#include <vector>

namespace ratelab {

// How many clients each tier of `spec` gets, as Population assigns them, without building the
// population: a tier whose share is too small for one client has none. The tiers' shares
// must not all be 0.
std::vector<std::uint32_t> clientsPerTier(const PopulationSpec& spec);

class Population {
public:
    Population(const PopulationSpec& spec, const std::vector<EndpointSpec>& endpoints);

    std::uint32_t clients() const { return static_cast<std::uint32_t>(m_ipOf.size()); }
    std::uint32_t ips() const { return m_ipCount; }
    std::uint32_t ipOf(std::uint32_t client) const { return m_ipOf[client]; }
    std::uint32_t tierOf(std::uint32_t client) const { return m_tierOf[client]; }
    std::size_t tierCount() const { return m_tierNames.size(); }
    const std::string& tierName(std::size_t tier) const { return m_tierNames[tier]; }

    // The clients that uniform draws in [0, 1) pick by popularity, one per draw.
    void clientsAt(std::span<const double> draws, std::span<std::uint32_t> clients) const;
    // An endpoint drawn by weight.
    std::uint32_t pickEndpoint(RandomStream& rng) const;
    std::int64_t endpointCost(std::uint32_t endpoint) const { return m_endpoints[endpoint].cost; }
    std::uint32_t endpointCount() const { return static_cast<std::uint32_t>(m_endpoints.size()); }
    const std::vector<EndpointSpec>& endpoints() const { return m_endpoints; }

    // The rate-limit key of a request under a strategy (not Recorded nor Connection, whose keys
    // the sources intern), as a dense id ...
    KeyId keyOf(KeyStrategy strategy, std::uint32_t client, std::uint32_t endpoint) const
    {
        switch (strategy) {
        case KeyStrategy::Ip: return m_ipOf[client];
        case KeyStrategy::Global: return 0;
        case KeyStrategy::Endpoint: return m_ipOf[client] * endpointCount() + endpoint;
        case KeyStrategy::UserEndpoint:
        case KeyStrategy::ApiKeyEndpoint: return client * endpointCount() + endpoint;
        case KeyStrategy::User:
        case KeyStrategy::ApiKey:
        case KeyStrategy::Tiered:
        case KeyStrategy::Recorded:
        case KeyStrategy::Connection: return client;
        }
        return client;
    }
    // ... how many such ids exist, and the key's name ("ip:10.0.0.7", "free:user-3").
    std::size_t keySpace(KeyStrategy strategy) const;
    std::string keyName(KeyStrategy strategy, KeyId key) const;
    std::string clientName(std::uint32_t client) const { return "user-" + std::to_string(client); }

private:
    std::string ipText(std::uint32_t ip) const;

    std::vector<std::uint32_t> m_ipOf;
    std::vector<std::uint32_t> m_tierOf;
    std::uint32_t m_ipCount = 0;
    std::vector<std::string> m_tierNames;
    CdfSampler m_clientByPopularity;  // empty: uniform
    std::vector<EndpointSpec> m_endpoints;
    CdfSampler m_endpointByWeight;
};

}  // namespace ratelab
