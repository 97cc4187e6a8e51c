#include "app/cli/clustertable.h"

#include <cstdio>
#include <ostream>
#include <string>

namespace ratelab::cli {
namespace {

// A decision latency: whole microseconds below 1 ms, else milliseconds with one decimal.
std::string latency(std::int64_t us)
{
    char buf[32];
    if (us < 1000)
        std::snprintf(buf, sizeof buf, "%lld us", static_cast<long long>(us));
    else
        std::snprintf(buf, sizeof buf, "%.1f ms", static_cast<double>(us) / 1000.0);
    return buf;
}

}  // namespace

void printClusterTable(const Report& report, std::ostream& out)
{
    bool any = false;
    for (const AlgorithmReport& a : report.algorithms)
        any = any || a.cluster.has_value();
    if (!any)
        return;
    char line[512];
    std::snprintf(line, sizeof line, "%-24s %9s %-14s %10s %12s %11s %13s %10s %10s %10s\n", "cluster", "instances", "store",
                  "overshoot", "wrongly rej.", "store fails", "outage a/r", "p50 decide", "p99 decide", "max decide");
    out << line;
    for (const AlgorithmReport& a : report.algorithms) {
        if (!a.cluster)
            continue;
        const ClusterStats& c = *a.cluster;
        char outage[48];
        std::snprintf(outage, sizeof outage, "%lld/%lld", static_cast<long long>(c.allowedDuringOutage),
                      static_cast<long long>(c.rejectedDuringOutage));
        std::snprintf(line, sizeof line, "%-24.24s %9lld %-14.14s %10lld %12lld %11lld %13s %10s %10s %10s\n", a.id.c_str(),
                      static_cast<long long>(c.instances), c.store.c_str(), static_cast<long long>(c.globalLimitOvershoot),
                      static_cast<long long>(c.wronglyRejected), static_cast<long long>(c.storeFailures), outage,
                      latency(c.decisionLatencyP50).c_str(), latency(c.decisionLatencyP99).c_str(),
                      latency(c.decisionLatencyMax).c_str());
        out << line;
    }
}

}  // namespace ratelab::cli
