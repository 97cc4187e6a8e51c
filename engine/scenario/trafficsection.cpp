#include "engine/scenario/trafficsection.h"

#include "engine/logs/logoptions.h"
#include "engine/scenario/connectionsection.h"
#include "engine/scenario/endpointsection.h"

#include <filesystem>

namespace ratelab {

namespace {

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
        {"client", {K::Constant, K::Poisson, K::OnOff, K::Diurnal, K::FlashCrowd, K::BoundaryAttack, K::Connections}},
        {"file", {K::Trace, K::Log}},
        {"open", {K::Connections}},
        {"lifetime", {K::Connections}},
        {"messages", {K::Connections}},
        {"endpoints", {K::Constant, K::Poisson, K::OnOff, K::Diurnal, K::FlashCrowd, K::BoundaryAttack}},
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
void refuseUnusedSourceFields(FieldReader& r, const Json& t, const std::string& path, SourceKind kind)
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

// Checks across a source's fields, once each of them is sound.
void checkSourceShape(FieldReader& r, const SourceSpec& src, const std::string& path)
{
    if (usesField(src.kind, "peak") && src.peak->perSecondNearest() < src.rate.perSecondNearest())
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
}

}  // namespace

// One traffic source. A field its kind does not use is a problem, not read; checks across
// fields run only when the fields they read are sound (a zero window is one problem, not a
// division by zero).
SourceSpec readSource(FieldReader& r, const Json& t, const std::string& path, const Scenario& s, const std::string& baseDir)
{
    r.onlyKnown(t, path, sourceFields());
    SourceSpec src;
    if (!t.is_object())
        return src;
    if (!t.contains("kind"))
        r.problem(path + ".kind",
                  "missing: one of constant, poisson, onoff, diurnal, flash_crowd, boundary_attack, trace, log, connections");
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
    if (uses("endpoints"))
        src.endpoints = readSourceEndpoints(r, t, path);
    if (uses("file")) {
        src.file = r.text(t, path, "file", "");
        if (src.file.empty())
            r.problem(path + ".file",
                      src.kind == SourceKind::Trace ? "missing: the trace CSV to replay" : "missing: the access log to replay");
        else if (std::filesystem::path(src.file).is_relative())
            src.file = (std::filesystem::path(baseDir) / src.file).string();
    }
    if (uses("open"))
        readConnections(r, t, path, src.connections);
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

    if (r.count() == before)
        checkSourceShape(r, src, path);
    return src;
}

Json sourceJson(const SourceSpec& src)
{
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
    case SourceKind::Connections: writeConnections(src.connections, t); break;
    }
    if (src.client)
        t["client"] = *src.client;
    if (!src.endpoints.empty())
        t["endpoints"] = sourceEndpointsJson(src.endpoints);
    return t;
}

}  // namespace ratelab
