#pragma once
// How a lane turns a request into its rate-limit key, and names a key: by the lane's key
// strategy through the population, or as recorded in a replayed trace or log, or as the
// connection a connections source interned. Every lane,
// single-instance or cluster, keys its requests this way.

#include "engine/core/keyinterner.h"
#include "engine/traffic/population.h"
#include "engine/traffic/source.h"

#include <string>

namespace ratelab {

class LaneKeys {
public:
    LaneKeys(KeyStrategy strategy, const Population& population, const KeyInterner& recorded)
        : m_strategy(strategy), m_population(population), m_recorded(recorded)
    {}

    KeyStrategy strategy() const { return m_strategy; }

    KeyId keyOf(const Arrival& a) const
    {
        if (m_strategy == KeyStrategy::Recorded || m_strategy == KeyStrategy::Connection)
            return a.recordedKey;
        return m_population.keyOf(m_strategy, a.client, a.endpoint);
    }

    // A recorded or connection key's name is read from the interner the traffic grows: call
    // it on the thread that reads the traffic, or once the traffic is all read (runner.cpp).
    std::string name(KeyId key) const
    {
        if (m_strategy == KeyStrategy::Recorded || m_strategy == KeyStrategy::Connection)
            return m_recorded.name(key);
        return m_population.keyName(m_strategy, key);
    }

private:
    KeyStrategy m_strategy;
    const Population& m_population;
    const KeyInterner& m_recorded;
};

}  // namespace ratelab
