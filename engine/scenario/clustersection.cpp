#include "engine/scenario/clustersection.h"

#include <cmath>
#include <set>

namespace ratelab {

LatencySpec readDistribution(FieldReader& r, const Json& o, const std::string& path, const char* center, LatencySpec fallback)
{
    r.onlyKnown(o, path, {"kind", center, "min", "max", "sigma"});
    LatencySpec d = fallback;
    d.kind = static_cast<LatencyKind>(r.choice(o, path, "kind", kLatencyKinds, 0));
    d.rtt = r.duration(o, path, center, d.rtt);
    d.min = r.duration(o, path, "min", d.min);
    d.max = r.duration(o, path, "max", d.max);
    d.sigma = r.number(o, path, "sigma", d.sigma, 0.0, 4.0);
    if (d.max < d.min)
        r.problem(path + ".max", "must be at least min");
    return d;
}

Json distributionJson(const LatencySpec& d, const char* center)
{
    return {{"kind", nameOf(kLatencyKinds, int(d.kind))},
            {center, formatDuration(d.rtt)},
            {"min", formatDuration(d.min)},
            {"max", formatDuration(d.max)},
            {"sigma", d.sigma}};
}

StoreSpec readStore(FieldReader& r, const Json& o, const std::string& path)
{
    StoreSpec st;
    r.onlyKnown(o, path, {"mode", "clock", "latency", "sync_interval", "cas_retries", "timeout"});
    st.mode = static_cast<StoreMode>(r.choice(o, path, "mode", kStoreModes, 0));
    st.clock = static_cast<StoreClock>(r.choice(o, path, "clock", kStoreClocks, 0));
    if (o.contains("latency"))
        st.latency = readDistribution(r, o["latency"], path + ".latency", "rtt", st.latency);
    st.syncInterval = r.duration(o, path, "sync_interval", st.syncInterval);
    st.casRetries = r.integer(o, path, "cas_retries", st.casRetries, 1, 1000);
    st.timeout = r.duration(o, path, "timeout", st.timeout);
    return st;
}

PolicySpec readPolicy(FieldReader& r, const Json& o, const std::string& path)
{
    PolicySpec p;
    r.onlyKnown(o, path, {"on_failure", "breaker"});
    p.onFailure = static_cast<FailurePolicy>(r.choice(o, path, "on_failure", kFailurePolicies, 0));
    if (o.contains("breaker")) {
        r.onlyKnown(o["breaker"], path + ".breaker", {"failures", "open_for"});
        p.breakerFailures = r.integer(o["breaker"], path + ".breaker", "failures", 5, 1, 1'000'000);
        p.breakerOpenFor = r.duration(o["breaker"], path + ".breaker", "open_for", p.breakerOpenFor);
    }
    return p;
}

ClusterSpec readCluster(FieldReader& r, const Json& o)
{
    ClusterSpec c;
    r.onlyKnown(o, "cluster", {"instances", "balancer", "clocks", "store", "outages", "policy"});
    c.instances = r.integer(o, "cluster", "instances", 1, 1, 10'000);
    c.balancer = static_cast<Balancer>(r.choice(o, "cluster", "balancer", kBalancers, 0));
    const Json& clocks = r.array(o, "cluster", "clocks");
    std::set<std::int64_t> clocked;
    for (std::size_t i = 0; i < clocks.size(); ++i) {
        const std::string path = pathAt("cluster.clocks", i);
        r.onlyKnown(clocks[i], path, {"instance", "offset", "drift_ppm", "steps"});
        const std::size_t before = r.count();
        const std::int64_t instance = r.integer(clocks[i], path, "instance", static_cast<std::int64_t>(i), 0, c.instances - 1);
        ClockSpec clock;
        clock.offset = r.signedDuration(clocks[i], path, "offset");
        clock.driftPpm = r.number(clocks[i], path, "drift_ppm", 0.0, -1e6, 1e6);
        const Json& steps = r.array(clocks[i], path, "steps");
        for (std::size_t k = 0; k < steps.size(); ++k) {
            const std::string spath = pathAt(path + ".steps", k);
            r.onlyKnown(steps[k], spath, {"at", "by"});
            clock.steps.push_back({r.duration(steps[k], spath, "at", 0, 0), r.signedDuration(steps[k], spath, "by")});
        }
        if (r.count() != before)
            continue;
        if (instance >= c.instances) {  // the position, without an "instance" field
            r.problem(path,
                      "there is no instance " + std::to_string(instance) + ": the cluster has " + std::to_string(c.instances)
                          + (c.instances == 1 ? " instance" : " instances"));
        } else if (!clocked.insert(instance).second) {
            r.problem(path + ".instance", "instance " + std::to_string(instance) + " has a clock already");
        } else {
            if (static_cast<std::int64_t>(c.clocks.size()) <= instance)
                c.clocks.resize(static_cast<std::size_t>(instance + 1));
            // The valid range: how far this clock can ever be from true time.
            double reach =
                std::abs(static_cast<double>(clock.offset)) + std::abs(clock.driftPpm) * 1e-6 * static_cast<double>(kMaxTimeUs);
            for (const ClockStep& step : clock.steps)
                reach += std::abs(static_cast<double>(step.by));
            if (reach > static_cast<double>(kMaxDurationUs))
                r.problem(path,
                          "offset, steps and drift may move this clock by more than " + formatDuration(kMaxDurationUs)
                              + " (2^50 us, the valid range of durations)");
            c.clocks[static_cast<std::size_t>(instance)] = std::move(clock);
        }
    }
    if (o.contains("store"))
        c.store = readStore(r, o["store"], "cluster.store");
    {
        const Json& outages = r.array(o, "cluster", "outages");
        for (std::size_t i = 0; i < outages.size(); ++i) {
            const std::string path = pathAt("cluster.outages", i);
            r.onlyKnown(outages[i], path, {"from", "to", "kind", "extra_latency", "flap", "instances"});
            OutageSpec out;
            const std::size_t before = r.count();
            out.from = r.duration(outages[i], path, "from", 0, 0);
            out.to = r.duration(outages[i], path, "to", 0, 0);
            if (r.count() == before && out.to <= out.from)
                r.problem(path + ".to", "must be after from");
            out.kind = static_cast<OutageKind>(r.choice(outages[i], path, "kind", kOutageKinds, 0));
            out.extraLatency = r.duration(outages[i], path, "extra_latency", out.extraLatency);
            out.flap = r.duration(outages[i], path, "flap", out.flap);
            for (const Json& v : r.array(outages[i], path, "instances")) {
                if (!v.is_number_integer() || v.get<std::int64_t>() < 0 || v.get<std::int64_t>() >= c.instances)
                    r.problem(path + ".instances", "must list instance numbers from 0 to " + std::to_string(c.instances - 1));
                else
                    out.instances.push_back(v.get<std::int64_t>());
            }
            c.outages.push_back(out);
        }
    }
    if (o.contains("policy"))
        c.policy = readPolicy(r, o["policy"], "cluster.policy");
    return c;
}

Json storeJson(const StoreSpec& st)
{
    return {{"mode", nameOf(kStoreModes, int(st.mode))},
            {"clock", nameOf(kStoreClocks, int(st.clock))},
            {"latency", distributionJson(st.latency, "rtt")},
            {"sync_interval", formatDuration(st.syncInterval)},
            {"cas_retries", st.casRetries},
            {"timeout", formatDuration(st.timeout)}};
}

Json policyJson(const PolicySpec& p)
{
    Json j = {{"on_failure", nameOf(kFailurePolicies, int(p.onFailure))}};
    if (p.breakerFailures)
        j["breaker"] = {{"failures", *p.breakerFailures}, {"open_for", formatDuration(p.breakerOpenFor)}};
    return j;
}

Json clusterJson(const ClusterSpec& c)
{
    Json j = {{"instances", c.instances}, {"balancer", nameOf(kBalancers, int(c.balancer))}};
    for (std::size_t i = 0; i < c.clocks.size(); ++i) {
        Json clock = {{"instance", i}, {"offset", formatDuration(c.clocks[i].offset)}, {"drift_ppm", c.clocks[i].driftPpm}};
        for (const ClockStep& st : c.clocks[i].steps)
            clock["steps"].push_back({{"at", formatDuration(st.at)}, {"by", formatDuration(st.by)}});
        j["clocks"].push_back(clock);
    }
    j["store"] = storeJson(c.store);
    for (const OutageSpec& o : c.outages) {
        Json out = {{"from", formatDuration(o.from)},
                    {"to", formatDuration(o.to)},
                    {"kind", nameOf(kOutageKinds, int(o.kind))},
                    {"extra_latency", formatDuration(o.extraLatency)},
                    {"flap", formatDuration(o.flap)}};
        if (!o.instances.empty())
            out["instances"] = o.instances;
        j["outages"].push_back(out);
    }
    j["policy"] = policyJson(c.policy);
    return j;
}

}  // namespace ratelab
