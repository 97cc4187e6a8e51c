#include "engine/traffic/population.h"

#include <algorithm>
#include <cmath>

namespace ratelab {
namespace {

// Deterministic assignment: client c falls in the tier its position c / N reaches, so the
// tiers hold runs of clients in order.
std::uint32_t tierOfClient(const CdfSampler& tierOfPosition, std::uint32_t client, std::uint32_t clients)
{
    return tierOfPosition((client + 0.5) / clients);
}

}  // namespace

std::vector<std::uint32_t> clientsPerTier(const PopulationSpec& spec)
{
    const auto clients = static_cast<std::uint32_t>(std::max<std::int64_t>(1, spec.clients));
    if (spec.tiers.empty())
        return {clients};
    std::vector<double> shares;
    for (const TierSpec& t : spec.tiers)
        shares.push_back(t.share);
    const CdfSampler tierOfPosition(shares);
    // The tier grows with the client: the first client of tier t is found by bisection.
    const auto firstIn = [&](std::uint32_t tier) {
        std::uint32_t lo = 0, hi = clients;
        while (lo < hi) {
            const std::uint32_t mid = lo + (hi - lo) / 2;
            if (tierOfClient(tierOfPosition, mid, clients) < tier)
                lo = mid + 1;
            else
                hi = mid;
        }
        return lo;
    };
    std::vector<std::uint32_t> counts(spec.tiers.size());
    for (std::uint32_t t = 0; t < counts.size(); ++t)
        counts[t] = firstIn(t + 1) - firstIn(t);
    return counts;
}

Population::Population(const PopulationSpec& spec, const std::vector<EndpointSpec>& endpoints) : m_endpoints(endpoints)
{
    const auto clients = static_cast<std::uint32_t>(std::max<std::int64_t>(1, spec.clients));
    const auto natClients = static_cast<std::uint32_t>(std::clamp<std::int64_t>(spec.nat.clients, 0, clients));
    const auto natIps = static_cast<std::uint32_t>(std::max<std::int64_t>(1, spec.nat.ips));
    m_ipOf.resize(clients);
    for (std::uint32_t c = 0; c < clients; ++c)
        m_ipOf[c] = c < natClients ? c % natIps : (natClients ? natIps : 0) + (c - natClients);
    m_ipCount = (natClients ? natIps : 0) + (clients - natClients);

    m_tierOf.assign(clients, 0);
    if (spec.tiers.empty()) {
        m_tierNames = {"default"};
    } else {
        std::vector<double> shares;
        for (const TierSpec& t : spec.tiers) {
            m_tierNames.push_back(t.name);
            shares.push_back(t.share);
        }
        const CdfSampler tierOfPosition(shares);
        for (std::uint32_t c = 0; c < clients; ++c)
            m_tierOf[c] = tierOfClient(tierOfPosition, c, clients);
    }

    if (spec.popularity == Popularity::Zipf) {
        std::vector<double> weights(clients);
        for (std::uint32_t c = 0; c < clients; ++c)
            weights[c] = 1.0 / std::pow(static_cast<double>(c + 1), spec.zipfS);
        m_clientByPopularity = CdfSampler(weights);
    }
    if (m_endpoints.empty())
        m_endpoints.push_back(EndpointSpec{});
    std::vector<double> endpointWeights;
    for (const EndpointSpec& e : m_endpoints)
        endpointWeights.push_back(e.weight);
    m_endpointByWeight = CdfSampler(endpointWeights);
}

void Population::clientsAt(std::span<const double> draws, std::span<std::uint32_t> clients) const
{
    if (!m_clientByPopularity.empty()) {
        m_clientByPopularity.drawMany(draws, clients);
        return;
    }
    for (std::size_t i = 0; i < draws.size(); ++i)  // uniform, as RandomStream::below draws it
        clients[i] = static_cast<std::uint32_t>(static_cast<std::uint64_t>(draws[i] * static_cast<double>(m_ipOf.size())));
}

std::uint32_t Population::pickEndpoint(RandomStream& rng) const
{
    if (m_endpoints.size() == 1)
        return 0;
    return m_endpointByWeight(rng.uniform());
}

std::size_t Population::keySpace(KeyStrategy strategy) const
{
    switch (strategy) {
    case KeyStrategy::Ip: return m_ipCount;
    case KeyStrategy::Global: return 1;
    case KeyStrategy::Endpoint: return std::size_t{m_ipCount} * endpointCount();
    case KeyStrategy::UserEndpoint:
    case KeyStrategy::ApiKeyEndpoint: return m_ipOf.size() * endpointCount();
    default: return m_ipOf.size();
    }
}

std::string Population::ipText(std::uint32_t ip) const
{
    // 10.0.0.1 onwards: a private range, one address per IP index.
    const std::uint32_t n = ip + 1;
    return "10." + std::to_string((n >> 16) & 0xFF) + "." + std::to_string((n >> 8) & 0xFF) + "." + std::to_string(n & 0xFF);
}

std::string Population::keyName(KeyStrategy strategy, KeyId key) const
{
    switch (strategy) {
    case KeyStrategy::Ip: return "ip:" + ipText(key);
    case KeyStrategy::Global: return "global";
    case KeyStrategy::Endpoint: {
        const EndpointSpec& e = m_endpoints[key % endpointCount()];
        return ipText(key / endpointCount()) + ":" + e.method + ":" + e.path;
    }
    case KeyStrategy::UserEndpoint:
    case KeyStrategy::ApiKeyEndpoint: {
        const EndpointSpec& e = m_endpoints[key % endpointCount()];
        const std::uint32_t client = key / endpointCount();
        const std::string who = strategy == KeyStrategy::UserEndpoint ? clientName(client) : "key-" + std::to_string(client);
        return who + ":" + e.method + ":" + e.path;
    }
    case KeyStrategy::User: return clientName(key);
    case KeyStrategy::ApiKey: return "key-" + std::to_string(key);
    case KeyStrategy::Tiered: return m_tierNames[m_tierOf[key]] + ":" + clientName(key);
    case KeyStrategy::Recorded:
    case KeyStrategy::Connection: return std::to_string(key);
    }
    return {};
}

}  // namespace ratelab
