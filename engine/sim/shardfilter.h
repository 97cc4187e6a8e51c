#pragma once
// `--shard i/N`: the part of a run whose keys fall in shard i. Every shard generates the
// whole traffic (the same seed, the same sources) and keeps the fresh requests whose shard
// key hashes into it (core/shard.h); a kept request's retries stay in its lane, under its key.
//
// The shard key is the coarsest key every lane's key determines, so that a request is in the
// same shard for every lane (the shadow comparison pairs lanes on the same requests) and a
// client's keys are all in one shard (its clients figures count each client once):
//   - the IP ("ip:10.0.0.7") when a lane keys by `ip` or `endpoint` (clients behind one NAT
//     address stay together);
//   - the API key ("key-3") when every lane keys by `api_key` or `api_key_endpoint`;
//   - else the user ("user-3") for `user`, `tiered`, `user_endpoint` (and `api_key` mixed
//     with them: one API key per client);
//   - the recorded key when every lane keys by `recorded` (traces and logs);
//   - `global` when every lane keys by `global`: the whole run is shard 0's, the others
//     decide nothing.
// A scenario whose keys are not independent is refused (shardProblem): a cluster (the
// balancer and the store couple keys), a backend model (its workers serve every key), a
// connections source, and `global` or `recorded` lanes mixed with others.

#include "engine/core/growtohold.h"
#include "engine/core/keyinterner.h"
#include "engine/core/shard.h"
#include "engine/scenario/scenario.h"
#include "engine/traffic/population.h"
#include "engine/traffic/source.h"

#include <string>
#include <vector>

namespace ratelab {

// Why the scenario cannot be split by key, or empty.
std::string shardProblem(const Scenario& scenario);

class ShardFilter {
public:
    // For a scenario without a shardProblem.
    ShardFilter(const Scenario& scenario, const Population& population, const KeyInterner& recorded, ShardSpec shard);

    // Whether the fresh request belongs to this shard.
    bool keep(const Arrival& a)
    {
        if (m_unit == KeyStrategy::Global)
            return m_shard.index == 0;
        const KeyId unit = m_unit == KeyStrategy::Recorded ? a.recordedKey : m_population.keyOf(m_unit, a.client, a.endpoint);
        growToHold(m_cache, unit, kUnknown);
        if (m_cache[unit] == kUnknown)
            m_cache[unit] = shardOfKey(name(unit), m_shard.count) == m_shard.index ? 1 : 0;
        return m_cache[unit] == 1;
    }
    // The key strategy whose key names are hashed ("user", "ip", ...).
    KeyStrategy unit() const { return m_unit; }

private:
    static constexpr std::uint8_t kUnknown = 2;
    std::string name(KeyId unit) const;

    const Population& m_population;
    const KeyInterner& m_recorded;
    ShardSpec m_shard;
    KeyStrategy m_unit;
    std::vector<std::uint8_t> m_cache;  // per unit id: 1 in this shard, 0 not, kUnknown not yet hashed
};

}  // namespace ratelab
