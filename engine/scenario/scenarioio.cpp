#include "engine/scenario/scenarioio.h"

#include "engine/algorithms/statetransfer.h"
#include "engine/core/cliptext.h"
#include "engine/core/inputfile.h"
#include "engine/core/units.h"
#include "engine/logs/importoptions.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

namespace ratelab {

using Json = nlohmann::json;

namespace {

struct Named {
    const char* name;
    int value;
};

constexpr Named kKeyStrategies[] = {
    {"ip", int(KeyStrategy::Ip)},         {"user", int(KeyStrategy::User)},
    {"api_key", int(KeyStrategy::ApiKey)}, {"global", int(KeyStrategy::Global)},
    {"endpoint", int(KeyStrategy::Endpoint)}, {"tiered", int(KeyStrategy::Tiered)},
    {"recorded", int(KeyStrategy::Recorded)},
};
constexpr Named kSourceKinds[] = {
    {"constant", int(SourceKind::Constant)},     {"poisson", int(SourceKind::Poisson)},
    {"onoff", int(SourceKind::OnOff)},           {"diurnal", int(SourceKind::Diurnal)},
    {"flash_crowd", int(SourceKind::FlashCrowd)}, {"boundary_attack", int(SourceKind::BoundaryAttack)},
    {"trace", int(SourceKind::Trace)},           {"log", int(SourceKind::Log)},
};
constexpr Named kRetryPolicies[] = {
    {"none", int(RetryPolicy::None)},
    {"immediate", int(RetryPolicy::Immediate)},
    {"retry_after", int(RetryPolicy::RetryAfter)},
    {"backoff", int(RetryPolicy::Backoff)},
};
constexpr Named kPlacements[] = {{"before", int(Placement::Before)}, {"after", int(Placement::After)}};
constexpr Named kStatePolicies[] = {
    {"keep", int(StatePolicy::Keep)}, {"scale", int(StatePolicy::Scale)}, {"reset", int(StatePolicy::Reset)}};
constexpr Named kBalancers[] = {{"round_robin", int(Balancer::RoundRobin)}, {"random", int(Balancer::Random)},
                                {"hash", int(Balancer::Hash)}, {"least_loaded", int(Balancer::LeastLoaded)}};
constexpr Named kStoreModes[] = {{"local", int(StoreMode::Local)},           {"redis_atomic", int(StoreMode::RedisAtomic)},
                                 {"redis_get_set", int(StoreMode::RedisGetSet)}, {"local_sync", int(StoreMode::LocalSync)},
                                 {"cas", int(StoreMode::Cas)},               {"sql_row_lock", int(StoreMode::SqlRowLock)}};
constexpr Named kStoreClocks[] = {{"instance", int(StoreClock::Instance)}, {"store", int(StoreClock::Store)}};
constexpr Named kLatencyKinds[] = {{"constant", int(LatencyKind::Constant)}, {"uniform", int(LatencyKind::Uniform)},
                                   {"lognormal", int(LatencyKind::LogNormal)}};
constexpr Named kOutageKinds[] = {{"down", int(OutageKind::Down)}, {"slow", int(OutageKind::Slow)},
                                  {"flapping", int(OutageKind::Flapping)}};
constexpr Named kFailurePolicies[] = {{"fail_open", int(FailurePolicy::FailOpen)},
                                      {"fail_closed", int(FailurePolicy::FailClosed)},
                                      {"local_fallback", int(FailurePolicy::LocalFallback)}};
constexpr Named kPopularities[] = {{"uniform", int(Popularity::Uniform)}, {"zipf", int(Popularity::Zipf)}};

template <std::size_t N>
const char* nameOf(const Named (&table)[N], int value)
{
    for (const Named& n : table) {
        if (n.value == value)
            return n.name;
    }
    return "";
}

// Reads one JSON object field by field, collecting problems with their paths.
class Reader {
public:
    Reader(std::vector<ScenarioProblem>& problems) : m_problems(problems) {}

    void problem(const std::string& path, const std::string& message) { m_problems.push_back({path, message}); }

    // Complains about fields not in `known`.
    void onlyKnown(const Json& object, const std::string& path, std::initializer_list<const char*> known)
    {
        onlyKnown(object, path, std::vector<std::string_view>(known.begin(), known.end()));
    }

    void onlyKnown(const Json& object, const std::string& path, const std::vector<std::string_view>& known)
    {
        if (!object.is_object()) {
            problem(path, "must be an object");
            return;
        }
        for (const auto& [name, value] : object.items()) {
            (void)value;
            if (std::find(known.begin(), known.end(), name) == known.end())
                problem(join(path, name), "unknown field");
        }
    }

    static std::string join(const std::string& path, const std::string& field)
    {
        return path.empty() ? field : path + "." + field;
    }

