#include "engine/scenario/backendsection.h"

#include "engine/scenario/clustersection.h"

namespace ratelab {
namespace {

// A stage's service time is a duration distribution whose constant value (or lognormal
// median) is its "time".
constexpr const char* kServiceCenter = "time";
constexpr std::int64_t kMaxWorkers = 100'000;
constexpr std::size_t kMaxStages = 64;

// Only the fields the kind uses, so that the saved file reads back (an unused duration of 0
// would be refused).
Json serviceJson(const LatencySpec& d)
{
    Json j = {{"kind", nameOf(kLatencyKinds, int(d.kind))}};
    if (d.kind == LatencyKind::Uniform) {
        j["min"] = formatDuration(d.min);
        j["max"] = formatDuration(d.max);
    } else {
        j[kServiceCenter] = formatDuration(d.rtt);
    }
    if (d.kind == LatencyKind::LogNormal)
        j["sigma"] = d.sigma;
    return j;
}

}  // namespace

BackendSpec readBackend(FieldReader& r, const Json& o)
{
    BackendSpec b;
    r.onlyKnown(o, "backend", {"workers", "stages"});
    if (!o.is_object())
        return b;
    b.workers = r.integer(o, "backend", "workers", b.workers, 1, kMaxWorkers);
    if (!o.contains("stages") || !o["stages"].is_array() || o["stages"].empty()) {
        r.problem("backend.stages", "needs at least one stage, e.g. {\"name\": \"database\", \"service\": {\"time\": \"5ms\"}}");
        return b;
    }
    const Json& stages = o["stages"];
    if (stages.size() > kMaxStages) {
        r.problem("backend.stages", "at most " + std::to_string(kMaxStages) + " stages");
        return b;
    }
    for (std::size_t i = 0; i < stages.size(); ++i) {
        const std::string path = pathAt("backend.stages", i);
        r.onlyKnown(stages[i], path, {"name", "service"});
        if (!stages[i].is_object())
            continue;
        BackendStage stage;
        stage.name = r.text(stages[i], path, "name", "stage " + std::to_string(i + 1));
        if (!stages[i].contains("service"))
            r.problem(path + ".service", "missing: the stage's service time, e.g. {\"kind\": \"constant\", \"time\": \"5ms\"}");
        else
            stage.service = readDistribution(r, stages[i]["service"], path + ".service", kServiceCenter, stage.service);
        b.stages.push_back(std::move(stage));
    }
    return b;
}

Json backendJson(const BackendSpec& b)
{
    Json stages = Json::array();
    for (const BackendStage& s : b.stages)
        stages.push_back({{"name", s.name}, {"service", serviceJson(s.service)}});
    return {{"workers", b.workers}, {"stages", stages}};
}

}  // namespace ratelab
