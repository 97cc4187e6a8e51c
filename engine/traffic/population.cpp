#include "engine/traffic/population.h"

#include <algorithm>
#include <cmath>

namespace ratelab {
namespace {

std::vector<double> cumulative(const std::vector<double>& weights)
{
    std::vector<double> cdf(weights.size());
    double sum = 0;
    for (std::size_t i = 0; i < weights.size(); ++i)
        cdf[i] = (sum += weights[i]);
    for (double& c : cdf)
        c /= sum;
    return cdf;
}

std::uint32_t sample(const std::vector<double>& cdf, double u)
{
    const auto it = std::upper_bound(cdf.begin(), cdf.end(), u);
    return static_cast<std::uint32_t>(std::min<std::size_t>(it - cdf.begin(), cdf.size() - 1));
}

} // namespace

Population::Population(const PopulationSpec& spec, const std::vector<EndpointSpec>& endpoints)
    : m_endpoints(endpoints)
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
        // Deterministic assignment: client c falls in the tier its position c / N reaches.
        const auto cdf = cumulative(shares);
        for (std::uint32_t c = 0; c < clients; ++c)
            m_tierOf[c] = sample(cdf, (c + 0.5) / clients);
    }

    if (spec.popularity == Popularity::Zipf) {
        std::vector<double> weights(clients);
        for (std::uint32_t c = 0; c < clients; ++c)
            weights[c] = 1.0 / std::pow(static_cast<double>(c + 1), spec.zipfS);
        m_popularityCdf = cumulative(weights);
    }
    if (m_endpoints.empty())
        m_endpoints.push_back(EndpointSpec{});
    std::vector<double> endpointWeights;
    for (const EndpointSpec& e : m_endpoints)
        endpointWeights.push_back(e.weight);
    m_endpointCdf = cumulative(endpointWeights);
}

std::uint32_t Population::pickClient(RandomStream& rng) const
{
    if (m_popularityCdf.empty())
        return static_cast<std::uint32_t>(rng.below(m_ipOf.size()));
    return sample(m_popularityCdf, rng.uniform());
}

std::uint32_t Population::pickEndpoint(RandomStream& rng) const
{
    if (m_endpoints.size() == 1)
        return 0;
    return sample(m_endpointCdf, rng.uniform());
}

KeyId Population::keyOf(KeyStrategy strategy, std::uint32_t client, std::uint32_t endpoint) const
{
    switch (strategy) {
    case KeyStrategy::Ip: return m_ipOf[client];
    case KeyStrategy::Global: return 0;
    case KeyStrategy::Endpoint: return m_ipOf[client] * endpointCount() + endpoint;
    case KeyStrategy::User:
    case KeyStrategy::ApiKey:
    case KeyStrategy::Tiered:
    case KeyStrategy::Recorded: return client;
    }
    return client;
}

std::size_t Population::keySpace(KeyStrategy strategy) const
{
    switch (strategy) {
    case KeyStrategy::Ip: return m_ipCount;
    case KeyStrategy::Global: return 1;
    case KeyStrategy::Endpoint: return std::size_t{m_ipCount} * endpointCount();
    default: return m_ipOf.size();
    }
}

std::string Population::ipText(std::uint32_t ip) const
{
    // 10.0.0.1 onwards: a private range, one address per IP index.
    const std::uint32_t n = ip + 1;
    return "10." + std::to_string((n >> 16) & 0xFF) + "." + std::to_string((n >> 8) & 0xFF) + "."
        + std::to_string(n & 0xFF);
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
    case KeyStrategy::User: return clientName(key);
    case KeyStrategy::ApiKey: return "key-" + std::to_string(key);
    case KeyStrategy::Tiered: return m_tierNames[m_tierOf[key]] + ":" + clientName(key);
    case KeyStrategy::Recorded: return std::to_string(key);
    }
    return {};
}

} // namespace ratelab
