#include "engine/scenario/scenariochoices.h"

#include "engine/scenario/scenarionames.h"

#include <span>

namespace ratelab {

namespace {

// "traffic[2].open.rate" -> "traffic[].open.rate": indices do not change what a field accepts.
std::string withoutIndices(std::string_view path)
{
    std::string out;
    out.reserve(path.size());
    bool inIndex = false;
    for (char c : path) {
        if (c == '[') {
            inIndex = true;
            out += "[]";
        } else if (c == ']') {
            inIndex = false;
        } else if (!inIndex) {
            out += c;
        }
    }
    return out;
}

bool endsWith(std::string_view s, std::string_view suffix)
{
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix
        && (s.size() == suffix.size() || s[s.size() - suffix.size() - 1] == '.');
}

std::vector<std::string> namesOf(std::span<const Named> table)
{
    std::vector<std::string> out;
    for (const Named& n : table)
        out.emplace_back(n.name);
    return out;
}

}  // namespace

std::vector<std::string> scenarioFieldChoices(std::string_view path)
{
    const std::string p = withoutIndices(path);
    struct Rule {
        std::string_view suffix;
        std::span<const Named> names;
    };
    // The longest suffixes first: "latency.kind" before "kind".
    static const Rule rules[] = {
        {"latency.kind", kLatencyKinds},
        {"outages[].kind", kOutageKinds},
        {"traffic[].kind", kSourceKinds},
        {"store.mode", kStoreModes},
        {"store.clock", kStoreClocks},
        {"policy.on_failure", kFailurePolicies},
        {"clients.retry", kRetryPolicies},
        {"population.popularity", kPopularities},
        {"cluster.balancer", kBalancers},
        {"changes[].state", kStatePolicies},
        {"lifetime.distribution", kLifetimeKinds},
        {"messages.pattern", kMessagePatterns},
        {"placement", kPlacements},
        {"keys", kKeyStrategies},
    };
    for (const Rule& r : rules)
        if (endsWith(p, r.suffix))
            return namesOf(r.names);
    return {};
}

}  // namespace ratelab
