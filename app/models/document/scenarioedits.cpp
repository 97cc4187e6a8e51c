#include "app/models/document/scenarioedits.h"

#include "app/models/text/formatting.h"
#include "engine/scenario/scenariochoices.h"
#include "engine/scenario/scenarioio.h"

#include <nlohmann/json.hpp>

#include <QFileInfo>
#include <QRegularExpression>

namespace ratelab::scenarioedits {

namespace {

using Json = nlohmann::json;

Json toJson(const Scenario& s)
{
    return Json::parse(saveScenario(s));
}

// "traffic[1].rate" -> /traffic/1/rate.
Json::json_pointer pointerOf(const QString& path)
{
    Json::json_pointer ptr;
    if (path.isEmpty())
        return ptr;
    static const QRegularExpression part(QStringLiteral("([^.\\[\\]]+)|\\[(\\d+)\\]"));
    for (auto it = part.globalMatch(path); it.hasNext();) {
        const auto m = it.next();
        ptr /= m.hasCaptured(1) ? m.captured(1).toStdString() : m.captured(2).toStdString();
    }
    return ptr;
}

QString childPath(const QString& parent, const QString& key)
{
    return parent.isEmpty() ? key : parent + QLatin1Char('.') + key;
}

// "cluster.clocks[1].steps" -> "cluster.clocks[].steps": what a path can hold does not depend on its indices.
QString shapeOf(const QString& path)
{
    QString out = path;
    static const QRegularExpression index(QStringLiteral("\\[\\d+\\]"));
    return out.replace(index, QStringLiteral("[]"));
}

Outcome load(const Json& j, const QString& baseDir)
{
    Outcome out;
    try {
        out.scenario = loadScenario(j.dump(), "scenario", baseDir.isEmpty() ? "." : baseDir.toStdString());
    } catch (const ScenarioError& e) {
        for (const ScenarioProblem& p : e.problems())
            out.problems.insert(QString::fromStdString(p.path), QString::fromStdString(p.message));
    }
    return out;
}

QString textOf(const Json& v)
{
    if (v.is_string())
        return QString::fromStdString(v.get<std::string>());
    if (v.is_array()) {
        QStringList items;
        for (const Json& e : v)
            items << textOf(e);
        return items.join(QStringLiteral(", "));
    }
    return QString::fromStdString(v.dump());
}

Json scalarFrom(const QString& text)
{
    bool ok = false;
    if (const qlonglong i = text.toLongLong(&ok); ok)
        return i;
    if (const double d = text.toDouble(&ok); ok)
        return d;
    return text.toStdString();
}

// The JSON a typed text becomes where the file holds `existing`.
Json valueFrom(const Json& existing, const QString& typed)
{
    const QString text = typed.trimmed();
    if (existing.is_array()) {
        Json list = Json::array();
        for (const QString& item : text.split(QLatin1Char(','), Qt::SkipEmptyParts))
            list.push_back(scalarFrom(item.trimmed()));
        return list;
    }
    if (existing.is_boolean() && (text == QLatin1String("true") || text == QLatin1String("false")))
        return text == QLatin1String("true");
    if (existing.is_number()) {
        bool ok = false;
        if (const qlonglong i = text.toLongLong(&ok); ok && existing.is_number_integer())
            return i;
        if (const double d = text.toDouble(&ok); ok)
            return d;
    }
    return text.toStdString();
}

struct Optional {
    const char* shape;  // the object's path shape
    const char* name;
    const char* value;  // JSON
};
// Fields a scenario may leave out, each with the value it gets when the user adds it.
const Optional kOptionals[] = {
    {"", "description", "\"\""},
    {"", "start_us", "0"},
    {"population", "zipf_s", "1.1"},
    {"population", "nat", R"({"clients": 100, "ips": 1})"},
    {"metrics", "burst_window", "\"1s\""},
    {"traffic[]", "client", "0"},
    {"cluster.policy", "breaker", R"({"failures": 5, "open_for": "2s"})"},
    {"algorithms[]", "keys", "\"user\""},
    {"algorithms[]", "placement", "\"before\""},
    {"algorithms[]", "clients", R"({"retry": "retry_after"})"},
    {"algorithms[]", "store", R"({"mode": "redis_atomic"})"},
    {"algorithms[]", "policy", R"({"on_failure": "fail_open"})"},
    {"algorithms[].policy", "breaker", R"({"failures": 5, "open_for": "2s"})"},
};

struct ObjectList {
    const char* shape;  // the list's path shape
    const char* item;   // JSON of a new item when the list is empty
};
const ObjectList kObjectLists[] = {
    {"endpoints", R"({"method": "GET", "path": "/", "weight": 1, "cost": 1})"},
    {"population.tiers", R"({"name": "free", "share": 1})"},
    {"cluster.clocks", R"({"instance": 0, "offset": "0s", "drift_ppm": 0.0})"},
    {"cluster.clocks[].steps", R"({"at": "10s", "by": "100ms"})"},
    {"cluster.outages", R"({"from": "10s", "to": "20s", "kind": "down"})"},
};

bool isOptional(const QString& objectPath, const std::string& name)
{
    const QString shape = shapeOf(objectPath);
    for (const Optional& o : kOptionals)
        if (shape == QLatin1String(o.shape) && name == o.name)
            return true;
    return false;
}

// Fields in the order a reader meets them in resources/docs/scenario.md (what a thing is, then
// how much, then how it fails), not the file's alphabetical order; the rest after, alphabetically.
int rankOf(const std::string& key)
{
    static const char* const order[] = {"name",
                                        "description",
                                        "id",
                                        "kind",
                                        "label",
                                        "mode",
                                        "clock",
                                        "instances",
                                        "balancer",
                                        "instance",
                                        "from",
                                        "to",
                                        "offset",
                                        "drift_ppm",
                                        "seed",
                                        "duration",
                                        "start_us",
                                        "keys",
                                        "placement",
                                        "rate",
                                        "peak",
                                        "on",
                                        "off",
                                        "period",
                                        "at",
                                        "ramp",
                                        "hold",
                                        "decay",
                                        "window",
                                        "count",
                                        "spread",
                                        "client",
                                        "file",
                                        "clients",
                                        "popularity",
                                        "zipf_s",
                                        "nat",
                                        "ips",
                                        "latency",
                                        "rtt",
                                        "sigma",
                                        "min",
                                        "max",
                                        "timeout",
                                        "sync_interval",
                                        "cas_retries",
                                        "on_failure",
                                        "breaker",
                                        "failures",
                                        "open_for",
                                        "retry",
                                        "max_retries",
                                        "delay",
                                        "backoff_base",
                                        "backoff_cap",
                                        "metrics",
                                        "bucket",
                                        "burst_window",
                                        "shadow_examples",
                                        "by",
                                        "extra_latency",
                                        "flap"};
    for (std::size_t i = 0; i < std::size(order); ++i)
        if (key == order[i])
            return int(i);
    return int(std::size(order));
}

void collectFields(const Json& object, const QString& path, const QString& label, const QStringList& skip,
                   std::vector<Field>& out)
{
    std::vector<std::string> keys;
    for (const auto& item : object.items())
        keys.push_back(item.key());
    std::stable_sort(keys.begin(), keys.end(), [](const std::string& a, const std::string& b) { return rankOf(a) < rankOf(b); });
    for (const std::string& key : keys) {
        const Json& value = object.at(key);
        const QString name = QString::fromStdString(key);
        if (label.isEmpty() && skip.contains(name))
            continue;
        const QString fieldPath = childPath(path, name);
        const QString fieldLabel = label.isEmpty() ? name : label + QLatin1Char('.') + name;
        if (value.is_object()) {
            collectFields(value, fieldPath, fieldLabel, {}, out);
            continue;
        }
        if (value.is_array() && !value.empty() && value.front().is_object())
            continue;
        Field f;
        f.path = fieldPath;
        f.label = fieldLabel;
        f.value = textOf(value);
        for (const std::string& c : scenarioFieldChoices(fieldPath.toStdString()))
            f.choices << QString::fromStdString(c);
        f.removable = label.isEmpty() && isOptional(path, key);
        out.push_back(std::move(f));
    }
}

const Json& at(const Json& root, const QString& path)
{
    static const Json none;
    const auto ptr = pointerOf(path);
    return root.contains(ptr) ? root.at(ptr) : none;
}

const char* kindTemplate(const QString& kind)
{
    static const std::pair<const char*, const char*> templates[] = {
        {"constant", R"({"rate": "10/s"})"},
        {"poisson", R"({"rate": "10/s"})"},
        {"onoff", R"({"rate": "100/s", "on": "2s", "off": "8s"})"},
        {"diurnal", R"({"rate": "10/s", "peak": "20/s", "period": "60s"})"},
        {"flash_crowd", R"({"rate": "10/s", "peak": "200/s", "at": "10s"})"},
        {"boundary_attack", R"({"window": "1s", "count": 10})"},
        {"trace", R"({"file": ""})"},
        {"log", R"({"file": ""})"},
        {"connections", R"({"open": {"count": 10}, "lifetime": "60s", "messages": {"rate": "1/s"}})"},
    };
    for (const auto& [name, json] : templates)
        if (kind == QLatin1String(name))
            return json;
    return nullptr;
}

}  // namespace

bool kindReadsFile(const QString& kind)
{
    return kind == QLatin1String("trace") || kind == QLatin1String("log");
}

namespace {

// Keys follow the traffic: a replayed trace or log brings its own keys ("recorded"), which
// only a replay has, so adding the first one or removing the last one switches them.
void fitKeysToTraffic(Json& j)
{
    bool replays = false;
    for (const Json& source : j.value("traffic", Json::array()))
        replays = replays || kindReadsFile(QString::fromStdString(source.value("kind", "")));
    const bool recorded = j.value("keys", "") == "recorded";
    if (replays == recorded)
        return;
    j["keys"] = replays ? "recorded" : "user";
    for (Json& a : j["algorithms"])
        a.erase("keys");
}

}  // namespace

ObjectView viewOf(const Scenario& scenario, const QString& objectPath, const QStringList& skip)
{
    ObjectView view;
    const Json root = toJson(scenario);  // once: a form asks for its view at every edit
    const Json& object = at(root, objectPath);
    if (!object.is_object())
        return view;
    collectFields(object, objectPath, QString(), skip, view.fields);
    const QString shape = shapeOf(objectPath);
    for (const ObjectList& l : kObjectLists) {
        const QString listShape = QString::fromLatin1(l.shape);
        const int dot = listShape.lastIndexOf(QLatin1Char('.'));
        const QString name = listShape.mid(dot + 1);
        if ((dot < 0 ? QString() : listShape.left(dot)) != shape || skip.contains(name))
            continue;
        const Json& list = object.value(name.toStdString(), Json::array());
        view.lists.append({name, list.is_array() ? int(list.size()) : 0});
    }
    for (const Optional& o : kOptionals)
        if (shape == QLatin1String(o.shape) && !object.contains(o.name))
            view.addable << QString::fromLatin1(o.name);
    return view;
}

QString ObjectView::shapeKey() const
{
    QStringList key;
    for (const Field& f : fields)
        key << f.path + QLatin1Char('/') + f.choices.join(QLatin1Char('|'));
    for (const auto& [name, count] : lists)
        key << name + QString::number(count);
    key << addable;
    return key.join(QLatin1Char(';'));
}

Outcome withValues(const Scenario& scenario, const QMap<QString, QString>& values, const QString& baseDir)
{
    Json j = toJson(scenario);
    for (auto it = values.cbegin(); it != values.cend(); ++it) {
        const auto ptr = pointerOf(it.key());
        j[ptr] = valueFrom(j.contains(ptr) ? j.at(ptr) : Json(), it.value());
    }
    return load(j, baseDir);
}

Outcome withOptional(const Scenario& scenario, const QString& path, bool present, const QString& baseDir)
{
    Json j = toJson(scenario);
    const int dot = path.lastIndexOf(QLatin1Char('.'));
    const QString parent = dot < 0 ? QString() : path.left(dot);
    const std::string name = path.mid(dot + 1).toStdString();
    Json& object = j.at(pointerOf(parent));
    if (!present) {
        object.erase(name);
        return load(j, baseDir);
    }
    for (const Optional& o : kOptionals)
        if (shapeOf(parent) == QLatin1String(o.shape) && name == o.name)
            object[name] = Json::parse(o.value);
    return load(j, baseDir);
}

Outcome appendItem(const Scenario& scenario, const QString& listPath, const QString& baseDir)
{
    Json j = toJson(scenario);
    Json& list = j[pointerOf(listPath)];
    if (!list.is_array())
        list = Json::array();
    Json item;
    if (!list.empty()) {
        item = list.back();
        if (item.contains("instance") && item["instance"].is_number_integer())
            item["instance"] = item["instance"].get<std::int64_t>() + 1;
    } else {
        for (const ObjectList& l : kObjectLists)
            if (shapeOf(listPath) == QLatin1String(l.shape))
                item = Json::parse(l.item);
    }
    list.push_back(item);
    return load(j, baseDir);
}

Outcome removeItem(const Scenario& scenario, const QString& listPath, int index, const QString& baseDir)
{
    Json j = toJson(scenario);
    Json& list = j.at(pointerOf(listPath));
    list.erase(list.begin() + index);
    if (list.empty())
        j.at(pointerOf(listPath).parent_pointer()).erase(pointerOf(listPath).back());
    if (listPath == QLatin1String("traffic"))
        fitKeysToTraffic(j);
    return load(j, baseDir);
}

QStringList sourceKinds()
{
    QStringList out;
    for (const std::string& kind : scenarioFieldChoices("traffic[0].kind"))
        out << QString::fromStdString(kind);
    return out;
}

QString sourceSummary(const SourceSpec& s)
{
    const auto q = [](const std::string& text) { return QString::fromStdString(text); };
    QString text = QStringLiteral("%1: %2").arg(q(s.label), sourceKinds().value(int(s.kind)));
    if (s.kind == SourceKind::Trace || s.kind == SourceKind::Log)
        return text + QLatin1Char(' ') + QFileInfo(q(s.file)).fileName();
    if (s.kind == SourceKind::BoundaryAttack)
        return text + QStringLiteral(" %1 each side of %2 windows").arg(s.count).arg(fmt::duration(s.window));
    if (s.kind == SourceKind::Connections)
        return text + QStringLiteral(" %1 a connection").arg(q(s.connections.messageRate.text));
    if (!s.rate.text.empty())
        text += QLatin1Char(' ') + q(s.rate.text);
    if (s.peak)
        text += QStringLiteral(" (peak %1)").arg(q(s.peak->text));
    return text;
}

Outcome addSource(const Scenario& scenario, const QString& kind, const QString& baseDir, const QString& file)
{
    Json j = toJson(scenario);
    const char* fields = kindTemplate(kind);
    Json source = fields ? Json::parse(fields) : Json::object();
    source["kind"] = kind.toStdString();
    source["label"] = kind.toStdString();
    if (kindReadsFile(kind))
        source["file"] = file.toStdString();
    j["traffic"].push_back(source);
    fitKeysToTraffic(j);
    return load(j, baseDir);
}

Outcome setSourceKind(const Scenario& scenario, int index, const QString& kind, const QString& baseDir, const QString& file)
{
    Json j = toJson(scenario);
    Json& old = j["traffic"].at(std::size_t(index));
    const char* fields = kindTemplate(kind);
    Json source = fields ? Json::parse(fields) : Json::object();
    source["kind"] = kind.toStdString();
    source["label"] = old.value("label", kind.toStdString());
    if (source.contains("rate") && old.contains("rate"))
        source["rate"] = old["rate"];
    if (kindReadsFile(kind))
        source["file"] = file.toStdString();
    old = source;
    fitKeysToTraffic(j);
    return load(j, baseDir);
}

Outcome withCluster(const Scenario& scenario, bool present, const QString& baseDir)
{
    Json j = toJson(scenario);
    if (present)
        j["cluster"] = {{"instances", 2}, {"balancer", "round_robin"}, {"store", {{"mode", "redis_atomic"}}}};
    else
        j.erase("cluster");
    return load(j, baseDir);
}

Scenario duplicateAlgorithm(const Scenario& scenario, int index)
{
    Scenario out = scenario;
    AlgorithmSpec copy = scenario.algorithms.at(std::size_t(index));
    const auto taken = [&out](const std::string& id) {
        return std::any_of(out.algorithms.begin(), out.algorithms.end(), [&id](const AlgorithmSpec& a) { return a.id == id; });
    };
    const std::string base = copy.id;
    for (int n = 2; taken(copy.id); ++n)
        copy.id = base + " (" + std::to_string(n) + ")";
    out.algorithms.insert(out.algorithms.begin() + index + 1, std::move(copy));
    return out;
}

Scenario blank()
{
    return loadScenario(R"({
  "schema": "ratelab.scenario/1",
  "name": "New scenario",
  "seed": 1,
  "duration": "60s",
  "population": {"clients": 10},
  "traffic": [{"kind": "poisson", "label": "clients", "rate": "20/s"}],
  "keys": "user",
  "algorithms": [{"id": "token_bucket", "algorithm": "token_bucket", "params": {"capacity": 10, "refill": "1/s"}}]
})",
                        "blank scenario");
}

}  // namespace ratelab::scenarioedits
