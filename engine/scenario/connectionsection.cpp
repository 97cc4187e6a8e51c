#include "engine/scenario/connectionsection.h"

namespace ratelab {
namespace {

inline constexpr Named kArrivalKinds[] = {{"requests", int(ArrivalKind::Request)},
                                          {"handshakes", int(ArrivalKind::Handshake)},
                                          {"messages", int(ArrivalKind::Message)}};

// "open": {"rate": "0.5/s"} (Poisson) or {"count": 12, "at": "0s", "every": "1s"}.
void readOpen(FieldReader& r, const Json& o, const std::string& path, ConnectionSpec& spec)
{
    r.onlyKnown(o, path, {"rate", "count", "at", "every"});
    if (!o.is_object())
        return;
    const bool byRate = o.contains("rate");
    if (byRate == o.contains("count")) {
        r.problem(path, "needs either \"rate\" (connections open at random) or \"count\" (a fixed number), not both");
        return;
    }
    if (byRate) {
        spec.openRate = r.rate(o, path, "rate", true);
        for (const char* field : {"at", "every"}) {
            if (o.contains(field))
                r.problem(path + "." + field, "only with \"count\"");
        }
        return;
    }
    spec.count = r.integer(o, path, "count", 1, 1, 1'000'000);
    spec.at = r.duration(o, path, "at", 0, 0);
    spec.every = r.duration(o, path, "every", 0, 0);
}

// "lifetime": "60s" (fixed) or {"distribution": "exponential", "mean": "20s"} or
// {"distribution": "uniform", "min": "10s", "max": "60s"}.
void readLifetime(FieldReader& r, const Json& t, const std::string& path, ConnectionSpec& spec)
{
    if (!t.contains("lifetime")) {
        r.problem(path + ".lifetime", "missing: how long each connection stays open, like \"60s\"");
        return;
    }
    const Json& l = t["lifetime"];
    if (l.is_string()) {
        spec.lifetime = LifetimeKind::Fixed;
        spec.lifetimeUs = r.duration(t, path, "lifetime", spec.lifetimeUs);
        return;
    }
    const std::string lpath = path + ".lifetime";
    if (!l.is_object()) {
        r.problem(lpath, "must be a duration like \"60s\" or an object with a \"distribution\"");
        return;
    }
    spec.lifetime = static_cast<LifetimeKind>(r.choice(l, lpath, "distribution", kLifetimeKinds, int(LifetimeKind::Fixed)));
    if (!l.contains("distribution"))
        r.problem(lpath + ".distribution", "missing: one of fixed, exponential, uniform");
    if (spec.lifetime == LifetimeKind::Uniform) {
        r.onlyKnown(l, lpath, {"distribution", "min", "max"});
        spec.lifetimeUs = r.duration(l, lpath, "min", 1);
        spec.lifetimeMaxUs = r.duration(l, lpath, "max", spec.lifetimeUs);
        for (const char* field : {"min", "max"}) {
            if (!l.contains(field))
                r.problem(lpath + "." + field, "missing: a duration like \"30s\"");
        }
        if (spec.lifetimeMaxUs < spec.lifetimeUs)
            r.problem(lpath + ".max", "must be at least the min");
        return;
    }
    r.onlyKnown(l, lpath, {"distribution", "mean"});
    if (!l.contains("mean"))
        r.problem(lpath + ".mean", "missing: a duration like \"30s\"");
    spec.lifetimeUs = r.duration(l, lpath, "mean", spec.lifetimeUs);
}

// "messages": {"pattern": "steady", "rate": "1/s"}; bursty also "on" and "off".
void readMessages(FieldReader& r, const Json& t, const std::string& path, ConnectionSpec& spec)
{
    const std::string mpath = path + ".messages";
    if (!t.contains("messages")) {
        r.problem(mpath, "missing: what each connection sends, like {\"pattern\": \"steady\", \"rate\": \"1/s\"}");
        return;
    }
    const Json& m = t["messages"];
    r.onlyKnown(m, mpath, {"pattern", "rate", "on", "off"});
    if (!m.is_object())
        return;
    spec.pattern = static_cast<MessagePattern>(r.choice(m, mpath, "pattern", kMessagePatterns, int(MessagePattern::Steady)));
    if (auto rate = r.rate(m, mpath, "rate", true))
        spec.messageRate = *rate;
    if (spec.pattern == MessagePattern::Bursty) {
        if (!m.contains("on"))
            r.problem(mpath + ".on", "missing: how long each burst of messages lasts");
        spec.on = r.duration(m, mpath, "on", 1);
        spec.off = r.duration(m, mpath, "off", 0, 0);
        return;
    }
    for (const char* field : {"on", "off"}) {
        if (m.contains(field))
            r.problem(mpath + "." + field, "only with the pattern \"bursty\"");
    }
}

}  // namespace

void readConnections(FieldReader& r, const Json& t, const std::string& path, ConnectionSpec& spec)
{
    if (!t.contains("open"))
        r.problem(path + ".open", "missing: {\"rate\": \"1/s\"} or {\"count\": 1, \"at\": \"0s\"}");
    else
        readOpen(r, t["open"], path + ".open", spec);
    readLifetime(r, t, path, spec);
    readMessages(r, t, path, spec);
}

void writeConnections(const ConnectionSpec& spec, Json& t)
{
    Json open;
    if (spec.openRate) {
        open["rate"] = spec.openRate->text;
    } else {
        open["count"] = spec.count;
        open["at"] = formatDuration(spec.at);
        open["every"] = formatDuration(spec.every);
    }
    t["open"] = open;
    switch (spec.lifetime) {
    case LifetimeKind::Fixed: t["lifetime"] = formatDuration(spec.lifetimeUs); break;
    case LifetimeKind::Exponential:
        t["lifetime"] = {{"distribution", "exponential"}, {"mean", formatDuration(spec.lifetimeUs)}};
        break;
    case LifetimeKind::Uniform:
        t["lifetime"] = {
            {"distribution", "uniform"}, {"min", formatDuration(spec.lifetimeUs)}, {"max", formatDuration(spec.lifetimeMaxUs)}};
        break;
    }
    Json messages = {{"pattern", nameOf(kMessagePatterns, int(spec.pattern))}, {"rate", spec.messageRate.text}};
    if (spec.pattern == MessagePattern::Bursty) {
        messages["on"] = formatDuration(spec.on);
        messages["off"] = formatDuration(spec.off);
    }
    t["messages"] = messages;
}

ArrivalKinds readAppliesTo(FieldReader& r, const Json& a, const std::string& path)
{
    if (!a.contains("applies_to"))
        return kEveryArrivalKind;
    const std::string apath = path + ".applies_to";
    const Json& list = a["applies_to"];
    if (!list.is_array() || list.empty()) {
        r.problem(apath, "must be a non-empty array of \"requests\", \"handshakes\", \"messages\"");
        return kEveryArrivalKind;
    }
    ArrivalKinds kinds = 0;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string ipath = apath + "[" + std::to_string(i) + "]";
        const Named* found = nullptr;
        for (const Named& n : kArrivalKinds) {
            if (list[i].is_string() && list[i].get<std::string>() == n.name)
                found = &n;
        }
        if (!found) {
            r.problem(ipath, "must be one of requests, handshakes, messages");
            continue;
        }
        const auto kind = static_cast<ArrivalKind>(found->value);
        if (kinds & kindBit(kind))
            r.problem(ipath, "is listed twice");
        kinds |= kindBit(kind);
    }
    return kinds ? kinds : kEveryArrivalKind;
}

Json appliesToJson(ArrivalKinds kinds)
{
    if (kinds == kEveryArrivalKind)
        return nullptr;
    Json list = Json::array();
    for (const Named& n : kArrivalKinds) {
        if (kinds & kindBit(static_cast<ArrivalKind>(n.value)))
            list.push_back(n.name);
    }
    return list;
}

}  // namespace ratelab
