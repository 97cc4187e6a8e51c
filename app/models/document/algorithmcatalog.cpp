#include "app/models/document/algorithmcatalog.h"

#include <map>

namespace ratelab::catalog {

namespace {

// A sensible value for a required parameter (one without a default) of a newly added algorithm.
std::string sampleValue(const ParamSpec& p)
{
    static const std::map<std::string, std::string> samples = {
        {"capacity", "10"}, {"refill", "5/s"},    {"rate", "10/s"},         {"burst", "5"},          {"limit", "10"},
        {"window", "1s"},   {"max_tokens", "10"}, {"tokens_per_fill", "5"}, {"fill_interval", "1s"}, {"max_burst", "5"},
    };
    const auto it = samples.find(p.name);
    if (it != samples.end())
        return it->second;
    switch (p.kind) {
    case ParamKind::Duration: return "1s";
    case ParamKind::Rate: return "10/s";
    default: return "1";
    }
}

}  // namespace

const std::vector<AlgorithmInfo>& entries()
{
    return algorithmCatalog();
}

const AlgorithmInfo* find(const std::string& name)
{
    return findAlgorithm(name);
}

const AlgorithmInfo* findById(const Scenario& scenario, const std::string& id)
{
    for (const AlgorithmSpec& a : scenario.algorithms)
        if (a.id == id)
            return findAlgorithm(a.algorithm);
    return nullptr;
}

std::string familyById(const Scenario& scenario, const std::string& id)
{
    const AlgorithmInfo* info = findById(scenario, id);
    return info ? info->family : std::string();
}

AlgorithmSpec newSpec(const Scenario& scenario, const AlgorithmInfo& info)
{
    AlgorithmSpec spec;
    spec.algorithm = info.name;
    std::string id = info.name;
    for (int n = 2;; ++n) {
        bool taken = false;
        for (const AlgorithmSpec& a : scenario.algorithms)
            taken = taken || a.id == id;
        if (!taken)
            break;
        id = info.name + " " + std::to_string(n);
    }
    spec.id = id;
    for (const ParamSpec& p : info.params)
        if (p.defaultValue.empty())
            spec.params[p.name] = sampleValue(p);
    return spec;
}

std::optional<ParamProblem> checkParams(const std::string& algorithm, const ParamValues& params)
{
    try {
        makeLimiter(algorithm, params);
    } catch (const ParamError& e) {
        QString field = QString::fromStdString(e.field());
        if (field.startsWith(QStringLiteral("param ")))
            field = field.mid(6);
        return ParamProblem{field, QString::fromUtf8(e.what())};
    }
    return std::nullopt;
}

}  // namespace ratelab::catalog
