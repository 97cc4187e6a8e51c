#include "engine/traffic/endpointmix.h"

namespace ratelab {

bool endpointPathMatches(const std::string& pattern, const std::string& path)
{
    if (!pattern.empty() && pattern.back() == '*')
        return path.compare(0, pattern.size() - 1, pattern, 0, pattern.size() - 1) == 0;
    return pattern == path;
}

std::vector<EndpointSpec> effectiveEndpoints(const std::vector<EndpointSpec>& endpoints)
{
    return endpoints.empty() ? std::vector<EndpointSpec>{EndpointSpec{}} : endpoints;
}

int findSourceEndpoint(const std::vector<EndpointSpec>& endpoints, const SourceEndpoint& wanted)
{
    const std::vector<EndpointSpec> all = effectiveEndpoints(endpoints);
    int found = kNoSuchEndpoint;
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (all[i].path != wanted.path || (!wanted.method.empty() && all[i].method != wanted.method))
            continue;
        if (found != kNoSuchEndpoint)
            return kAmbiguousEndpoint;
        found = static_cast<int>(i);
    }
    return found;
}

std::vector<std::uint32_t> limitOfEndpoints(const std::vector<EndpointSpec>& endpoints, const std::vector<std::string>& patterns)
{
    const std::vector<EndpointSpec> all = effectiveEndpoints(endpoints);
    std::vector<std::uint32_t> limitOf(all.size(), 0);
    for (std::size_t e = 0; e < all.size(); ++e) {
        for (std::size_t p = 0; p < patterns.size(); ++p) {
            if (endpointPathMatches(patterns[p], all[e].path)) {
                limitOf[e] = static_cast<std::uint32_t>(p + 1);
                break;
            }
        }
    }
    return limitOf;
}

std::string endpointLabel(const EndpointSpec& e)
{
    return e.method + " " + e.path;
}

}  // namespace ratelab
