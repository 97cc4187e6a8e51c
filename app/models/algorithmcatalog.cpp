#include "app/models/algorithmcatalog.h"

namespace ratelab::catalog {

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

} // namespace ratelab::catalog
