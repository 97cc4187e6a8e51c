#include "app/cli/endpointtable.h"

#include "app/cli/numbers.h"

#include <cstdio>

namespace ratelab::cli {

void printEndpointTable(const Report& report, std::ostream& out)
{
    bool any = false;
    for (const AlgorithmReport& a : report.algorithms)
        any = any || !a.endpoints.empty();
    if (!any)
        return;
    char line[512];
    std::snprintf(line, sizeof line, "%-32s %10s %10s %10s %8s  %s\n", "by endpoint", "requests", "allowed", "rejected", "accept",
                  "limit");
    out << line;
    for (const AlgorithmReport& a : report.algorithms) {
        if (a.endpoints.empty())
            continue;
        out << a.id << "\n";
        for (const EndpointStats& e : a.endpoints) {
            const std::string accept =
                e.requests ? percent(static_cast<double>(e.allowed) / static_cast<double>(e.requests), 1) : "-";
            std::snprintf(line, sizeof line, "  %-30.30s %10lld %10lld %10lld %8s  %s\n", e.endpoint.c_str(),
                          static_cast<long long>(e.requests), static_cast<long long>(e.allowed),
                          static_cast<long long>(e.rejected), accept.c_str(),
                          e.limit.empty() ? "params" : ("per_endpoint " + e.limit).c_str());
            out << line;
        }
    }
}

}  // namespace ratelab::cli
