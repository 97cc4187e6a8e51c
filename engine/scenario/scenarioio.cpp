#include "engine/scenario/scenarioio.h"

#include "engine/algorithms/fixedwindow.h"
#include "engine/algorithms/statetransfer.h"
#include "engine/core/cliptext.h"
#include "engine/core/inputfile.h"
#include "engine/core/units.h"
#include "engine/logs/importoptions.h"
#include "engine/scenario/strictjson.h"
#include "engine/traffic/population.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
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

std::string at(const std::string& path, std::size_t i)
{
    return path + "[" + std::to_string(i) + "]";
}

// 'text', at most ~120 characters of it.
std::string quotedText(std::string_view text)
{
    std::string out = "'";
    return out.append(clipText(text)).append("'");
}

// 0, 1.5, 1e+06: a bound in a message.
std::string shortNumber(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

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
    // Problems so far: a check across fields runs only when none of them had one.
    std::size_t count() const { return m_problems.size(); }

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
                problem(join(path, clipText(name)), "unknown field");
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
        // Out of range, the fallback: nothing computed from the value may divide by zero or
        // size a vector by it before the problems are thrown.
        if (v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(max)) {
            problem(join(path, field), "must be <= " + std::to_string(max));
            return fallback;
        }
        const auto value = v.get<std::int64_t>();
        if (value < min)
            problem(join(path, field), "must be >= " + std::to_string(min));
        else if (value > max)
            problem(join(path, field), "must be <= " + std::to_string(max));
        else
            return value;
        return fallback;
    }

    double number(const Json& o, const std::string& path, const char* field, double fallback, double min,
                  double max = std::numeric_limits<double>::max())
    {
        if (!o.contains(field))
            return fallback;
        if (!o[field].is_number()) {
            problem(join(path, field), "must be a number");
            return fallback;
        }
        const double value = o[field].get<double>();
        if (!(value >= min))
            problem(join(path, field), "must be >= " + shortNumber(min));
        else if (value > max)
            problem(join(path, field), "must be <= " + shortNumber(max));
        else
            return value;
        return fallback;
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
        if (*value < min) {
            problem(join(path, field), "must be at least " + formatDuration(min));
            return fallback;
        }
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

    // The field's array, or an empty one (with a problem when the field is not an array).
    const Json& array(const Json& o, const std::string& path, const char* field)
    {
        static const Json empty = Json::array();
        if (!o.contains(field))
            return empty;
        if (!o[field].is_array()) {
            problem(join(path, field), "must be an array");
            return empty;
        }
        return o[field];
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
        st.latency.sigma = r.number(l, lpath, "sigma", st.latency.sigma, 0.0, 4.0);
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
    const Json& clocks = r.array(o, "cluster", "clocks");
    std::set<std::int64_t> clocked;
    for (std::size_t i = 0; i < clocks.size(); ++i) {
        const std::string path = at("cluster.clocks", i);
        r.onlyKnown(clocks[i], path, {"instance", "offset", "drift_ppm", "steps"});
        const std::size_t before = r.count();
        const std::int64_t instance = r.integer(clocks[i], path, "instance", static_cast<std::int64_t>(i), 0, c.instances - 1);
        ClockSpec clock;
        clock.offset = r.signedDuration(clocks[i], path, "offset");
        clock.driftPpm = r.number(clocks[i], path, "drift_ppm", 0.0, -1e6, 1e6);
        const Json& steps = r.array(clocks[i], path, "steps");
        for (std::size_t k = 0; k < steps.size(); ++k) {
            const std::string spath = at(path + ".steps", k);
            r.onlyKnown(steps[k], spath, {"at", "by"});
            clock.steps.push_back({r.duration(steps[k], spath, "at", 0, 0), r.signedDuration(steps[k], spath, "by")});
        }
        if (r.count() != before)
            continue;
        if (instance >= c.instances) {  // the position, without an "instance" field
            r.problem(path, "there is no instance " + std::to_string(instance) + ": the cluster has "
                                + std::to_string(c.instances) + (c.instances == 1 ? " instance" : " instances"));
        } else if (!clocked.insert(instance).second) {
            r.problem(path + ".instance", "instance " + std::to_string(instance) + " has a clock already");
        } else {
            if (static_cast<std::int64_t>(c.clocks.size()) <= instance)
                c.clocks.resize(static_cast<std::size_t>(instance + 1));
            // The valid range: how far this clock can ever be from true time.
            double reach = std::abs(static_cast<double>(clock.offset)) + std::abs(clock.driftPpm) * 1e-6 * static_cast<double>(kMaxTimeUs);
            for (const ClockStep& step : clock.steps)
                reach += std::abs(static_cast<double>(step.by));
            if (reach > static_cast<double>(kMaxDurationUs))
                r.problem(path, "offset, steps and drift may move this clock by more than " + formatDuration(kMaxDurationUs)
                                    + " (2^50 us, the valid range of durations)");
            c.clocks[static_cast<std::size_t>(instance)] = std::move(clock);
        }
    }
    if (o.contains("store"))
        c.store = readStore(r, o["store"], "cluster.store");
    {
        const Json& outages = r.array(o, "cluster", "outages");
        for (std::size_t i = 0; i < outages.size(); ++i) {
            const std::string path = at("cluster.outages", i);
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

// A limiter's parameters, checked by building it: a bad parameter's problem carries its path
// under `paramsPath`, a bad algorithm name `algorithmPath`.
// `span`: how far apart the run's times may lie (runSpan), which the limiter must cover.
void checkParams(const std::string& algorithm, const ParamValues& params, const std::string& algorithmPath,
                 const std::string& paramsPath, Duration span, std::vector<ScenarioProblem>& problems)
{
    try {
        const Duration covered = makeLimiter(algorithm, params).limiter->maxSpanUs();
        if (span > covered)
            problems.push_back({paramsPath, algorithm + ": the run's times span up to " + formatDuration(span)
                                                + ", more than the " + formatDuration(covered)
                                                + " its times may lie apart (the valid range in algorithms.md)"});
    } catch (const ParamError& e) {
        const std::string& field = e.field();
        if (field.rfind("param ", 0) == 0)
            problems.push_back({paramsPath + "." + field.substr(6), e.what()});
        else
            problems.push_back({algorithmPath, e.what()});
    }
}

// The fields of a traffic source besides kind and label, each with the kinds that use it: on
// any other kind it would be ignored, so it is a problem there.
struct SourceField {
    const char* name;
    std::vector<SourceKind> kinds;
};

const std::vector<SourceField>& sourceFieldTable()
{
    using K = SourceKind;
    static const std::vector<SourceField> table = {
        {"rate", {K::Constant, K::Poisson, K::OnOff, K::Diurnal, K::FlashCrowd}},
        {"peak", {K::Diurnal, K::FlashCrowd}},
        {"on", {K::OnOff}},
        {"off", {K::OnOff}},
        {"period", {K::Diurnal, K::BoundaryAttack}},
        {"at", {K::FlashCrowd}},
        {"ramp", {K::FlashCrowd}},
        {"hold", {K::FlashCrowd}},
        {"decay", {K::FlashCrowd}},
        {"window", {K::BoundaryAttack}},
        {"count", {K::BoundaryAttack}},
        {"spread", {K::BoundaryAttack}},
        {"client", {K::Constant, K::Poisson, K::OnOff, K::Diurnal, K::FlashCrowd, K::BoundaryAttack}},
        {"file", {K::Trace, K::Log}},
    };
    return table;
}

// The fields a traffic source may have: its own and the log options of a log source.
std::vector<std::string_view> sourceFields()
{
    std::vector<std::string_view> fields = {"kind", "label"};
    for (const SourceField& field : sourceFieldTable())
        fields.push_back(field.name);
    for (const LogOptionInfo& option : logOptionTable())
        fields.push_back(option.name);
    return fields;
}

// Fields of the source that its kind does not use: "traffic[0].window: not used by a poisson
// source (only by boundary_attack)".
void refuseUnusedSourceFields(Reader& r, const Json& t, const std::string& path, SourceKind kind)
{
    for (const SourceField& field : sourceFieldTable()) {
        if (!t.contains(field.name) || std::find(field.kinds.begin(), field.kinds.end(), kind) != field.kinds.end())
            continue;
        std::string users;
        for (const SourceKind k : field.kinds)
            users.append(users.empty() ? "" : ", ").append(sourceKindName(k));
        r.problem(path + "." + field.name,
                  std::string("not used by a ") + sourceKindName(kind) + " source (only by " + users + ")");
    }
}

bool usesField(SourceKind kind, std::string_view name)
{
    for (const SourceField& field : sourceFieldTable()) {
        if (field.name == name)
            return std::find(field.kinds.begin(), field.kinds.end(), kind) != field.kinds.end();
    }
    return false;
}

// One traffic source. A field its kind does not use is a problem, not read; checks across
// fields run only when the fields they read are sound (a zero window is one problem, not a
// division by zero).
SourceSpec readSource(Reader& r, const Json& t, const std::string& path, const Scenario& s, const std::string& baseDir)
{
    r.onlyKnown(t, path, sourceFields());
    SourceSpec src;
    if (!t.is_object())
        return src;
    if (!t.contains("kind"))
        r.problem(path + ".kind", "missing: one of constant, poisson, onoff, diurnal, flash_crowd, boundary_attack, trace, log");
    const std::size_t beforeKind = r.count();
    src.kind = static_cast<SourceKind>(r.choice(t, path, "kind", kSourceKinds, int(SourceKind::Poisson)));
    src.label = r.text(t, path, "label", nameOf(kSourceKinds, int(src.kind)));
    if (r.count() != beforeKind)
        return src;  // without a kind, its fields mean nothing
    refuseUnusedSourceFields(r, t, path, src.kind);
    const auto uses = [&](const char* field) { return usesField(src.kind, field); };

    const std::size_t before = r.count();
    if (uses("rate")) {
        if (auto rate = r.rate(t, path, "rate", true))
            src.rate = *rate;
    }
    if (uses("peak"))
        src.peak = r.rate(t, path, "peak", true);
    if (uses("on")) {
        if (!t.contains("on"))
            r.problem(path + ".on", "missing: how long each burst lasts");
        src.on = r.duration(t, path, "on", 1);
        src.off = r.duration(t, path, "off", 0, 0);
    }
    if (uses("window"))
        src.window = r.duration(t, path, "window", 1'000'000);
    if (uses("period"))
        src.period = r.duration(t, path, "period", src.kind == SourceKind::Diurnal ? 60'000'000 : src.window);
    if (uses("at")) {
        src.at = r.duration(t, path, "at", 0, 0);
        src.ramp = r.duration(t, path, "ramp", 1'000'000);
        src.hold = r.duration(t, path, "hold", 10'000'000, 0);
        src.decay = r.duration(t, path, "decay", 10'000'000);
    }
    if (uses("count")) {
        src.count = r.integer(t, path, "count", 10, 1, 1'000'000);
        src.spread = r.duration(t, path, "spread", 100'000);
    }
    if (uses("client") && t.contains("client"))
        src.client = r.integer(t, path, "client", 0, 0, s.population.clients - 1);
    if (uses("file")) {
        src.file = r.text(t, path, "file", "");
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

    if (r.count() != before)
        return src;
    if (uses("peak") && src.peak->perSecondNearest() < src.rate.perSecondNearest())
        r.problem(path + ".peak", "must be at least the rate");
    if (src.kind == SourceKind::Diurnal && src.peak->perSecondNearest() > 2 * src.rate.perSecondNearest())
        r.problem(path + ".peak", "a diurnal peak is at most twice the mean rate");
    if (src.kind == SourceKind::BoundaryAttack) {
        if (src.period % src.window != 0)
            r.problem(path + ".period", "must be a multiple of the window");
        if (src.spread / src.count < 1)
            r.problem(path + ".spread", "must leave at least 1 us between the attacker's requests");
        // Requests come in time order (the lanes' metrics rely on it): one boundary's burst
        // must end before the next one's begins.
        else if (src.spread > src.period / 2)
            r.problem(path + ".spread", "must be at most half the period");
    }
    return src;
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
    s.start = r.integer(root, "", "start_us", 0, 0, kMaxTimeUs);
    if (s.start >= 0 && s.start <= kMaxTimeUs && s.duration > kMaxTimeUs - s.start)
        r.problem("duration", "the run would end after " + std::to_string(kMaxTimeUs)
                                  + " us (2^52, 2112-09-17), the end of the valid range of times");
    s.keys = static_cast<KeyStrategy>(r.choice(root, "", "keys", kKeyStrategies, int(KeyStrategy::Ip)));
    s.placement = static_cast<Placement>(r.choice(root, "", "placement", kPlacements, int(Placement::Before)));

    if (root.contains("population")) {
        const Json& p = root["population"];
        r.onlyKnown(p, "population", {"clients", "popularity", "zipf_s", "nat", "tiers"});
        s.population.clients = r.integer(p, "population", "clients", 100, 1, 50'000'000);
        s.population.popularity = static_cast<Popularity>(r.choice(p, "population", "popularity", kPopularities, 0));
        if (p.contains("zipf_s") && s.population.popularity != Popularity::Zipf)
            r.problem("population.zipf_s", "only with popularity \"zipf\"");
        s.population.zipfS = r.number(p, "population", "zipf_s", 1.1, 0.0);
        if (p.contains("nat")) {
            r.onlyKnown(p["nat"], "population.nat", {"clients", "ips"});
            s.population.nat.clients = r.integer(p["nat"], "population.nat", "clients", 0, 0);
            s.population.nat.ips = r.integer(p["nat"], "population.nat", "ips", 1, 1);
        }
        const Json& tiers = r.array(p, "population", "tiers");
        for (std::size_t i = 0; i < tiers.size(); ++i) {
            const std::string path = at("population.tiers", i);
            r.onlyKnown(tiers[i], path, {"name", "share"});
            s.population.tiers.push_back({r.text(tiers[i], path, "name", "tier" + std::to_string(i)),
                                          r.number(tiers[i], path, "share", 1.0, 0.0)});
        }
    }
    {
        const Json& endpoints = r.array(root, "", "endpoints");
        for (std::size_t i = 0; i < endpoints.size(); ++i) {
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
        for (std::size_t i = 0; i < traffic.size(); ++i)
            s.traffic.push_back(readSource(r, traffic[i], at("traffic", i), s, baseDir));
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
                        spec.tierParams.emplace_back(tier, r.params(params, path + ".tiers." + clipText(tier)));
                }
            }
            {
                const Json& changes = r.array(a, path, "changes");
                for (std::size_t c = 0; c < changes.size(); ++c) {
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

std::string plural(std::int64_t n, const char* one, const char* many)
{
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

// Tiers and weights that add up to nothing, tiers named twice or unused, a NAT larger than
// the population: each would be ignored or clamped without a word.
void checkPopulation(const Scenario& s, std::vector<ScenarioProblem>& problems)
{
    const PopulationSpec& p = s.population;
    if (p.nat.clients > p.clients)
        problems.push_back({"population.nat.clients", "must be at most population.clients (" + std::to_string(p.clients) + ")"});
    else if (p.nat.ips > std::max<std::int64_t>(1, p.nat.clients))
        problems.push_back({"population.nat.ips", "must be at most nat.clients (" + std::to_string(p.nat.clients)
                                                      + "): each IP is shared by clients behind the NAT"});
    std::set<std::string> names;
    double shares = 0;
    for (std::size_t i = 0; i < p.tiers.size(); ++i) {
        shares += p.tiers[i].share;
        if (!names.insert(p.tiers[i].name).second)
            problems.push_back({at("population.tiers", i) + ".name", quotedText(p.tiers[i].name) + " is used twice"});
    }
    if (!p.tiers.empty() && !(shares > 0))
        problems.push_back({"population.tiers", "the shares add up to 0: give a tier a share above 0"});
    const bool tiered = s.keys == KeyStrategy::Tiered
        || std::any_of(s.algorithms.begin(), s.algorithms.end(), [](const AlgorithmSpec& a) { return a.keys == KeyStrategy::Tiered; });
    if (!p.tiers.empty() && !tiered)
        problems.push_back({"population.tiers", "only used by keys \"tiered\", which no algorithm has"});
    double weights = 0;
    for (const EndpointSpec& e : s.endpoints)
        weights += e.weight;
    if (!s.endpoints.empty() && !(weights > 0))
        problems.push_back({"endpoints", "the weights add up to 0: give an endpoint a weight above 0"});
}

// An algorithm's `tiers`: only with tiered keys, each naming a tier of the population that has
// clients (a tier named for nobody would be ignored), each over the algorithm's params.
void checkTiers(const Scenario& s, const AlgorithmSpec& a, const std::string& path, Duration span,
                std::vector<ScenarioProblem>& problems)
{
    if (a.tierParams.empty())
        return;
    const KeyStrategy keys = a.keys.value_or(s.keys);
    if (keys != KeyStrategy::Tiered) {
        problems.push_back({path + ".tiers", std::string("only with keys \"tiered\": this algorithm's keys are \"")
                                                 + keyStrategyName(keys) + "\""});
        return;
    }
    std::vector<std::string> tierNames;
    for (const TierSpec& t : s.population.tiers)
        tierNames.push_back(t.name);
    if (tierNames.empty())
        tierNames.push_back("default");
    double shares = 0;
    for (const TierSpec& t : s.population.tiers)
        shares += t.share;
    const std::vector<std::uint32_t> clients = s.population.tiers.empty() || shares > 0
        ? clientsPerTier(s.population) : std::vector<std::uint32_t>(tierNames.size(), 1);
    for (const auto& [tier, params] : a.tierParams) {
        const std::string tpath = path + ".tiers." + clipText(tier);
        const auto found = std::find(tierNames.begin(), tierNames.end(), tier);
        if (found == tierNames.end()) {
            std::string list;
            for (const std::string& name : tierNames)
                list.append(list.empty() ? "" : ", ").append(clipText(name));
            problems.push_back({tpath, "no tier of that name: the population's tiers are " + list});
            continue;
        }
        if (clients[static_cast<std::size_t>(found - tierNames.begin())] == 0)
            problems.push_back({tpath, "no client is in this tier: its share gives it none of the "
                                           + plural(s.population.clients, "client", "clients")});
        ParamValues merged = a.params;
        for (const auto& [k, v] : params)
            merged[k] = v;
        checkParams(a.algorithm, merged, path + ".algorithm", tpath, span, problems);
    }
}

// What a cluster run does not simulate is refused rather than ignored: closed-loop clients,
// limit changes, tier limits; and local_sync, which merges fixed-window counters, runs only
// the algorithms that are such counters.
void checkClusterAlgorithm(const Scenario& s, const AlgorithmSpec& a, const std::string& path,
                           std::vector<ScenarioProblem>& problems)
{
    const ClientBehaviour& clients = a.clients.value_or(s.clients);
    if (clients.retry != RetryPolicy::None)
        problems.push_back({a.clients ? path + ".clients.retry" : std::string("clients.retry"),
                            "a cluster run does not simulate retrying clients: use \"none\""});
    if (!a.changes.empty())
        problems.push_back({path + ".changes", "a cluster run does not simulate limit changes"});
    if (!a.tierParams.empty())
        problems.push_back({path + ".tiers", "a cluster run does not simulate limits per tier"});
    const StoreSpec& store = a.store.value_or(s.cluster->store);
    if (store.mode != StoreMode::LocalSync)
        return;
    const std::string modePath = a.store ? path + ".store.mode" : std::string("cluster.store.mode");
    BuiltLimiter built;
    try {
        built = makeLimiter(a.algorithm, a.params);
    } catch (const ParamError&) {
        return;  // checkParams reports it
    }
    if (dynamic_cast<const FixedWindowEpoch*>(built.limiter.get()))
        return;
    if (a.algorithm == "fixed_window")
        problems.push_back({path + ".params.align", "local_sync (" + modePath + ") counts epoch-aligned windows: align must be \"epoch\""});
    else
        problems.push_back({modePath, "local_sync merges epoch-aligned fixed-window counters, and " + a.algorithm + " ("
                                          + path + ") is not one: use fixed_window or redis_incr_expire, or another mode"});
}


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
    checkPopulation(s, problems);
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
    // The run's duration plus twice the farthest a cluster clock moves from true time.
    double reach = 0;
    if (s.cluster) {
        for (const ClockSpec& clock : s.cluster->clocks) {
            double r = std::abs(static_cast<double>(clock.offset)) + std::abs(clock.driftPpm) * 1e-6 * static_cast<double>(s.duration);
            for (const ClockStep& step : clock.steps)
                r += std::abs(static_cast<double>(step.by));
            reach = std::max(reach, r);
        }
    }
    const auto span = static_cast<Duration>(
        std::min(static_cast<double>(s.duration) + 2 * reach, static_cast<double>(kTimeHorizonUs)));
    std::set<std::string> ids;
    for (std::size_t i = 0; i < s.algorithms.size(); ++i) {
        const AlgorithmSpec& a = s.algorithms[i];
        const std::string path = at("algorithms", i);
        if (!ids.insert(a.id).second)
            problems.push_back({path + ".id", quotedText(a.id) + " is used twice: give each algorithm its own id"});
        if (a.algorithm.empty())
            continue;
        const KeyStrategy keys = a.keys.value_or(s.keys);
        if ((keys == KeyStrategy::Recorded) != recorded && !s.traffic.empty())
            problems.push_back({path + ".keys", recorded ? "a replayed trace or log has its own keys: use \"recorded\""
                                                         : "\"recorded\" keys need a trace or log source"});
        checkParams(a.algorithm, a.params, path + ".algorithm", path + ".params", span, problems);
        checkTiers(s, a, path, span, problems);
        for (std::size_t c = 0; c < a.changes.size(); ++c) {
            const std::string cpath = at(path + ".changes", c);
            ParamValues merged = a.params;
            for (const auto& [k, v] : a.changes[c].params)
                merged[k] = v;
            checkParams(a.algorithm, merged, path + ".algorithm", cpath + ".params", span, problems);
            if (a.changes[c].state != StatePolicy::Reset && !supportsStateTransfer(a.algorithm))
                problems.push_back({cpath + ".state", a.algorithm + " supports only \"reset\" (presets keep no transferable state)"});
            if (c > 0 && a.changes[c].at < a.changes[c - 1].at)
                problems.push_back({cpath + ".at", "changes must be in time order"});
        }
        if (s.cluster)
            checkClusterAlgorithm(s, a, path, problems);
        else if (a.store || a.policy)
            problems.push_back({path + (a.store ? ".store" : ".policy"), "only in a cluster scenario (it has no \"cluster\")"});
    }
    return problems;
}

Scenario loadScenario(std::string_view json, const std::string& source, const std::string& baseDir)
{
    std::vector<ScenarioProblem> problems;
    const Json root = parseStrictJson(json, problems);
    if (root.is_discarded())
        throw ScenarioError(source, std::move(problems));
    Scenario scenario = readScenario(root, baseDir, problems);
    // Every problem in the file at once: the checks across sections too, except where a
    // field already has a problem (its fallback value would only echo it).
    const std::vector<ScenarioProblem> read = problems;
    const auto covered = [&](const std::string& path) {
        return std::any_of(read.begin(), read.end(), [&](const ScenarioProblem& p) {
            return p.path.empty() || path == p.path
                || (path.starts_with(p.path) && (path[p.path.size()] == '.' || path[p.path.size()] == '['));
        });
    };
    for (ScenarioProblem& p : validateScenario(scenario)) {
        if (!covered(p.path))
            problems.push_back(std::move(p));
    }
    if (!problems.empty())
        throw ScenarioError(source, std::move(problems));
    return scenario;
}

Scenario loadScenarioStream(std::istream& in, const std::string& source, const std::string& baseDir)
{
    // A scenario is small; traces and logs are separate files. Reading stops one byte past
    // the cap, so /dev/zero is refused at 4 MiB.
    std::string text(kMaxScenarioBytes + 1, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    if (in.bad())
        throw ScenarioError(source, {{"", "cannot read the file"}});
    text.resize(static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxScenarioBytes)
        throw ScenarioError(source, {{"", "larger than " + std::to_string(kMaxScenarioBytes >> 20)
                                             + " MiB: not a scenario (traces and logs are files of their own)"}});
    return loadScenario(text, source, baseDir);
}

Scenario loadScenarioFile(const std::string& path)
{
    if (const std::string problem = inputFileProblem(path, "scenario file"); !problem.empty())
        throw ScenarioError(path, {{"", problem}});
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw ScenarioError(path, {{"", "cannot open the file"}});
    return loadScenarioStream(in, path, std::filesystem::path(path).parent_path().string());
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