    std::string text(const Json& o, const std::string& path, const char* field, const std::string& fallback)
    {
        if (!o.contains(field))
            return fallback;
        if (!o[field].is_string()) {
            problem(join(path, field), "must be a string");
            return fallback;
        }
        return o[field].get<std::string>();
    }

    std::int64_t integer(const Json& o, const std::string& path, const char* field, std::int64_t fallback,
                         std::int64_t min, std::int64_t max = std::numeric_limits<std::int64_t>::max())
    {
        if (!o.contains(field))
            return fallback;
        const Json& v = o[field];
        if (!v.is_number_integer()) {
            problem(join(path, field), "must be an integer");
            return fallback;
        }
        const auto value = v.get<std::int64_t>();
        if (value < min)
            problem(join(path, field), "must be >= " + std::to_string(min));
        else if (value > max)
            problem(join(path, field), "must be <= " + std::to_string(max));
        return value;
    }

    double number(const Json& o, const std::string& path, const char* field, double fallback, double min)
    {
        if (!o.contains(field))
            return fallback;
        if (!o[field].is_number()) {
            problem(join(path, field), "must be a number");
            return fallback;
        }
        const double value = o[field].get<double>();
        if (!(value >= min))
            problem(join(path, field), "must be >= " + std::to_string(min));
        return value;
    }

    Duration duration(const Json& o, const std::string& path, const char* field, Duration fallback, Duration min = 1)
    {
        if (!o.contains(field))
            return fallback;
        if (!o[field].is_string()) {
            problem(join(path, field), "must be a duration string like \"250ms\" or \"60s\"");
            return fallback;
        }
        std::string error;
        const auto value = parseDuration(o[field].get<std::string>(), error);
        if (!value) {
            problem(join(path, field), error);
            return fallback;
        }
        if (*value < min)
            problem(join(path, field), "must be at least " + formatDuration(min));
        return *value;
    }

    Duration signedDuration(const Json& o, const std::string& path, const char* field)
    {
        if (!o.contains(field))
            return 0;
        std::string error;
        const auto value = o[field].is_string() ? parseSignedDuration(o[field].get<std::string>(), error) : std::nullopt;
        if (!value) {
            problem(join(path, field), error.empty() ? "must be a duration string like \"-250ms\"" : error);
            return 0;
        }
        return *value;
    }

    std::optional<Rate> rate(const Json& o, const std::string& path, const char* field, bool required)
    {
        if (!o.contains(field)) {
            if (required)
                problem(join(path, field), "missing: a rate like \"100/s\"");
            return std::nullopt;
        }
        if (!o[field].is_string()) {
            problem(join(path, field), "must be a rate string like \"100/s\"");
            return std::nullopt;
        }
        std::string error;
        auto value = parseRate(o[field].get<std::string>(), error);
        if (!value)
            problem(join(path, field), error);
        return value;
    }

    template <std::size_t N>
    int choice(const Json& o, const std::string& path, const char* field, const Named (&table)[N], int fallback)
    {
        if (!o.contains(field))
            return fallback;
        const std::string value = o[field].is_string() ? o[field].get<std::string>() : std::string();
        for (const Named& n : table) {
            if (value == n.name)
                return n.value;
        }
        std::string options;
        for (const Named& n : table)
            options += (options.empty() ? "" : ", ") + std::string(n.name);
        problem(join(path, field), "must be one of " + options);
        return fallback;
    }

    // A log option as the command line writes it: a string, an integer or a boolean; the
    // trusted proxies may also be an array of strings.
    std::optional<std::string> logOptionText(const Json& v, const std::string& path, std::string_view name)
    {
        if (v.is_string())
            return v.get<std::string>();
        if (v.is_number_integer())
            return std::to_string(v.get<std::int64_t>());
        if (v.is_boolean())
            return v.get<bool>() ? "true" : "false";
        if (name == "trusted" && v.is_array()) {
            std::string joined;
            for (const Json& entry : v) {
                if (!entry.is_string()) {
                    problem(path, "must be an array of strings");
                    return std::nullopt;
                }
                joined.append(joined.empty() ? "" : ",").append(entry.get<std::string>());
            }
            return joined;
        }
        problem(path, "must be a string, an integer or a boolean");
        return std::nullopt;
    }

