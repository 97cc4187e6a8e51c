#include "app/models/document/scenariofiles.h"

#include "app/models/text/fromstd.h"
#include "engine/report/reportio.h"
#include "engine/scenario/scenarioio.h"

#include <QRegularExpression>

namespace ratelab::scenariofiles {

namespace {

template <typename LoadFn>
Loaded load(LoadFn&& loadFn)
{
    Loaded out;
    try {
        out.scenario = loadFn();
    } catch (const ScenarioError& e) {
        out.invalid = true;
        out.source = q(e.source());
        for (const ScenarioProblem& p : e.problems())
            out.problems << QStringLiteral("%1: %2").arg(q(p.path), q(p.message));
        if (out.problems.isEmpty())
            out.problems << QString::fromUtf8(e.what());
    } catch (const std::exception& e) {
        out.problems << QString::fromUtf8(e.what());
    }
    return out;
}

}  // namespace

QStringList exampleNames()
{
    QStringList names;
    for (const auto& [name, json] : embeddedScenarios())
        names << q(name);
    return names;
}

QStringList clusterExampleNames()
{
    return exampleNames().filter(QRegularExpression(QStringLiteral("^cluster-")));
}

Loaded loadExample(const QString& name)
{
    for (const auto& example : embeddedScenarios())
        if (q(example.first) == name)
            return load([&] { return loadScenario(example.second, example.first); });
    Loaded none;
    none.problems << QStringLiteral("no shipped scenario is named \"%1\"").arg(name);
    return none;
}

Loaded loadFile(const QString& path)
{
    return load([&] { return loadScenarioFile(path.toStdString()); });
}

Loaded loadDefault()
{
    return load([] { return defaultScenario(); });
}

QByteArray scenarioJson(const Scenario& scenario)
{
    return QByteArray::fromStdString(saveScenario(scenario));
}

QByteArray reportJson(const Report& report)
{
    return QByteArray::fromStdString(ratelab::reportJson(report));
}

}  // namespace ratelab::scenariofiles
