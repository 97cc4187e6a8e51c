#include "engine/sim/shardfilter.h"

#include <algorithm>
#include <set>

namespace ratelab {
namespace {

std::set<KeyStrategy> laneStrategies(const Scenario& scenario)
{
    std::set<KeyStrategy> strategies;
    for (const AlgorithmSpec& spec : scenario.algorithms)
        strategies.insert(spec.keys.value_or(scenario.keys));
    return strategies;
}

KeyStrategy unitOf(const std::set<KeyStrategy>& strategies)
{
    const auto only = [&](std::initializer_list<KeyStrategy> allowed) {
        return std::all_of(strategies.begin(), strategies.end(),
                           [&](KeyStrategy s) { return std::find(allowed.begin(), allowed.end(), s) != allowed.end(); });
    };
    if (only({KeyStrategy::Global}))
        return KeyStrategy::Global;
    if (only({KeyStrategy::Recorded}))
        return KeyStrategy::Recorded;
    if (strategies.count(KeyStrategy::Ip) || strategies.count(KeyStrategy::Endpoint))
        return KeyStrategy::Ip;
    if (only({KeyStrategy::ApiKey, KeyStrategy::ApiKeyEndpoint}))
        return KeyStrategy::ApiKey;
    return KeyStrategy::User;
}

}  // namespace

std::string shardProblem(const Scenario& scenario)
{
    if (scenario.cluster)
        return "a cluster couples its keys (the balancer, the shared store and its latency)";
    if (scenario.backend)
        return "its backend model's workers serve every key";
    if (hasConnections(scenario))
        return "a connections source keys each connection, not its client";
    const std::set<KeyStrategy> strategies = laneStrategies(scenario);
    if (strategies.count(KeyStrategy::Connection))
        return "a lane keys by connection";
    if (strategies.size() > 1 && strategies.count(KeyStrategy::Global))
        return "a lane keys `global` beside lanes with other keys: their shadow comparison needs every request in one "
               "shard";
    if (strategies.size() > 1 && strategies.count(KeyStrategy::Recorded))
        return "a lane keys `recorded` beside lanes with other keys: no key is common to them";
    return {};
}

ShardFilter::ShardFilter(const Scenario& scenario, const Population& population, const KeyInterner& recorded, ShardSpec shard)
    : m_population(population), m_recorded(recorded), m_shard(shard), m_unit(unitOf(laneStrategies(scenario)))
{}

std::string ShardFilter::name(KeyId unit) const
{
    if (m_unit == KeyStrategy::Recorded)
        return m_recorded.name(unit);
    return m_population.keyName(m_unit, unit);
}

}  // namespace ratelab