    // Parameters may be written as strings, numbers or booleans; all become CLI-syntax text.
    ParamValues params(const Json& o, const std::string& path)
    {
        ParamValues out;
        if (!o.is_object()) {
            problem(path, "must be an object of parameter values");
            return out;
        }
        for (const auto& [name, value] : o.items()) {
            if (value.is_string())
                out[name] = value.get<std::string>();
            else if (value.is_number_integer())
                out[name] = std::to_string(value.get<std::int64_t>());
            else if (value.is_boolean())
                out[name] = value.get<bool>() ? "true" : "false";
            else
                problem(join(path, name), "must be a string, an integer or a boolean");
        }
        return out;
    }

private:
    std::vector<ScenarioProblem>& m_problems;
};

ClientBehaviour readClients(Reader& r, const Json& c, const std::string& path)
{
    ClientBehaviour b;
    r.onlyKnown(c, path, {"retry", "max_retries", "delay", "backoff_base", "backoff_cap"});
    b.retry = static_cast<RetryPolicy>(r.choice(c, path, "retry", kRetryPolicies, 0));
    b.maxRetries = r.integer(c, path, "max_retries", 5, 0, 1000);
    b.delay = r.duration(c, path, "delay", b.delay, 0);
    b.backoffBase = r.duration(c, path, "backoff_base", b.backoffBase);
    b.backoffCap = r.duration(c, path, "backoff_cap", b.backoffCap);
    return b;
}

StoreSpec readStore(Reader& r, const Json& o, const std::string& path)
{
    StoreSpec st;
    r.onlyKnown(o, path, {"mode", "clock", "latency", "sync_interval", "cas_retries", "timeout"});
    st.mode = static_cast<StoreMode>(r.choice(o, path, "mode", kStoreModes, 0));
    st.clock = static_cast<StoreClock>(r.choice(o, path, "clock", kStoreClocks, 0));
    if (o.contains("latency")) {
        const Json& l = o["latency"];
        const std::string lpath = path + ".latency";
        r.onlyKnown(l, lpath, {"kind", "rtt", "min", "max", "sigma"});
        st.latency.kind = static_cast<LatencyKind>(r.choice(l, lpath, "kind", kLatencyKinds, 0));
        st.latency.rtt = r.duration(l, lpath, "rtt", st.latency.rtt);
        st.latency.min = r.duration(l, lpath, "min", st.latency.min);
        st.latency.max = r.duration(l, lpath, "max", st.latency.max);
        st.latency.sigma = r.number(l, lpath, "sigma", st.latency.sigma, 0.0);
        if (st.latency.max < st.latency.min)
            r.problem(lpath + ".max", "must be at least min");
    }
    st.syncInterval = r.duration(o, path, "sync_interval", st.syncInterval);
    st.casRetries = r.integer(o, path, "cas_retries", st.casRetries, 1, 1000);
    st.timeout = r.duration(o, path, "timeout", st.timeout);
    return st;
}

PolicySpec readPolicy(Reader& r, const Json& o, const std::string& path)
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

ClusterSpec readCluster(Reader& r, const Json& o)
{
    ClusterSpec c;
    r.onlyKnown(o, "cluster", {"instances", "balancer", "clocks", "store", "outages", "policy"});
    c.instances = r.integer(o, "cluster", "instances", 1, 1, 10'000);
    c.balancer = static_cast<Balancer>(r.choice(o, "cluster", "balancer", kBalancers, 0));
    if (o.contains("clocks")) {
        const Json& clocks = o["clocks"];
        for (std::size_t i = 0; clocks.is_array() && i < clocks.size(); ++i) {
            const std::string path = "cluster.clocks[" + std::to_string(i) + "]";
            r.onlyKnown(clocks[i], path, {"instance", "offset", "drift_ppm", "steps"});
            const std::int64_t instance = r.integer(clocks[i], path, "instance", static_cast<std::int64_t>(i), 0, c.instances - 1);
            if (static_cast<std::int64_t>(c.clocks.size()) <= instance)
                c.clocks.resize(static_cast<std::size_t>(instance + 1));
            ClockSpec& clock = c.clocks[static_cast<std::size_t>(instance)];
            clock.offset = r.signedDuration(clocks[i], path, "offset");
            clock.driftPpm = r.number(clocks[i], path, "drift_ppm", 0.0, -1e6);
            if (clocks[i].contains("steps")) {
                const Json& steps = clocks[i]["steps"];
                for (std::size_t k = 0; steps.is_array() && k < steps.size(); ++k) {
                    const std::string spath = path + ".steps[" + std::to_string(k) + "]";
                    r.onlyKnown(steps[k], spath, {"at", "by"});
                    clock.steps.push_back({r.duration(steps[k], spath, "at", 0, 0), r.signedDuration(steps[k], spath, "by")});
                }
            }
        }
    }
    if (o.contains("store"))
        c.store = readStore(r, o["store"], "cluster.store");
    if (o.contains("outages")) {
        const Json& outages = o["outages"];
        for (std::size_t i = 0; outages.is_array() && i < outages.size(); ++i) {
            const std::string path = "cluster.outages[" + std::to_string(i) + "]";
            r.onlyKnown(outages[i], path, {"from", "to", "kind", "extra_latency", "flap", "instances"});
            OutageSpec out;
            out.from = r.duration(outages[i], path, "from", 0, 0);
            out.to = r.duration(outages[i], path, "to", 0, 0);
            if (out.to <= out.from)
                r.problem(path + ".to", "must be after from");
            out.kind = static_cast<OutageKind>(r.choice(outages[i], path, "kind", kOutageKinds, 0));
            out.extraLatency = r.duration(outages[i], path, "extra_latency", out.extraLatency);
            out.flap = r.duration(outages[i], path, "flap", out.flap);
            if (outages[i].contains("instances") && outages[i]["instances"].is_array()) {
                for (const Json& v : outages[i]["instances"]) {
                    if (!v.is_number_integer() || v.get<std::int64_t>() < 0 || v.get<std::int64_t>() >= c.instances)
                        r.problem(path + ".instances", "must list instance numbers from 0 to " + std::to_string(c.instances - 1));
                    else
                        out.instances.push_back(v.get<std::int64_t>());
                }
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
            {"latency",
             {{"kind", nameOf(kLatencyKinds, int(st.latency.kind))},
              {"rtt", formatDuration(st.latency.rtt)},
              {"min", formatDuration(st.latency.min)},
              {"max", formatDuration(st.latency.max)},
              {"sigma", st.latency.sigma}}},
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
        Json out = {{"from", formatDuration(o.from)},          {"to", formatDuration(o.to)},
                    {"kind", nameOf(kOutageKinds, int(o.kind))}, {"extra_latency", formatDuration(o.extraLatency)},
                    {"flap", formatDuration(o.flap)}};
        if (!o.instances.empty())
            out["instances"] = o.instances;
        j["outages"].push_back(out);
    }
    j["policy"] = policyJson(c.policy);
    return j;
}

Json clientsJson(const ClientBehaviour& b)
{
    return {{"retry", nameOf(kRetryPolicies, int(b.retry))},
            {"max_retries", b.maxRetries},
            {"delay", formatDuration(b.delay)},
            {"backoff_base", formatDuration(b.backoffBase)},
            {"backoff_cap", formatDuration(b.backoffCap)}};
}

std::string at(const std::string& path, std::size_t i)
{
    return path + "[" + std::to_string(i) + "]";
}

// A limiter's parameters, checked by building it: a bad parameter's problem carries its path
// under `paramsPath`, a bad algorithm name `algorithmPath`.
void checkParams(const std::string& algorithm, const ParamValues& params, const std::string& algorithmPath,
                 const std::string& paramsPath, std::vector<ScenarioProblem>& problems)
{
    try {
        makeLimiter(algorithm, params);
    } catch (const ParamError& e) {
        const std::string& field = e.field();
        if (field.rfind("param ", 0) == 0)
            problems.push_back({paramsPath + "." + field.substr(6), e.what()});
        else
            problems.push_back({algorithmPath, e.what()});
    }
}

// The fields a traffic source may have: its own and the log options of a log source.
std::vector<std::string_view> sourceFields()
{
    std::vector<std::string_view> fields = {"kind", "label", "rate",  "peak",  "on",     "off",    "period", "at",
                                            "ramp", "hold",  "decay", "window", "count", "spread", "client", "file"};
    for (const LogOptionInfo& option : logOptionTable())
        fields.push_back(option.name);
    return fields;
}

Scenario readScenario(const Json& root, const std::string& baseDir, std::vector<ScenarioProblem>& problems)
{
    Reader r(problems);
    Scenario s;
    r.onlyKnown(root, "", {"schema", "name", "description", "seed", "duration", "start_us", "population", "endpoints",
                           "traffic", "keys", "clients", "placement", "algorithms", "metrics", "cluster"});
    if (!root.is_object())
        return s;
    if (root.contains("schema") && root["schema"] != kScenarioSchema)
        r.problem("schema", std::string("must be \"") + kScenarioSchema + "\"");
    s.name = r.text(root, "", "name", s.name);
    s.description = r.text(root, "", "description", "");
    s.seed = static_cast<std::uint64_t>(r.integer(root, "", "seed", 1, 0));
    s.duration = r.duration(root, "", "duration", s.duration);
    s.start = r.integer(root, "", "start_us", 0, 0);
    s.keys = static_cast<KeyStrategy>(r.choice(root, "", "keys", kKeyStrategies, int(KeyStrategy::Ip)));
    s.placement = static_cast<Placement>(r.choice(root, "", "placement", kPlacements, int(Placement::Before)));

    if (root.contains("population")) {
        const Json& p = root["population"];
        r.onlyKnown(p, "population", {"clients", "popularity", "zipf_s", "nat", "tiers"});
        s.population.clients = r.integer(p, "population", "clients", 100, 1, 50'000'000);
        s.population.popularity = static_cast<Popularity>(r.choice(p, "population", "popularity", kPopularities, 0));
        s.population.zipfS = r.number(p, "population", "zipf_s", 1.1, 0.0);
        if (p.contains("nat")) {
            r.onlyKnown(p["nat"], "population.nat", {"clients", "ips"});
            s.population.nat.clients = r.integer(p["nat"], "population.nat", "clients", 0, 0);
            s.population.nat.ips = r.integer(p["nat"], "population.nat", "ips", 1, 1);
        }
        if (p.contains("tiers")) {
            const Json& tiers = p["tiers"];
            for (std::size_t i = 0; tiers.is_array() && i < tiers.size(); ++i) {
                const std::string path = at("population.tiers", i);
                r.onlyKnown(tiers[i], path, {"name", "share"});
                s.population.tiers.push_back({r.text(tiers[i], path, "name", "tier" + std::to_string(i)),
                                              r.number(tiers[i], path, "share", 1.0, 0.0)});
            }
        }
    }
    if (root.contains("endpoints")) {
        const Json& endpoints = root["endpoints"];
        for (std::size_t i = 0; endpoints.is_array() && i < endpoints.size(); ++i) {
            const std::string path = at("endpoints", i);
            r.onlyKnown(endpoints[i], path, {"method", "path", "weight", "cost"});
            EndpointSpec e;
            e.method = r.text(endpoints[i], path, "method", "GET");
            e.path = r.text(endpoints[i], path, "path", "/");
            e.weight = r.number(endpoints[i], path, "weight", 1.0, 0.0);
            e.cost = r.integer(endpoints[i], path, "cost", 1, 1, 1'000'000);
            s.endpoints.push_back(e);
        }
    }
    if (!root.contains("traffic") || !root["traffic"].is_array() || root["traffic"].empty())
        r.problem("traffic", "needs at least one traffic source");
    else {
        const Json& traffic = root["traffic"];
        for (std::size_t i = 0; i < traffic.size(); ++i) {
            const std::string path = at("traffic", i);
            const Json& t = traffic[i];
            r.onlyKnown(t, path, sourceFields());
            SourceSpec src;
            if (!t.contains("kind"))
                r.problem(path + ".kind", "missing: one of constant, poisson, onoff, diurnal, flash_crowd, boundary_attack, trace, log");
            src.kind = static_cast<SourceKind>(r.choice(t, path, "kind", kSourceKinds, int(SourceKind::Poisson)));
            src.label = r.text(t, path, "label", nameOf(kSourceKinds, int(src.kind)));
            const bool replay = src.kind == SourceKind::Trace || src.kind == SourceKind::Log;
            const bool needsRate = src.kind != SourceKind::BoundaryAttack && !replay;
            if (auto rate = r.rate(t, path, "rate", needsRate))
                src.rate = *rate;
            const bool needsPeak = src.kind == SourceKind::Diurnal || src.kind == SourceKind::FlashCrowd;
            src.peak = r.rate(t, path, "peak", needsPeak);
            if (needsPeak && src.peak && src.peak->perSecondNearest() < src.rate.perSecondNearest())
                r.problem(path + ".peak", "must be at least the rate");
            if (src.kind == SourceKind::Diurnal && src.peak && src.peak->perSecondNearest() > 2 * src.rate.perSecondNearest())
                r.problem(path + ".peak", "a diurnal peak is at most twice the mean rate");
            src.on = r.duration(t, path, "on", src.kind == SourceKind::OnOff ? 0 : 1);
            src.off = r.duration(t, path, "off", 0, 0);
            if (src.kind == SourceKind::OnOff && !t.contains("on"))
                r.problem(path + ".on", "missing: how long each burst lasts");
            src.window = r.duration(t, path, "window", 1'000'000);
            src.period = r.duration(t, path, "period", src.kind == SourceKind::Diurnal ? 60'000'000 : src.window);
            if (src.kind == SourceKind::BoundaryAttack && src.period % src.window != 0)
                r.problem(path + ".period", "must be a multiple of the window");
            src.at = r.duration(t, path, "at", 0, 0);
            src.ramp = r.duration(t, path, "ramp", 1'000'000);
            src.hold = r.duration(t, path, "hold", 10'000'000, 0);
            src.decay = r.duration(t, path, "decay", 10'000'000);
            src.count = r.integer(t, path, "count", 10, 1, 1'000'000);
            src.spread = r.duration(t, path, "spread", 100'000);
            if (src.kind == SourceKind::BoundaryAttack && src.spread / src.count < 1)
                r.problem(path + ".spread", "must leave at least 1 us between the attacker's requests");
            // Requests come in time order (the lanes' metrics rely on it): one boundary's burst
            // must end before the next one's begins.
            else if (src.kind == SourceKind::BoundaryAttack && 2 * src.spread > src.period)
                r.problem(path + ".spread", "must be at most half the period");
            if (t.contains("client"))
                src.client = r.integer(t, path, "client", 0, 0, s.population.clients - 1);
            src.file = r.text(t, path, "file", "");
            if (replay) {
                if (src.file.empty())
                    r.problem(path + ".file", src.kind == SourceKind::Trace ? "missing: the trace CSV to replay"
                                                                            : "missing: the access log to replay");
                else if (std::filesystem::path(src.file).is_relative())
                    src.file = (std::filesystem::path(baseDir) / src.file).string();
            }
            // The log options' values are checked with the whole scenario (validateScenario).
            for (const LogOptionInfo& option : logOptionTable()) {
                const std::string name(option.name);
                if (!t.contains(name))
                    continue;
                if (src.kind != SourceKind::Log)
                    r.problem(path + "." + name, "only for a log source");
                else if (auto value = r.logOptionText(t[name], path + "." + name, name))
                    src.logOptions.push_back({name, std::move(*value)});
            }
            s.traffic.push_back(std::move(src));
        }
    }
    if (root.contains("clients"))
        s.clients = readClients(r, root["clients"], "clients");
    if (root.contains("cluster"))
        s.cluster = readCluster(r, root["cluster"]);
    if (root.contains("metrics")) {
        const Json& m = root["metrics"];
        r.onlyKnown(m, "metrics", {"bucket", "burst_window", "shadow_examples"});
        s.metrics.bucket = r.duration(m, "metrics", "bucket", s.metrics.bucket);
        if (m.contains("burst_window"))
            s.metrics.burstWindow = r.duration(m, "metrics", "burst_window", kMicrosPerSecond);
        s.metrics.shadowExamples = r.integer(m, "metrics", "shadow_examples", 5, 0, 1000);
    }
    if (!root.contains("algorithms") || !root["algorithms"].is_array() || root["algorithms"].empty())
        r.problem("algorithms", "needs at least one algorithm");
    else {
        const Json& algorithms = root["algorithms"];
        for (std::size_t i = 0; i < algorithms.size(); ++i) {
            const std::string path = at("algorithms", i);
            const Json& a = algorithms[i];
            r.onlyKnown(a, path, {"id", "algorithm", "params", "keys", "clients", "store", "policy", "tiers", "changes"});
            AlgorithmSpec spec;
            spec.algorithm = r.text(a, path, "algorithm", "");
            if (spec.algorithm.empty())
                r.problem(path + ".algorithm", "missing: an algorithm or preset name (ratelab-cli list)");
            spec.id = r.text(a, path, "id", spec.algorithm);
            if (a.contains("params"))
                spec.params = r.params(a["params"], path + ".params");
            if (a.contains("keys"))
                spec.keys = static_cast<KeyStrategy>(r.choice(a, path, "keys", kKeyStrategies, 0));
            if (a.contains("clients"))
                spec.clients = readClients(r, a["clients"], path + ".clients");
            if (a.contains("store"))
                spec.store = readStore(r, a["store"], path + ".store");
            if (a.contains("policy"))
                spec.policy = readPolicy(r, a["policy"], path + ".policy");
            if (a.contains("tiers")) {
                if (!a["tiers"].is_object())
                    r.problem(path + ".tiers", "must map tier names to parameter objects");
                else {
                    for (const auto& [tier, params] : a["tiers"].items())
                        spec.tierParams.emplace_back(tier, r.params(params, path + ".tiers." + tier));
                }
            }
            if (a.contains("changes")) {
                const Json& changes = a["changes"];
                for (std::size_t c = 0; changes.is_array() && c < changes.size(); ++c) {
                    const std::string cpath = at(path + ".changes", c);
                    r.onlyKnown(changes[c], cpath, {"at", "params", "state"});
                    LimitChange change;
                    change.at = r.duration(changes[c], cpath, "at", 0, 0);
                    if (changes[c].contains("params"))
                        change.params = r.params(changes[c]["params"], cpath + ".params");
                    change.state = static_cast<StatePolicy>(r.choice(changes[c], cpath, "state", kStatePolicies, 0));
                    spec.changes.push_back(std::move(change));
                }
            }
            s.algorithms.push_back(std::move(spec));
        }
    }
    return s;
}

Json paramsJson(const ParamValues& params)
{
    Json out = Json::object();
    for (const auto& [k, v] : params)
        out[k] = v;
    return out;
}

} // namespace

namespace {

// A message that quotes a huge value (a parameter, a log option) keeps its start and its end,
// where the reason is.
std::string clipMiddle(std::string text, std::size_t max)
{
    if (text.size() <= max)
        return text;
    const std::size_t head = max / 2;
    const std::size_t tail = max - head;
    return text.substr(0, head) + " ... (" + std::to_string(text.size() - head - tail) + " bytes) ... "
        + text.substr(text.size() - tail);
}

// Clips each problem in place; the one line per problem of what(), as a compiler writes them.
std::string describe(const std::string& source, std::vector<ScenarioProblem>& problems)
{
    std::string text;
    for (ScenarioProblem& p : problems) {
        p.path = clipMiddle(std::move(p.path), 2 * kQuotedBytes);
        p.message = clipMiddle(std::move(p.message), 2 * kQuotedBytes);
        text.append(text.empty() ? "" : "\n").append(source).append(": ").append(p.path.empty() ? "" : p.path + ": ").append(p.message);
    }
    return text;
}

} // namespace

ScenarioError::ScenarioError(std::string source, std::vector<ScenarioProblem> problems)
    : std::runtime_error(describe(source, problems))
    , m_source(std::move(source))
    , m_problems(std::move(problems))
{
}

const char* keyStrategyName(KeyStrategy strategy)
{
    return nameOf(kKeyStrategies, int(strategy));
}

const char* sourceKindName(SourceKind kind)
{
    return nameOf(kSourceKinds, int(kind));
}

std::vector<ScenarioProblem> validateScenario(const Scenario& s)
{
    std::vector<ScenarioProblem> problems;
    if (s.duration < 1)
        problems.push_back({"duration", "must be at least 1us"});
    if (s.metrics.bucket < 1 || s.duration / std::max<Duration>(1, s.metrics.bucket) > 1'000'000)
        problems.push_back({"metrics.bucket", "must split the run into at most 1,000,000 buckets"});
    if (s.traffic.empty())
        problems.push_back({"traffic", "needs at least one traffic source"});
    if (s.algorithms.empty())
        problems.push_back({"algorithms", "needs at least one algorithm"});
    bool recorded = false;
    for (std::size_t i = 0; i < s.traffic.size(); ++i) {
        const SourceSpec& src = s.traffic[i];
        recorded = recorded || src.kind == SourceKind::Trace || src.kind == SourceKind::Log;
        if (src.kind != SourceKind::Log)
            continue;
        ImportOptions options;
        for (LogOptionProblem& p : applyLogOptions(src.logOptions, options))
            problems.push_back({at("traffic", i) + "." + p.option, std::move(p.message)});
    }
    std::set<std::string> ids;
    for (std::size_t i = 0; i < s.algorithms.size(); ++i) {
        const AlgorithmSpec& a = s.algorithms[i];
        const std::string path = at("algorithms", i);
        if (!ids.insert(a.id).second)
            problems.push_back({path + ".id", "'" + a.id + "' is used twice: give each algorithm its own id"});
        if (a.algorithm.empty())
            continue;
        const KeyStrategy keys = a.keys.value_or(s.keys);
        if ((keys == KeyStrategy::Recorded) != recorded && !s.traffic.empty())
            problems.push_back({path + ".keys", recorded ? "a replayed trace or log has its own keys: use \"recorded\""
                                                         : "\"recorded\" keys need a trace or log source"});
        checkParams(a.algorithm, a.params, path + ".algorithm", path + ".params", problems);
        for (const auto& [tier, params] : a.tierParams) {
            ParamValues merged = a.params;
            for (const auto& [k, v] : params)
                merged[k] = v;
            checkParams(a.algorithm, merged, path + ".algorithm", path + ".tiers." + tier, problems);
        }
        for (std::size_t c = 0; c < a.changes.size(); ++c) {
            const std::string cpath = at(path + ".changes", c);
            ParamValues merged = a.params;
            for (const auto& [k, v] : a.changes[c].params)
                merged[k] = v;
            checkParams(a.algorithm, merged, path + ".algorithm", cpath + ".params", problems);
            if (a.changes[c].state != StatePolicy::Reset && !supportsStateTransfer(a.algorithm))
                problems.push_back({cpath + ".state", a.algorithm + " supports only \"reset\" (presets keep no transferable state)"});
            if (c > 0 && a.changes[c].at < a.changes[c - 1].at)
                problems.push_back({cpath + ".at", "changes must be in time order"});
        }
    }
    return problems;
}

Scenario loadScenario(std::string_view json, const std::string& source, const std::string& baseDir)
{
    Json root;
    try {
        root = Json::parse(json);
    } catch (const Json::parse_error& e) {
        throw ScenarioError(source, {{"", std::string("not valid JSON: ") + e.what()}});
    }
    std::vector<ScenarioProblem> problems;
    Scenario scenario = readScenario(root, baseDir, problems);
    if (problems.empty())
        problems = validateScenario(scenario);
    if (!problems.empty())
        throw ScenarioError(source, std::move(problems));
    return scenario;
}

Scenario loadScenarioFile(const std::string& path)
{
    if (const std::string problem = inputFileProblem(path, "scenario file"); !problem.empty())
        throw ScenarioError(path, {{"", problem}});
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw ScenarioError(path, {{"", "cannot open the file"}});
    // A scenario is small; traces and logs are separate files. Reading stops one byte past
    // the cap, so /dev/zero is refused at 4 MiB.
    std::string text(kMaxScenarioBytes + 1, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    if (in.bad())
        throw ScenarioError(path, {{"", "cannot read the file"}});
    text.resize(static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxScenarioBytes)
        throw ScenarioError(path, {{"", "larger than " + std::to_string(kMaxScenarioBytes >> 20)
                                           + " MiB: not a scenario (traces and logs are files of their own)"}});
    return loadScenario(text, path, std::filesystem::path(path).parent_path().string());
}

std::string saveScenario(const Scenario& s)
{
    Json root;
    root["schema"] = kScenarioSchema;
    root["name"] = s.name;
    if (!s.description.empty())
        root["description"] = s.description;
    root["seed"] = s.seed;
    root["duration"] = formatDuration(s.duration);
    if (s.start != 0)
        root["start_us"] = s.start;
    Json population;
    population["clients"] = s.population.clients;
    population["popularity"] = nameOf(kPopularities, int(s.population.popularity));
    if (s.population.popularity == Popularity::Zipf)
        population["zipf_s"] = s.population.zipfS;
    if (s.population.nat.clients > 0)
        population["nat"] = {{"clients", s.population.nat.clients}, {"ips", s.population.nat.ips}};
    for (const TierSpec& t : s.population.tiers)
        population["tiers"].push_back({{"name", t.name}, {"share", t.share}});
    root["population"] = population;
    for (const EndpointSpec& e : s.endpoints)
        root["endpoints"].push_back({{"method", e.method}, {"path", e.path}, {"weight", e.weight}, {"cost", e.cost}});
    for (const SourceSpec& src : s.traffic) {
        Json t;
        t["kind"] = nameOf(kSourceKinds, int(src.kind));
        t["label"] = src.label;
        switch (src.kind) {
        case SourceKind::Constant:
        case SourceKind::Poisson: t["rate"] = src.rate.text; break;
        case SourceKind::OnOff:
            t["rate"] = src.rate.text;
            t["on"] = formatDuration(src.on);
            t["off"] = formatDuration(src.off);
            break;
        case SourceKind::Diurnal:
            t["rate"] = src.rate.text;
            t["peak"] = src.peak->text;
            t["period"] = formatDuration(src.period);
            break;
        case SourceKind::FlashCrowd:
            t["rate"] = src.rate.text;
            t["peak"] = src.peak->text;
            t["at"] = formatDuration(src.at);
            t["ramp"] = formatDuration(src.ramp);
            t["hold"] = formatDuration(src.hold);
            t["decay"] = formatDuration(src.decay);
            break;
        case SourceKind::BoundaryAttack:
            t["window"] = formatDuration(src.window);
            t["period"] = formatDuration(src.period);
            t["count"] = src.count;
            t["spread"] = formatDuration(src.spread);
            break;
        case SourceKind::Trace: t["file"] = src.file; break;
        case SourceKind::Log:
            t["file"] = src.file;
            for (const LogOption& o : src.logOptions) {
                // `trusted` given twice adds entries: keep them all, comma-separated.
                if (o.name == "trusted" && t.contains("trusted"))
                    t["trusted"] = t["trusted"].get<std::string>().append(",").append(o.value);
                else
                    t[o.name] = o.value;
            }
            break;
        }
        if (src.client)
            t["client"] = *src.client;
        root["traffic"].push_back(t);
    }
    root["keys"] = keyStrategyName(s.keys);
    root["clients"] = clientsJson(s.clients);
    root["placement"] = nameOf(kPlacements, int(s.placement));
    for (const AlgorithmSpec& a : s.algorithms) {
        Json j;
        j["id"] = a.id;
        j["algorithm"] = a.algorithm;
        j["params"] = paramsJson(a.params);
        if (a.keys)
            j["keys"] = keyStrategyName(*a.keys);
        if (a.clients)
            j["clients"] = clientsJson(*a.clients);
        if (a.store)
            j["store"] = storeJson(*a.store);
        if (a.policy)
            j["policy"] = policyJson(*a.policy);
        for (const auto& [tier, params] : a.tierParams)
            j["tiers"][tier] = paramsJson(params);
        for (const LimitChange& c : a.changes)
            j["changes"].push_back(
                {{"at", formatDuration(c.at)}, {"params", paramsJson(c.params)}, {"state", nameOf(kStatePolicies, int(c.state))}});
        root["algorithms"].push_back(j);
    }
    Json metrics;
    metrics["bucket"] = formatDuration(s.metrics.bucket);
    if (s.metrics.burstWindow)
        metrics["burst_window"] = formatDuration(*s.metrics.burstWindow);
    metrics["shadow_examples"] = s.metrics.shadowExamples;
    root["metrics"] = metrics;
    if (s.cluster)
        root["cluster"] = clusterJson(*s.cluster);
    return root.dump(2) + "\n";
}

Scenario defaultScenario()
{
    for (const auto& [name, json] : embeddedScenarios()) {
        if (name == "default")
            return loadScenario(json, "default.json (embedded)");
    }
    throw std::logic_error("the default scenario is not embedded");
}

} // namespace ratelab
